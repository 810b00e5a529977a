/// Why a build could not run at all (exit code 2), as opposed to doc errors (exit 1),
/// which are diagnostics in the `BuildReport`.
public enum SiteBuildError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Reading or writing files failed, or a path is unusable.
    case io(String)
    /// The templates could not be found or do not parse.
    case templates(String)
    /// A file the user named (`--verify-results`) holds data the build cannot use:
    /// `path:line:column: error: message` lines, printed as they are.
    case invalidFile([String])

    public var description: String {
        switch self {
        case .io(let message): return message
        case .templates(let message): return message
        case .invalidFile(let lines): return lines.joined(separator: "\n")
        }
    }
}
