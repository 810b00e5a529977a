import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// `skelsite build` takes the digests of inputs that did not change since the last build
/// from `.inputs.digests` in the cache folder (`FileDigestMemory.load`, `save`;
/// site/reference/output-folder.md, "What a rebuild reads"): a file is taken on trust
/// only while its inode, size, modification and change time are the recorded ones, and
/// a saved file that does not read back exactly holds nothing.
@Suite struct InputDigestsFileTests {
    static let fake = String(repeating: "a", count: 64)

    /// A folder with `a.md` ("# One\n") and its look.
    static func folder() throws -> (root: URL, path: String, look: FileDigestMemory.Look) {
        let root = try FileDigestMemoryTests.folder()
        let path = root.appendingPathComponent("a.md").path
        try Data("# One\n".utf8).write(to: URL(fileURLWithPath: path))
        return (root, path, try #require(FileDigestMemory.Look.of(path)))
    }

    @Test func aSavedDigestIsTakenWhileTheFileLooksTheSameAndNotAfterAnEditInPlace() throws {
        let (root, path, look) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        // A digest the file does not have: taken, so it came from the saved file, not a read.
        try Data(FileDigestMemory.encode([path: .init(look: look, digest: Self.fake)]))
            .write(to: root.appendingPathComponent(FileDigestMemory.fileName))
        #expect(FileDigestMemory.load(from: root).digest(of: path) == Self.fake)
        // The same size, the old modification time: the change time tells.
        var info = stat()
        #expect(stat(path, &info) == 0)
        try FileDigestMemoryTests.rewriteInPlace(path, "# Two\n", times: info)
        #expect(FileDigestMemory.load(from: root).digest(of: path) == SHA256.hex(Array("# Two\n".utf8)))
    }

    @Test func saveKeepsWhatWasAskedForAndWritesNothingWhenNothingChanged() throws {
        let (root, path, _) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let other = root.appendingPathComponent("b.md").path
        try Data("# B\n".utf8).write(to: URL(fileURLWithPath: other))
        let first = FileDigestMemory(settled: 0)
        _ = first.digest(of: path)
        _ = first.digest(of: other)
        first.save(to: root)
        let file = root.appendingPathComponent(FileDigestMemory.fileName).path
        let bytes = try #require(RenderCache.readRegularFile(file))
        let saved = try #require(FileDigestMemory.decode(bytes))
        #expect(saved.keys.sorted() == [path, other].sorted())
        #expect(saved[path]?.digest == SHA256.hex(Array("# One\n".utf8)))
        // Asked for the same files, all known: the file is not written again (same inode).
        let inode = try #require(FileDigestMemory.Look.of(file)).inode
        let second = FileDigestMemory.load(from: root, settled: 0)
        _ = second.digest(of: path)
        _ = second.digest(of: other)
        second.save(to: root)
        #expect(FileDigestMemory.Look.of(file)?.inode == inode)
        // b.md no longer asked for (a doc removed): forgotten.
        let third = FileDigestMemory.load(from: root, settled: 0)
        _ = third.digest(of: path)
        third.save(to: root)
        let after = try #require(RenderCache.readRegularFile(file))
        #expect(FileDigestMemory.decode(after)?.keys.sorted() == [path])
        // No temporary file is left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
                == [FileDigestMemory.fileName, "a.md", "b.md"])
    }

    @Test func settleRemembersWhatHasSettledSinceItWasReadWithItsDigestThen() throws {
        let (root, path, _) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let other = root.appendingPathComponent("b.md").path
        try Data("# B\n".utf8).write(to: URL(fileURLWithPath: other))
        // Half a second to settle: both were written just now, so neither is remembered.
        let memory = FileDigestMemory(settled: 500_000_000)
        #expect(memory.digests(of: [path, other]) == [SHA256.hex(Array("# One\n".utf8)), SHA256.hex(Array("# B\n".utf8))])
        memory.settle()
        memory.save(to: root)
        let file = root.appendingPathComponent(FileDigestMemory.fileName).path
        #expect(!FileManager.default.fileExists(atPath: file))
        // b.md changes after the build read it; then both settle.
        try Data("# C\n".utf8).write(to: URL(fileURLWithPath: other))
        Thread.sleep(forTimeInterval: 0.6)
        memory.settle()
        memory.save(to: root)
        let bytes = try #require(RenderCache.readRegularFile(file))
        let saved = try #require(FileDigestMemory.decode(bytes))
        #expect(saved[path]?.digest == SHA256.hex(Array("# One\n".utf8)))
        #expect(saved[other]?.digest == SHA256.hex(Array("# C\n".utf8)))
        #expect(saved[other]?.look == FileDigestMemory.Look.of(other))
    }

