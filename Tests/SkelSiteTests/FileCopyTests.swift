import Foundation
import Testing
@testable import SkelSite

@Suite struct FileCopyTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-filecopy-\(UUID().uuidString)")

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func write(_ name: String, _ bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: folder.appendingPathComponent(name))
    }

    /// 100 000 bytes: more than one 64 KiB chunk of the comparison.
    static let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }

    @Test func copyIsANewFileWithTheSameBytes() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("a", Self.bytes)
        try FileCopy.copy(path("a"), to: path("b"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("b"))) == Data(Self.bytes))
        var a = stat(), b = stat()
        #expect(lstat(path("a"), &a) == 0 && lstat(path("b"), &b) == 0)
        #expect(a.st_ino != b.st_ino)
        #expect((a.st_nlink, b.st_nlink) == (1, 1))
    }

    @Test func unsharedCopyNeedsEqualBytesOneLinkAndNoSymlink() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("source", Self.bytes)
        try write("same", Self.bytes)
        var lastDiffers = Self.bytes
        lastDiffers[99_999] ^= 1
        try write("last-differs", lastDiffers)
        try write("shorter", Array(Self.bytes.dropLast()))
        try write("linked", Self.bytes)
        #expect(link(path("linked"), path("linked-2")) == 0)
        try FileManager.default.createSymbolicLink(atPath: path("symlink"), withDestinationPath: path("same"))
        #expect(FileCopy.isUnsharedCopy(path("same"), of: path("source")))
        #expect(!FileCopy.isUnsharedCopy(path("last-differs"), of: path("source")))
        #expect(!FileCopy.isUnsharedCopy(path("shorter"), of: path("source")))
        #expect(!FileCopy.isUnsharedCopy(path("linked"), of: path("source")))
        #expect(!FileCopy.isUnsharedCopy(path("symlink"), of: path("source")))
        #expect(!FileCopy.isUnsharedCopy(path("missing"), of: path("source")))
    }
}
