// Benchmarks: each section prints ratios against named peers measured in the same run.
print("no benchmarks yet")
