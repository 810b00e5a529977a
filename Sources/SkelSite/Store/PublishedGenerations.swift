import Foundation

/// What this process's last build left in an output's two generations: the live one it
/// published and the work one (the site before it), each by its folder's inode with its
/// records. `skelsite serve` owns its output while it runs and trusts this between its
/// rebuilds instead of listing and `stat`ing 29,000 files each time
/// (site/reference/output-folder.md, "What serve trusts"); `skelsite build` never does,
/// so a file edited by hand in `_site` is found and repaired.
final class PublishedGenerations: @unchecked Sendable {
    struct Left: Sendable {
        var live: UInt64
        var liveFiles: GenerationFiles
        var work: UInt64
        var workFiles: GenerationFiles
    }

    private let lock = NSLock()
    private var byOutput: [String: Left] = [:]

    func remember(_ left: Left, for output: URL) {
        lock.withLock { byOutput[output.path] = left }
    }

    /// What the last build left, while both folders are still the ones it left.
    func left(for output: URL, work: URL) -> Left? {
        guard let left = lock.withLock({ byOutput[output.path] }),
              OutputGenerations.identity(of: output) == left.live, OutputGenerations.identity(of: work) == left.work else { return nil }
        return left
    }
}
