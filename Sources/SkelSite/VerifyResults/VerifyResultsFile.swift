import Foundation
import SkelsiteStore

/// `build --verify-results FILE`: a `skelsite verify --json` file read into agreements
/// keyed by spec digest. Every field is checked (VerifyResultsJSON); a file that cannot
/// be read, or holds anything out of place, stops the build before it starts (exit 2,
/// site/reference/command-line.md).
public enum VerifyResultsFile {
    /// The agreements of the file at `url`. The bar comes from the file's `minimum` (what
    /// the run used), else 0.995; results without a `spec` digest (files from older
    /// versions) are skipped.
    public static func read(_ url: URL) throws(SiteBuildError) -> [String: ComponentAgreement] {
        if let kind = UserFile.unreadableKind(url.path) {
            throw .io("cannot read verify results \(url.path): \(kind)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .io("cannot read verify results \(url.path): \(FileErrorText.describe(error, path: url.path))")
        }
        return try parse(data, path: url.path)
    }

    /// The agreements in `data`; `path` names the file in diagnostics.
    static func parse(_ data: Data, path: String) throws(SiteBuildError) -> [String: ComponentAgreement] {
        switch VerifyResultsJSON.agreements([UInt8](data), path: path) {
        case .success(let agreements): return agreements
        case .failure(let invalid): throw .invalidFile(invalid.lines)
        }
    }
}
