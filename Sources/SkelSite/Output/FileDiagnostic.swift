import SkeletonCore

/// A diagnostic tied to a file, ready to print in any `OutputFormat`.
public struct FileDiagnostic: Equatable, Sendable {
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

    /// `path:line:column: error: message`, then the source line and a caret under the
    /// column, like a compiler (SkeletonCore's `DiagnosticFormatter`).
    public var text: String {
        DiagnosticFormatter.render(Diagnostic(severity, message, at: SourcePosition(line: line, column: column)),
                                   path: path, sourceLine: sourceLine)
    }

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

/// GitHub's workflow-command escaping: data escapes %, CR and LF; properties also
/// escape ':' and ','.
enum GitHubEscape {
    static func data(_ s: String) -> String {
        s.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }
    static func property(_ s: String) -> String {
        data(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: Substring(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
