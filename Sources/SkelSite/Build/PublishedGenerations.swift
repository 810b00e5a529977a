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

    static let shared = PublishedGenerations()
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

extension FolderScan {
    /// The scan a folder holding exactly `files` (and the marker) would give: each file
    /// with its recorded stamp, and the folders they lie in.
    init(holding files: GenerationFiles) {
        entries.reserveCapacity(files.records.count + files.records.count / 4 + 1)
        let folder = Entry(kind: .folder, stamp: .init(inode: 0, size: 0, modified: 0))
        for (path, record) in files.records {
            entries[path] = Entry(kind: .file, stamp: record.stamp)
            var current = Substring(path)
            while let slash = current.lastIndex(of: "/") {
                current = current[..<slash]
                if entries[String(current)] != nil { break }
                entries[String(current)] = folder
            }
        }
        entries[OutputSwap.markerName] = Entry(kind: .file, stamp: .init(inode: 0, size: 0, modified: 0))
    }
}
