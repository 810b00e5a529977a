import Foundation
import Platform

/// The SHA-256 of input files this process read, each with how its file looked then, so
/// `skelsite serve` hashes only the docs that changed between its rebuilds instead of
/// every doc of the site (why: 1000 docs read and hashed were a thirtieth of a rebuild),
/// and `skelsite build` only those that changed since the last build (`load`, `save`).
///
/// A file is taken as unchanged when its inode, size, modification time and change time
/// are the ones it had when it was hashed, and it had last been modified at least two
/// seconds before it was read (why: a write in the same clock tick as the read can
/// leave every one of those as it was; the ctime cannot be set back by hand, and two
/// seconds covers the coarsest file system clocks).
package final class FileDigestMemory: @unchecked Sendable {
    /// Inode, size, modification and change time in nanoseconds.
    package struct Look: Equatable, Sendable {
        package var inode: UInt64
        package var size: Int
        package var modified: Int
        package var changed: Int

        package init(inode: UInt64, size: Int, modified: Int, changed: Int) {
            self.inode = inode
            self.size = size
            self.modified = modified
            self.changed = changed
        }

        package static func of(_ path: String) -> Look? {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return Look(inode: UInt64(info.st_ino), size: Int(info.st_size),
                        modified: info.modifiedNanoseconds,
                        changed: Int(info.st_ctim.tv_sec) * 1_000_000_000 + Int(info.st_ctim.tv_nsec))
        }
    }

    /// How long before its read (nanoseconds) a file's last change must be for its
    /// digest to be kept.
    package let settled: Int

    package init(settled: Int = 2_000_000_000) {
        self.settled = settled
    }

    /// A file's digest and how the file looked when it was hashed.
    package struct Known: Equatable, Sendable {
        package var look: Look
        package var digest: String

        package init(look: Look, digest: String) {
            self.look = look
            self.digest = digest
        }
    }

    /// `known`, `asked` and `loaded` are touched only under `lock`.
    let lock = NSLock()
    var known: [String: Known] = [:]
    /// The paths asked for since it was made: what `save` keeps (a doc removed since is forgotten).
    var asked: Set<String> = []
    /// What `load` read, or the last `save` wrote: `save` writes only when that differs.
    var loaded: [String: Known] = [:]

    /// The file's SHA-256 hex, or "missing" when it cannot be read; from memory while the
    /// file looks as it did when hashed.
    package func digest(of path: String) -> String {
        digests(of: [path])[0]
    }

    /// `digest(of:)` of each path, on every core, the memory's lock taken once before and
    /// once after (why: taken per file, both cores took turns at it for each of a big
    /// site's 1000 docs).
    package func digests(of paths: [String]) -> [String] {
        let before = lock.withLock {
            asked.formUnion(paths)
            return paths.map { known[$0] }
        }
        let found = Parallel.slices(Array(zip(paths, before))) { slice in
            slice.map { path, entry -> (digest: String, learned: Known?) in
                guard let look = Look.of(path) else { return ("missing", nil) }
                if let entry, entry.look == look { return (entry.digest, entry) }
                let readAt = Self.now()
                guard let bytes = Self.read(path) else { return ("missing", nil) }
                let digest = SHA256.hex(bytes)
                return (digest, isSettled(look, readAt: readAt) && Look.of(path) == look ? Known(look: look, digest: digest) : nil)
            }
        }
        lock.withLock {
            for (path, result) in zip(paths, found) { known[path] = result.learned }
        }
        return found.map(\.digest)
    }

    /// Hashes again each file asked for whose digest is not remembered (it had changed
    /// too shortly before it was read), remembering those settled by now (why: a build
    /// begun right after its docs were written, as after a checkout or on a fresh corpus,
    /// remembered none, and the first edit after it hashed every doc again). What the build
    /// read is not changed: a file changed since gets its new digest, which the next build
    /// compares with this one's.
    package func settle() {
        let unknown = lock.withLock { asked.filter { known[$0] == nil } }
        if !unknown.isEmpty { _ = digests(of: unknown.sorted()) }
    }

    /// A file's bytes (a link is followed, as for a doc), or nil.
    package static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// Whether a file that looked so when it was read at `readAt` had been left alone long
    /// enough for a later write to show in its times.
    package func isSettled(_ look: Look, readAt: Int) -> Bool {
        look.modified <= readAt - settled && look.changed <= readAt - settled
    }

    /// The wall clock in nanoseconds (the clock file times are taken from).
    package static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }
}
