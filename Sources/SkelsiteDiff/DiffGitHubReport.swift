import SkelSite

/// `--format github`: one GitHub Actions annotation per failing image, on the file
/// a reviewer would open (the current image, or the baseline of a removed one).
public enum DiffGitHubReport {
    public static func annotations(_ result: DirectoryDiffResult, baseline: String, current: String,
                                   tolerance: DiffTolerance) -> [String] {
        result.images.filter(\.failed).map { image in
            let folder = image.status == .removed ? baseline : current
            let file = folder.hasSuffix("/") ? folder + image.path : folder + "/" + image.path
            let message = "\(image.path) \(image.status.rawValue): " + DiffTerminalReport.detail(image, tolerance: tolerance)
            return "::error file=\(GitHubEscape.property(file)),title=skelsite diff::\(GitHubEscape.data(message))"
        }
    }

    /// Errors that stopped the run (exit 2), as annotations.
    public static func errors(_ errors: [DiffError]) -> [String] {
        errors.map { "::error file=\(GitHubEscape.property($0.path)),title=skelsite diff::\(GitHubEscape.data($0.message))" }
    }
}

extension DiffJSONReport {
    /// `--format json` when the run could not complete (exit 2).
    public static func errors(_ errors: [DiffError]) -> String {
        "{\"ok\":false,\"errors\":[" + errorList(errors) + "]}\n"
    }
}