    @Test func aFileChangedJustBeforeItWasReadIsNotSaved() throws {
        let (root, path, _) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        // Written a moment ago: not two seconds before its read, so not remembered.
        let memory = FileDigestMemory()
        #expect(memory.digest(of: path) == SHA256.hex(Array("# One\n".utf8)))
        memory.save(to: root)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(FileDigestMemory.fileName).path))
    }

    /// Each way a saved file can differ from what `encode` writes (the trailer made to
    /// match, except for the first, so only the change itself can make it unreadable).
    static let damages = ["the trailer does not match", "a digest not hex", "a digest too short", "another magic line",
                          "a number with a sign", "no path", "a path with a tab", "a line twice", "the last line unended"]

    static func damage(_ bytes: inout [UInt8], _ damage: String) {
        let magic = "skelsite-input-digests 1\n"
        switch damage {
        case "the trailer does not match": bytes[bytes.count - 1] ^= 1
        case "a digest not hex": rewrite(&bytes) { $0.replacingOccurrences(of: " \(fake) ", with: " \(String(repeating: "A", count: 64)) ") }
        case "a digest too short": rewrite(&bytes) { $0.replacingOccurrences(of: " \(fake) ", with: " \(String(repeating: "a", count: 63)) ") }
        case "another magic line": rewrite(&bytes) { $0.replacingOccurrences(of: "digests 1\n", with: "digests 2\n") }
        case "a number with a sign": rewrite(&bytes) { magic + "-" + $0.dropFirst(magic.count) }
        case "no path": rewrite(&bytes) { $0.replacingOccurrences(of: " /x/a.md\n", with: " \n") }
        case "a path with a tab": rewrite(&bytes) { $0.replacingOccurrences(of: "/x/a.md", with: "/x/a\t.md") }
        case "a line twice": rewrite(&bytes) { $0 + $0.dropFirst(magic.count) }
        case "the last line unended": rewrite(&bytes) { String($0.dropLast()) }
        default: Issue.record("unknown damage \(damage)")
        }
    }

    @Test(arguments: damages)
    func aFileNotWrittenAsWeWriteItHoldsNothing(_ damage: String) {
        let look = FileDigestMemory.Look(inode: 7, size: 6, modified: 1, changed: 2)
        var bytes = FileDigestMemory.encode(["/x/a.md": .init(look: look, digest: Self.fake)])
        #expect(FileDigestMemory.decode(bytes) == ["/x/a.md": .init(look: look, digest: Self.fake)])
        Self.damage(&bytes, damage)
        #expect(FileDigestMemory.decode(bytes) == nil)
    }

    /// Changes the text before the trailer and writes a matching trailer, so only the
    /// change itself can make the file unreadable.
    static func rewrite(_ bytes: inout [UInt8], _ change: (String) -> String) {
        let body = change(String(decoding: bytes.dropLast(64), as: UTF8.self))
        bytes = Array(body.utf8) + Array(SHA256.hex(Array(body.utf8)).utf8)
    }

    /// Every byte of a saved file changed to each of a few values, its trailer made to
    /// match so the parser sees it, and every shorter prefix: none crashes, and what
    /// decodes is a table of well-formed entries.
    @Test func anyChangedByteOrCutDecodesToNothingOrToWellFormedEntries() {
        let look = FileDigestMemory.Look(inode: 12, size: 345, modified: 6789, changed: -10)
        let good = FileDigestMemory.encode(["/s/a.md": .init(look: look, digest: Self.fake),
                                            "/s/é b.md": .init(look: look, digest: String(repeating: "0", count: 64))])
        let body = Array(good.dropLast(64))
        var decoded = 0, refused = 0
        for index in body.indices {
            for value: UInt8 in [0x00, 0x0A, 0x20, 0x2D, 0x39, 0x61, 0xC3, 0xFF] where body[index] != value {
                var changed = body
                changed[index] = value
                let entries = FileDigestMemory.decode(changed + Array(SHA256.hex(changed).utf8))
                if let entries {
                    decoded += 1
                    #expect(entries.allSatisfy { !$0.key.isEmpty && $0.value.digest.utf8.count == 64 })
                } else {
                    refused += 1
                }
            }
        }
        for count in 0..<good.count { #expect(FileDigestMemory.decode(Array(good.prefix(count))) == nil) }
        // Digits, paths and digests that stay well formed decode; the rest is refused.
        #expect(decoded > 0 && refused > decoded)
    }

    @Test func aPathWithANewlineIsNotSaved() {
        let look = FileDigestMemory.Look(inode: 7, size: 6, modified: 1, changed: 2)
        let bytes = FileDigestMemory.encode(["/x/a\nb.md": .init(look: look, digest: Self.fake),
                                             "/x/c.md": .init(look: look, digest: Self.fake)])
        #expect(FileDigestMemory.decode(bytes) == ["/x/c.md": .init(look: look, digest: Self.fake)])
    }

    /// End to end: a build two seconds after the docs were written remembers them; a doc
    /// then edited in place with its size and modification time kept is built again.
    @Test func aBuildRemembersSettledDocsAndStillSeesAnEditInPlace() throws {
        let site = try TestSite(["index.md": "# Home\n", "a.md": "# Alpha\n\nOne.\n"])
        defer { site.remove() }
        Thread.sleep(forTimeInterval: 2.1)
        #expect(try site.build().succeeded)
        let bytes = try #require(RenderCache.readRegularFile(site.cache.appendingPathComponent(FileDigestMemory.fileName).path))
        let saved = try #require(FileDigestMemory.decode(bytes))
        let docs = ["a.md", "index.md"].map { site.source.appendingPathComponent($0).path }
        #expect(Set(docs).isSubset(of: Set(saved.keys)))
        #expect(saved[docs[0]]?.digest == SHA256.hex(Array("# Alpha\n\nOne.\n".utf8)))
        var info = stat()
        #expect(stat(docs[0], &info) == 0)
        try FileDigestMemoryTests.rewriteInPlace(docs[0], "# Alpha\n\nTwo.\n", times: info)
        #expect(try site.build().succeeded)
        #expect(try site.read("a.html").contains("Two."))
    }
}
