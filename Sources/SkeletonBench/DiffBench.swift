// STUB: replaced by the diff work.
func runDiffBench() {
    print("diff: benchmark not written yet")
}
