import Foundation

/// A test hook for the publish invariant (site/reference/output-folder.md): with
/// `SKELSITE_CRASH_AT=N` in the environment, the process kills itself with SIGKILL
/// just before its N-th file-system change to the output, its generations or the render
/// cache. The crash test runs a rebuild once for every N and checks what a reader finds.
/// Without the variable this is one load and a compare per change.
package enum CrashPoint {
    private static let limit: Int? = ProcessInfo.processInfo.environment["SKELSITE_CRASH_AT"].flatMap { Int($0) }
    private static let counter = Counter()

    /// Call before each change (create, write, link, rename, unlink, mkdir, rmdir).
    package static func mutation() {
        guard let limit else { return }
        if counter.next() == limit { kill(getpid(), SIGKILL) }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}
