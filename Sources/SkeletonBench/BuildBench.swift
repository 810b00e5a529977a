// STUB: replaced by the build work.
func runBuildBench() {
    print("build: benchmark not written yet")
}
