// STUB: replaced by the png work.
func runPNGBench() {
    print("png: benchmark not written yet")
}
