import SkeletonCore

/// A problem tied to a file of the source folder, printed like a compiler:
/// `path:line:column: error: message`, the offending line, and a caret.
public struct BuildDiagnostic: Equatable, Sendable, CustomStringConvertible {
    /// Path as given to the build (source folder joined with the doc's relative path).
    public var path: String
    public var severity: Severity
    public var message: String
    public var line: Int
    public var column: Int
    /// The file's line at `line`, for the caret display; nil when there is none.
    public var sourceLine: String?

    public init(path: String, severity: Severity = .error, message: String, line: Int, column: Int, sourceLine: String?) {
        self.path = path
        self.severity = severity
        self.message = message
        self.line = line
        self.column = column
        self.sourceLine = sourceLine
    }

    /// A core diagnostic (already in the file's own lines), with its line from `lines`.
    init(path: String, _ diagnostic: Diagnostic, lines: [Substring]) {
        let line = diagnostic.position.line
        self.init(path: path, severity: diagnostic.severity, message: diagnostic.message, line: line,
                  column: diagnostic.position.column,
                  sourceLine: line >= 1 && line <= lines.count ? String(lines[line - 1]) : nil)
    }

    public var isError: Bool { severity == .error }

    /// Header line, source line, caret line, as every command prints them
    /// (SkeletonCore's `DiagnosticFormatter`).
    public var description: String {
        DiagnosticFormatter.render(Diagnostic(severity, message, at: SourcePosition(line: line, column: column)),
                                   path: path, sourceLine: sourceLine)
    }
}

extension BuildDiagnostic {
    /// The same diagnostic, ready for `--format json|github`.
    public var fileDiagnostic: FileDiagnostic {
        FileDiagnostic(path: path, line: line, column: column, severity: severity, message: message, sourceLine: sourceLine)
    }
}

extension [BuildDiagnostic] {
    /// File order, then line, then column: how a reader walks through them.
    func sortedForDisplay() -> [BuildDiagnostic] {
        enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element, rhs.element)
            if a.path != b.path { return a.path < b.path }
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
