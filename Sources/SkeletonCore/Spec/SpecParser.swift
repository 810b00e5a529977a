// The spec parser: text -> resolved `Spec` plus every diagnostic.
// Stages: SpecLexer (lines, tokens) -> SpecParseRun (indentation tree, per-line
// attributes, SpecLineParser) -> bounds (SpecBounds) -> the final tree.

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
    /// Most errors (and most warnings) returned for one spec, then one "too many"
    /// summary each (`DiagnosticCap`).
    public static let maxDiagnostics = Limits.maxDiagnostics

    /// Parses one spec. `firstLine` is the file line number of the spec text's first
    /// line (for a fenced block: the line after the opening fence), so diagnostics
    /// carry the file's own positions. `columnOffset` is added to every column
    /// (indented fences).
    ///
    /// Never crashes or hangs on any input: time is linear in the input (bounded by
    /// `Limits.maxSpecBytes`), and `spec` is nil exactly when a diagnostic is an error.
    public static func parse(_ source: [UInt8], firstLine: Int = 1, columnOffset: Int = 0) -> ParseResult {
        var run = SpecParseRun(firstLine: firstLine, columnOffset: columnOffset)
        return parse(source, &run)
    }

    /// Parses one spec over the defaults it inherits from its document and project
    /// (InheritedSettings). A separate entry point, so a program that never inherits
    /// (the playground's wasm module) does not carry the replaying code.
    public static func parse(_ source: [UInt8], firstLine: Int = 1, columnOffset: Int = 0,
                             inheriting inherited: InheritedSettings) -> ParseResult {
        var run = SpecParseRun(firstLine: firstLine, columnOffset: columnOffset)
        if !inherited.isEmpty { run.inherit(inherited) }
        return parse(source, &run)
    }

    static func parse(_ source: [UInt8], _ run: inout SpecParseRun) -> ParseResult {
        let (firstLine, columnOffset) = (run.firstLine, run.columnOffset)
        if source.count > Limits.maxSpecBytes {
            return ParseResult(spec: nil, diagnostics: [Diagnostic(.error,
                "spec is too large: \(source.count) bytes; the limit is \(Limits.maxSpecBytes) bytes (1 MiB)",
                at: SourcePosition(line: firstLine, column: 1 + columnOffset))])
        }
        // A UTF-8 byte order mark (as some Windows editors save) is not part of the
        // text; columns on the first line count from after it.
        let source = source.starts(with: SpecLexer.byteOrderMark) ? Array(source.dropFirst(3)) : source
        let lines = SpecLexer.lines(source, firstLine: firstLine, columnOffset: columnOffset,
                                    diagnostics: &run.diagnostics)
        for line in lines { run.process(line) }
        return run.finish()
    }

    public static func parse(_ source: String, firstLine: Int = 1, columnOffset: Int = 0) -> ParseResult {
        parse(Array(source.utf8), firstLine: firstLine, columnOffset: columnOffset)
    }

    public static func parse(_ source: String, firstLine: Int = 1, columnOffset: Int = 0,
                             inheriting inherited: InheritedSettings) -> ParseResult {
        parse(Array(source.utf8), firstLine: firstLine, columnOffset: columnOffset, inheriting: inherited)
    }
}
