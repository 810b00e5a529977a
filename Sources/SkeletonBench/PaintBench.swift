// STUB: replaced by the paint work.
func runPaintBench() {
    print("paint: benchmark not written yet")
}
