import SkeletonCore

/// A problem tied to a file, the one diagnostic type of every command: printed like a
/// compiler (`path:line:column: error: message`, the offending line, and a caret), or
/// as JSON or a GitHub annotation for `--format json|github`.
public struct FileDiagnostic: Equatable, Sendable, CustomStringConvertible {
    /// Path as the user gave it (for a build: the source folder joined with the doc's
    /// relative path).
    public var path: String
    public var line: Int
    public var column: Int
    public var severity: Severity
    public var message: String
    /// The offending source line, for the caret display; nil when unknown.
    public var sourceLine: String?

    public init(path: String, line: Int, column: Int, severity: Severity = .error, message: String, sourceLine: String? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.sourceLine = sourceLine
    }

    public init(path: String, _ diagnostic: Diagnostic, sourceLine: String? = nil) {
        self.init(path: path, line: diagnostic.position.line, column: diagnostic.position.column,
                  severity: diagnostic.severity, message: diagnostic.message, sourceLine: sourceLine)
    }

    /// A core diagnostic already in the file's own line numbers, with its line taken
    /// from `lines` (the file split into lines).
    init(path: String, _ diagnostic: Diagnostic, lines: [String]) {
        let line = diagnostic.position.line
        self.init(path: path, diagnostic, sourceLine: line >= 1 && line <= lines.count ? lines[line - 1] : nil)
    }

    public var isError: Bool { severity == .error }

    /// `path:line:column: error: message`, then the source line and a caret under the
    /// column, like a compiler (SkeletonCore's `DiagnosticFormatter`).
    public var text: String {
        DiagnosticFormatter.render(Diagnostic(severity, message, at: SourcePosition(line: line, column: column)),
                                   path: path, sourceLine: sourceLine)
    }

    public var description: String { text }

    /// A GitHub Actions workflow command: `::error file=F,line=L,col=C::message`.
    public var githubAnnotation: String {
        let command = severity == .error ? "error" : "warning"
        return "::\(command) file=\(GitHubEscape.property(path)),line=\(line),col=\(column)::\(GitHubEscape.data(message))"
    }

    /// `{"file":…,"line":…,"column":…,"severity":…,"message":…}` with this key order.
    public var json: String {
        "{\"file\":\(JSONText.string(path)),\"line\":\(line),\"column\":\(column),\"severity\":\(JSONText.string(severity.label)),\"message\":\(JSONText.string(message))}"
    }
}

extension [FileDiagnostic] {
    /// File order, then line, then column: how a reader walks through them.
    func sortedForDisplay() -> [FileDiagnostic] {
        enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element, rhs.element)
            if a.path != b.path { return a.path < b.path }
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}

/// GitHub's workflow-command escaping: data escapes %, CR and LF; properties also
/// escape ':' and ','.
package enum GitHubEscape {
    package static func data(_ s: String) -> String {
        s.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }
    package static func property(_ s: String) -> String {
        data(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: Substring(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
