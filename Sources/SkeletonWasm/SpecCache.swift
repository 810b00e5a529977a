import SkeletonCore

/// The last spec text parsed and laid out. The playground renders the same text
/// at every animation frame; re-parsing it sixty times a second would be waste.
/// The wasm module is single-threaded, so one unsynchronised slot is enough.
struct CompiledSpec {
    var source: [UInt8]
    var result: ParseResult
    var layout: SpecLayout?
}

nonisolated(unsafe) private var lastCompiled: CompiledSpec? = nil

enum SpecCache {
    /// Parses and lays out `source`, or returns the previous result when the bytes
    /// are the same as last time.
    static func compile(_ source: [UInt8]) -> CompiledSpec {
        if let last = lastCompiled, last.source == source {
            return last
        }
        let result = SpecParser.parseWithinBounds(source)
        let layout = result.spec.map { LayoutEngine.layout($0) }
        let compiled = CompiledSpec(source: source, result: result, layout: layout)
        lastCompiled = compiled
        return compiled
    }
}
