extension SpecParser {
    /// Parses, lays out and checks the laid-out size against `Limits.maxDimension`: the
    /// parser bounds every width/height attribute, but only layout knows how tall the
    /// content grows (`repeat 500` of tall rects). Every caller that renders uses this,
    /// so an oversized component is an error everywhere (CLI, site, playground), never a
    /// silently cropped picture.
    public static func parseWithinBounds(_ source: [UInt8], firstLine: Int = 1, columnOffset: Int = 0) -> ParseResult {
        withinBounds(parse(source, firstLine: firstLine, columnOffset: columnOffset))
    }

    /// The same over the defaults the spec inherits (`parse(_:inheriting:)`).
    public static func parseWithinBounds(_ source: [UInt8], firstLine: Int = 1, columnOffset: Int = 0,
                                         inheriting inherited: InheritedSettings) -> ParseResult {
        withinBounds(parse(source, firstLine: firstLine, columnOffset: columnOffset, inheriting: inherited))
    }

    static func withinBounds(_ parsed: ParseResult) -> ParseResult {
        var result = parsed
        // `repeat fill` and `lines=fill` get their counts from the layout (FillResolver).
        if let spec = result.spec, FillResolver.needsResolving(spec.children) {
            let resolved = FillResolver.resolve(spec)
            // `if let`, not `== nil`: comparing a Spec? costs the wasm module Spec's whole ==.
            guard let counted = resolved.spec else {
                result.spec = nil
                result.diagnostics += resolved.problems
                return result
            }
            result.spec = counted
        }
        if let spec = result.spec, let problem = LayoutEngine.checkBounds(LayoutEngine.layout(spec), spec: spec) {
            result.diagnostics.append(problem)
            result.spec = nil
        }
        return result
    }

    public static func parseWithinBounds(_ source: String, firstLine: Int = 1, columnOffset: Int = 0) -> ParseResult {
        parseWithinBounds(Array(source.utf8), firstLine: firstLine, columnOffset: columnOffset)
    }

    public static func parseWithinBounds(_ source: String, firstLine: Int = 1, columnOffset: Int = 0,
                                         inheriting inherited: InheritedSettings) -> ParseResult {
        parseWithinBounds(Array(source.utf8), firstLine: firstLine, columnOffset: columnOffset, inheriting: inherited)
    }
}
