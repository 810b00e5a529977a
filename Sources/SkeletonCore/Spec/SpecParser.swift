// STUB: replaced by the parser work. Signature is the contract.

public struct ParseResult: Equatable, Sendable {
    /// The spec, when it parsed without errors.
    public var spec: Spec?
    /// Every problem found, in source order (not only the first).
    public var diagnostics: [Diagnostic]
    public init(spec: Spec?, diagnostics: [Diagnostic]) {
        self.spec = spec
        self.diagnostics = diagnostics
    }
}

public enum SpecParser {
    /// Parses one spec. `firstLine` is the file line number of the spec text's first
    /// line (for a fenced block: the line after the opening fence), so diagnostics
    /// carry the file's own positions. `columnOffset` is added to every column
    /// (indented fences).
    public static func parse(_ source: [UInt8], firstLine: Int = 1, columnOffset: Int = 0) -> ParseResult {
        ParseResult(spec: nil, diagnostics: [Diagnostic(.error, "parser not implemented", at: SourcePosition(line: firstLine, column: 1))])
    }

    public static func parse(_ source: String, firstLine: Int = 1, columnOffset: Int = 0) -> ParseResult {
        parse(Array(source.utf8), firstLine: firstLine, columnOffset: columnOffset)
    }
}
