import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// serve hashes only docs that changed between its rebuilds (`FileDigestMemory`): a file
/// rewritten in place with the same size and its modification time set back is still
/// seen as changed, and a file changed just before it was read is never taken on trust.
@Suite struct FileDigestMemoryTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-digests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Rewrites `path` in place (same inode, same size) and sets its modification time back.
    static func rewriteInPlace(_ path: String, _ text: String, times old: stat) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        var times = [old.st_atim, old.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test func anInPlaceEditWithItsOldModificationTimeIsHashedAgain() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("a.md").path
        try Data("# One\n".utf8).write(to: URL(fileURLWithPath: path))
        var info = stat()
        #expect(stat(path, &info) == 0)
        // Settled at once: the digest is remembered (the ctime is what tells the edit).
        let memory = FileDigestMemory(settled: 0)
        #expect(memory.digest(of: path) == SHA256.hex(Array("# One\n".utf8)))
        try Self.rewriteInPlace(path, "# Two\n", times: info)
        #expect(memory.digest(of: path) == SHA256.hex(Array("# Two\n".utf8)))
        #expect(memory.digest(of: root.appendingPathComponent("gone.md").path) == "missing")
    }

    @Test func aFileChangedJustBeforeItWasReadIsNotTakenOnTrust() {
        // A write in the same clock tick as the read can leave every time as it was:
        // only a file last changed two seconds or more before its read is remembered.
        let memory = FileDigestMemory()
        let read = 100_000_000_000
        func look(modified: Int, changed: Int) -> FileDigestMemory.Look {
            .init(inode: 1, size: 6, modified: modified, changed: changed)
        }
        #expect(memory.isSettled(look(modified: read - 2_000_000_000, changed: read - 2_000_000_000), readAt: read))
        #expect(!memory.isSettled(look(modified: read - 2_000_000_000, changed: read - 1_999_999_999), readAt: read))
        #expect(!memory.isSettled(look(modified: read - 1, changed: read - 3_000_000_000), readAt: read))
        #expect(!memory.isSettled(look(modified: read, changed: read), readAt: read))
    }
}
