import Foundation
import Testing
@testable import SkelSite

/// `UserFile.write`, the one writer of files users name (site/reference/limits.md,
/// "Files skelsite writes").
@Suite struct UserFileTests {
    static func folder() throws -> URL { try CLIRunner.temporaryFolder() }

    static func text(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

    @Test func createsAFileWithTheExactBytes() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("new.bin").path
        try UserFile.write([0, 1, 2, 255], to: path)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == [0, 1, 2, 255])
        try UserFile.write([], to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["new.bin"])
    }

    /// The new file is renamed in: a hard link to the old file keeps the old bytes, so
    /// nothing sharing the old inode (a cache entry, say) is edited through the output.
    @Test func replacesByRenameNotInPlace() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("out.txt"), other = dir.appendingPathComponent("other-name.txt")
        try Data("old".utf8).write(to: target)
        try FileManager.default.linkItem(at: target, to: other)
        try UserFile.write("new", to: target.path)
        #expect(try Self.text(target) == "new")
        #expect(try Self.text(other) == "old")
    }

    /// A link to a regular file is refused and neither it nor its target changes.
    @Test func refusesALinkToARegularFile() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real.txt"), link = dir.appendingPathComponent("link.txt")
        try Data("mine".utf8).write(to: real)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.txt")
        #expect(throws: UserFile.Failure(path: link.path, reason:
            "it is a symbolic link (skelsite does not write through links; name the file itself)")) {
            try UserFile.write("theirs", to: link.path)
        }
        #expect(try Self.text(real) == "mine")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.txt")
        // A dangling link is refused the same way: writing would create its target.
        try FileManager.default.removeItem(at: real)
        #expect(throws: UserFile.Failure.self) { try UserFile.write("theirs", to: link.path) }
        #expect(!FileManager.default.fileExists(atPath: real.path))
    }

    /// A leftover temporary file of a killed run with the same process id, even a link
    /// planted there, is removed, never written through.
    @Test func aPlantedTemporaryLinkIsNotFollowed() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("out.txt"), victim = dir.appendingPathComponent("victim.txt")
        try Data("keep".utf8).write(to: victim)
        let temporary = UserFile.temporaryPath(for: target.path)
        #expect(temporary == dir.appendingPathComponent(".out.txt.skelsite-\(getpid()).tmp").path)
        try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: "victim.txt")
        try UserFile.write("written", to: target.path)
        #expect(try Self.text(target) == "written")
        #expect(try Self.text(victim) == "keep")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["out.txt", "victim.txt"])
    }

    @Test func aMissingFolderIsAnIOError() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("no/such/out.txt").path
        #expect(throws: UserFile.Failure(path: path, reason: "no such file or directory")) {
            try UserFile.write("x", to: path)
        }
        #expect(throws: UserFile.Failure(path: "out/", reason: "the path names a folder, not a file")) {
            try UserFile.write("x", to: "out/")
        }
    }
}
