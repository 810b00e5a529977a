import Foundation
import Platform

/// Watches folders for changes: a fingerprint of every file's path, size and
/// modification time, taken again when the kernel says a file was written (inotify on
/// Linux: a save is seen the moment the editor closes the file, not up to a period
/// later), and every `interval` all the same (why both: inotify watches can run out or
/// miss a write through a link; the poll catches what the events do not).
///
/// The fingerprint lists folders with readdir and `stat`s each entry relative to its
/// open folder (why not Foundation's enumerator: with resource values it took tens of
/// milliseconds a poll on a 1000-doc site, a steady load on a shared machine).
///
/// `@unchecked Sendable`: `stopped` and `events` are touched only under `lock`.
public final class SourceWatcher: @unchecked Sendable {
    public let roots: [URL]
    public let interval: TimeInterval
    public let settle: TimeInterval
    private let ignoredNames: Set<String>
    private let lock = NSLock()
    private var stopped = false
    private var events: FolderChangeEvents?

    /// Folders skipped wherever they are (by identity, so another spelling of the path
    /// or a folder made after `start` is skipped too): what the build itself writes.
    private let excludedFolders: [String]

    /// `excluding`: folders the build writes (the render cache, the output and its other
    /// generation); why: a `--cache-dir` inside the docs, written by every build, a failed
    /// one included, made each save rebuild twice.
    /// `settle`: how long the files must stay the same after a change before `onChange`
    /// (why: a save seen between its truncation and its write rebuilt twice).
    public init(roots: [URL], interval: TimeInterval = 0.15, settle: TimeInterval = 0.05,
                ignoring ignoredNames: Set<String> = [".git", ".skelsite-cache", ".build"],
                excluding excludedFolders: [URL] = []) {
        self.roots = roots
        self.interval = interval
        self.settle = settle
        self.ignoredNames = ignoredNames
        self.excludedFolders = excludedFolders.map(\.path)
    }

    /// A folder's device and inode.
    private struct FolderIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// A fingerprint that changes when any watched file is added, removed or modified:
    /// path -> "size@modified" (nanoseconds). Folders named in `ignoring` are skipped; a
    /// link is followed to its file, not into a folder.
    public func fingerprint() -> [String: String] { scan().files }

    /// The fingerprint, and the folders under the roots (the roots included) for the
    /// change events.
    private func scan() -> (files: [String: String], folders: [String]) {
        var files: [String: String] = [:]
        var folders: [String] = []
        // Looked up at each scan: the cache folder is made by the first build.
        var excluded: Set<FolderIdentity> = []
        for path in excludedFolders {
            var info = stat()
            if stat(path, &info) == 0 { excluded.insert(FolderIdentity(info)) }
        }
        for root in roots { walk(root.path, excluded: excluded, files: &files, folders: &folders) }
        return (files, folders)
    }

    private func walk(_ folder: String, excluded: Set<FolderIdentity>, files: inout [String: String], folders: inout [String]) {
        guard let handle = opendir(folder) else { return }
        defer { closedir(handle) }
        folders.append(folder)
        let descriptor = dirfd(handle)
        var subfolders: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." || ignoredNames.contains(name) { continue }
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let path = folder + "/" + name
            switch info.st_mode & S_IFMT {
            case S_IFDIR: if !excluded.contains(FolderIdentity(info)) { subfolders.append(path) }
            case S_IFLNK:
                // A link to a file counts as that file; a link to a folder is not entered.
                var target = stat()
                guard fstatat(descriptor, name, &target, 0) == 0, (target.st_mode & S_IFMT) != S_IFDIR else { continue }
                files[path] = Self.stamp(target)
            default: files[path] = Self.stamp(info)
            }
        }
        for path in subfolders { walk(path, excluded: excluded, files: &files, folders: &folders) }
    }

    private static func stamp(_ info: stat) -> String {
        "\(info.st_size)@\(info.modifiedNanoseconds)"
    }

    /// Calls `onChange` (never concurrently with itself) after files change, compared
    /// with `baseline` (a `fingerprint()` the caller took earlier, e.g. before a first
    /// build) or else with the files as they are when this is called. Either way the
    /// baseline is fixed before this returns, so a save made right after `start`,
    /// before the watching thread first runs, is still seen as a change.
    public func start(baseline: [String: String]? = nil, onChange: @escaping @Sendable () async -> Void) {
        let first = baseline ?? fingerprint()
        let events = FolderChangeEvents()
        events?.watch(scan().folders)
        lock.withLock {
            stopped = false
            self.events = events
        }
        // A thread of its own (why: it blocks in poll(2) between changes, which must not
        // hold one of the few threads async work runs on).
        let thread = Thread { [self] in
            var last = first
            while !lock.withLock({ stopped }) {
                if let events { events.wait(seconds: interval) } else { Thread.sleep(forTimeInterval: interval) }
                if lock.withLock({ stopped }) { break }
                let (now, folders) = scan()
                // A folder made since is watched from now on.
                events?.watch(folders)
                if now != last {
                    // A save can be seen half done (truncated, its bytes not yet written);
                    // the rebuild starts once the files have stayed the same for `settle`,
                    // so one save is one rebuild (site/reference/command-line.md, `serve`).
                    last = settled(from: now)
                    let done = DispatchSemaphore(value: 0)
                    Task {
                        await onChange()
                        done.signal()
                    }
                    done.wait()
                    // Saves that landed during the rebuild are caught by the next wait.
                }
            }
            lock.withLock {
                if self.events === events { self.events = nil }
                events?.close()
            }
        }
        thread.name = "skelsite source watcher"
        thread.start()
    }

    private func settled(from first: [String: String]) -> [String: String] {
        Self.settled(from: first, settle: settle, scan: { scan().files }, stopped: { lock.withLock { stopped } })
    }

    /// The fingerprint once it has stopped changing: scanned again every fifth of
    /// `settle` until it has stayed the same for `settle` (at most twenty times that, so
    /// steady writes still get a rebuild). The clock and the sleep are parameters so a
    /// test can run it on a fake clock.
    static func settled(from first: [String: String], settle: TimeInterval, scan: () -> [String: String],
                        stopped: () -> Bool = { false }, now: () -> Date = { Date() },
                        sleep: (TimeInterval) -> Void = { Thread.sleep(forTimeInterval: $0) }) -> [String: String] {
        var current = first
        var quietSince = now()
        let deadline = quietSince.addingTimeInterval(settle * 20)
        while now().timeIntervalSince(quietSince) < settle, now() < deadline, !stopped() {
            sleep(settle / 5)
            let again = scan()
            if again != current {
                current = again
                quietSince = now()
            }
        }
        return current
    }

    /// Stops watching; the watching thread ends at once (its wait is woken).
    public func stop() {
        // Under the lock: the thread closes the events under it too, so this never
        // writes to a closed descriptor.
        lock.withLock {
            stopped = true
            events?.wake()
        }
    }
}
