/// How commands print diagnostics and results: for people (`text`, the default), for
/// tools (`json`, one document on stdout), or as GitHub Actions annotations (`github`).
public enum OutputFormat: String, CaseIterable, Sendable {
    case text
    case json
    case github
}
