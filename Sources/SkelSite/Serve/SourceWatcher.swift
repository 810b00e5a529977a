import Foundation

/// Watches folders for changes by polling a fingerprint of every file's path, size and
/// modification time. Polling is portable, needs no inotify limits, and at a 150 ms
/// period keeps save-to-reload well inside a second for doc-sized trees.
public final class SourceWatcher: @unchecked Sendable {
    public let roots: [URL]
    public let interval: TimeInterval
    private let ignoredNames: Set<String>
    private var task: Task<Void, Never>?

    public init(roots: [URL], interval: TimeInterval = 0.15, ignoring ignoredNames: Set<String> = [".git", ".skelsite-cache", ".build"]) {
        self.roots = roots
        self.interval = interval
        self.ignoredNames = ignoredNames
    }

    /// A fingerprint that changes when any watched file is added, removed or modified.
    public func fingerprint() -> [String: String] {
        var result: [String: String] = [:]
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isDirectoryKey]
        for root in roots {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else { continue }
            for case let url as URL in walker {
                if ignoredNames.contains(url.lastPathComponent) {
                    walker.skipDescendants()
                    continue
                }
                guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isDirectory != true else { continue }
                let stamp = values.contentModificationDate?.timeIntervalSince1970 ?? 0
                result[url.path] = "\(values.fileSize ?? -1)@\(stamp)"
            }
        }
        return result
    }

    /// Calls `onChange` (never concurrently with itself) after files change, compared
    /// with `baseline` (a `fingerprint()` the caller took earlier, e.g. before a first
    /// build) or else with the files as they are when this is called. Either way the
    /// baseline is fixed before this returns, so a save made right after `start`,
    /// before the polling task first runs, is still seen as a change.
    public func start(baseline: [String: String]? = nil, onChange: @escaping @Sendable () async -> Void) {
        let period = UInt64(interval * 1_000_000_000)
        let first = baseline ?? fingerprint()
        task = Task { [self] in
            var last = first
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: period)
                let now = fingerprint()
                if now != last {
                    last = now
                    await onChange()
                    // Saves that landed during the rebuild are caught by the next poll.
                }
            }
        }
    }

    public func stop() {
        task?.cancel()
        task = nil
    }
}
