import Foundation

/// What this process's last build left in an output's two generations: the live one it
/// published and the work one (the site before it), each by its folder's inode with its
/// records. `skelsite serve` owns its output while it runs and trusts this between its
/// rebuilds instead of listing and `stat`ing 29,000 files each time
/// (site/reference/output-folder.md, "What serve trusts"); `skelsite build` never does,
/// so a file edited by hand in `_site` is found and repaired.
/// `@unchecked Sendable`: `byOutput` is touched only under `lock`.
package final class PublishedGenerations: @unchecked Sendable {
    package struct Left: Sendable {
        package var live: UInt64
        package var liveFiles: GenerationFiles
        package var work: UInt64
        package var workFiles: GenerationFiles

        package init(live: UInt64, liveFiles: GenerationFiles, work: UInt64, workFiles: GenerationFiles) {
            self.live = live
            self.liveFiles = liveFiles
            self.work = work
            self.workFiles = workFiles
        }
    }

    private let lock = NSLock()
    private var byOutput: [String: Left] = [:]

    package func remember(_ left: Left, for output: URL) {
        lock.withLock { byOutput[output.path] = left }
    }

    /// What the last build left, while both folders are still the ones it left.
    package func left(for output: URL, work: URL) -> Left? {
        guard let left = lock.withLock({ byOutput[output.path] }),
              OutputGenerations.identity(of: output) == left.live, OutputGenerations.identity(of: work) == left.work else { return nil }
        return left
    }
}
