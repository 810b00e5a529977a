/// A position in the file a spec came from. Both are 1-based; columns count UTF-8 bytes.
public struct SourcePosition: Equatable, Hashable, Sendable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

public enum Severity: Equatable, Hashable, Sendable {
    case error
    case warning

    public var label: String {
        switch self {
        case .error: return "error"
        case .warning: return "warning"
        }
    }
}

/// One problem found in a spec. `message` names the problem and, where one is
/// likely, the fix ("unknown attribute 'radus' on rect; did you mean 'radius'?").
public struct Diagnostic: Equatable, Hashable, Sendable {
    public var severity: Severity
    public var message: String
    public var position: SourcePosition

    public init(_ severity: Severity = .error, _ message: String, at position: SourcePosition) {
        self.severity = severity
        self.message = message
        self.position = position
    }
}
