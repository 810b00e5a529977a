import Foundation
import SkelsiteStore

/// `build --fit-results FILE` (or `[fit] results` in the project file): a `skelsite fit
/// --json` file read into each spec's figures. Every field the gallery shows is checked
/// (FitResultsJSON); a file that cannot be read, or holds a value out of place, stops
/// the build before it starts (exit 2, site/reference/command-line.md), as
/// `--verify-results` does.
public enum FitResultsFile {
    public static func read(_ url: URL) throws(SiteBuildError) -> FitResults {
        if let kind = UserFile.unreadableKind(url.path) {
            throw .io("cannot read fit results \(url.path): \(kind)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .io("cannot read fit results \(url.path): \(FileErrorText.describe(error, path: url.path))")
        }
        return try parse(data, path: url.path)
    }

    /// The figures in `data`; `path` names the file in diagnostics.
    static func parse(_ data: Data, path: String) throws(SiteBuildError) -> FitResults {
        switch FitResultsJSON.results([UInt8](data), path: path) {
        case .success(let results): return results
        case .failure(let invalid): throw .invalidFile(invalid.lines)
        }
    }
}
