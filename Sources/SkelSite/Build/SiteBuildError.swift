/// Why a build could not run at all (exit code 2), as opposed to doc errors (exit 1),
/// which are diagnostics in the `BuildReport`.
public enum SiteBuildError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Reading or writing files failed, or a path is unusable.
    case io(String)
    /// The templates could not be found or do not parse.
    case templates(String)

    public var description: String {
        switch self {
        case .io(let message): return message
        case .templates(let message): return message
        }
    }
}
