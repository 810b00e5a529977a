extension SpecParser {
    /// Parses, lays out and checks the laid-out size against `Limits.maxDimension`: the
    /// parser bounds every width/height attribute, but only layout knows how tall the
    /// content grows (`repeat 500` of tall rects). Every caller that renders uses this,
    /// so an oversized component is an error everywhere (CLI, site, playground), never a
    /// silently cropped picture.
    public static func parseWithinBounds(_ source: [UInt8], firstLine: Int = 1, columnOffset: Int = 0,
                                         inheriting inherited: InheritedSettings = InheritedSettings()) -> ParseResult {
        var result = parse(source, firstLine: firstLine, columnOffset: columnOffset, inheriting: inherited)
        // `repeat fill` and `lines=fill` get their counts from the layout (FillResolver).
        if let spec = result.spec, FillResolver.needsResolving(spec.children) {
            let resolved = FillResolver.resolve(spec)
            result.spec = resolved.spec
            if resolved.spec == nil {
                result.diagnostics += resolved.problems
                return result
            }
        }
        if let spec = result.spec, let problem = LayoutEngine.checkBounds(LayoutEngine.layout(spec), spec: spec) {
            result.diagnostics.append(problem)
            result.spec = nil
        }
        return result
    }

    public static func parseWithinBounds(_ source: String, firstLine: Int = 1, columnOffset: Int = 0,
                                         inheriting inherited: InheritedSettings = InheritedSettings()) -> ParseResult {
        parseWithinBounds(Array(source.utf8), firstLine: firstLine, columnOffset: columnOffset, inheriting: inherited)
    }
}
