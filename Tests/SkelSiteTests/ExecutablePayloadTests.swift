import Foundation
@testable import SkelSite
import Testing
import SkelsiteStore

/// The files appended to a released binary (ExecutablePayload's doc comment is the
/// format): read back exactly, a file without one is not an error, and a payload that
/// does not hold together is refused with what is wrong, never a crash or a path that
/// leaves the unpacking folder.
@Suite struct ExecutablePayloadTests {
    /// The layout scripts/lib/embed_payload.py writes, made here for exact cases.
    static func payload(program: [UInt8], files: [(String, [UInt8])], count: UInt64? = nil,
                        start: UInt64? = nil, indexSlack: UInt64 = 0) -> [UInt8] {
        func little(_ value: UInt64, _ width: Int) -> [UInt8] { (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        var data: [UInt8] = [], index: [UInt8] = []
        for (path, bytes) in files {
            let name = Array(path.utf8)
            index += little(UInt64(name.count), 4) + name + little(UInt64(data.count), 8) + little(UInt64(bytes.count), 8)
            data += bytes
        }
        return program + data + index + little(start ?? UInt64(program.count), 8)
            + little(UInt64(index.count) + indexSlack, 8) + little(count ?? UInt64(files.count), 8) + Array("SKPAYLD1".utf8)
    }

    static func read(_ bytes: [UInt8]) throws -> Result<ExecutablePayload?, ExecutablePayload.ReadError> {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("payload-\(UUID().uuidString)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return Result { () throws(ExecutablePayload.ReadError) in try ExecutablePayload.read(file) }
    }

    @Test func filesComeBackExactlyWithTheDigestOfThePayload() throws {
        let program = Array("\u{7F}ELF program bytes".utf8)
        let files = [("BUILD-INFO", Array("release\n".utf8)), ("Templates/page.mustache", Array("<p>{{title}}</p>".utf8)),
                     ("skelsite.wasm", [0, 97, 115, 109, 1, 0, 0, 0])]
        let bytes = Self.payload(program: program, files: files)
        let read = try #require(try Self.read(bytes).get())
        #expect(read.files == files.map { ExecutablePayload.File(path: $0.0, bytes: Data($0.1)) })
        #expect(read.file("skelsite.wasm")?.bytes == Data([0, 97, 115, 109, 1, 0, 0, 0]))
        #expect(read.digest == SHA256.hex(Array(bytes[program.count...])))
        // No files at all is a payload too.
        #expect(try Self.read(Self.payload(program: program, files: [])).get()?.files == [])
    }

    @Test func aFileWithoutTheTrailerHasNoPayload() throws {
        #expect(try Self.read(Array("an ordinary executable, long enough for a trailer".utf8)).get() == nil)
        #expect(try Self.read([1, 2, 3]).get() == nil)
        #expect(try Self.read([]).get() == nil)
    }

    @Test(arguments: [
        ("a start past the end", payload(program: [1, 2], files: [("a", [9])], start: 1000),
         "the payload's trailer points outside the file"),
        ("an index longer than the payload", payload(program: [1, 2], files: [("a", [9])], indexSlack: 1000),
         "the payload's trailer points outside the file"),
        ("more entries than the index holds", payload(program: [1, 2], files: [("a", [9])], count: 2),
         "index entry 2 is cut off"),
        ("fewer entries than the index holds", payload(program: [1, 2], files: [("a", [9]), ("b", [8])], count: 1),
         "the index has 21 bytes after its entries"),
        ("a path that climbs", payload(program: [1, 2], files: [("../escape", [9])]),
         "index entry 1 has a path that is not relative"),
        ("an absolute path", payload(program: [1, 2], files: [("/etc/passwd", [9])]),
         "index entry 1 has a path that is not relative"),
        ("an empty part", payload(program: [1, 2], files: [("Templates//x", [9])]),
         "index entry 1 has a path that is not relative"),
    ])
    func aPayloadThatDoesNotHoldTogetherIsRefused(name: String, bytes: [UInt8], message: String) throws {
        switch try Self.read(bytes) {
        case .success(let payload): Issue.record("\(name): read \(String(describing: payload))")
        case .failure(.malformed(let text)): #expect(text.hasSuffix(": " + message), "\(name): \(text)")
        case .failure(let other): Issue.record("\(name): \(other)")
        }
    }

    @Test func unpackingWritesTheFilesOnceUnderTheDigestsName() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("unpack-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let bytes = Self.payload(program: [7], files: [("Templates/page.mustache", Array("page".utf8)), ("skelsite.wasm", [0, 1])])
        let payload = try #require(try Self.read(bytes).get())
        let folder = try UnpackedPayload.unpack(payload, into: root)
        #expect(folder.lastPathComponent == "payload-" + payload.digest.prefix(16))
        #expect(try String(contentsOf: folder.appendingPathComponent("Templates/page.mustache"), encoding: .utf8) == "page")
        #expect(try Data(contentsOf: folder.appendingPathComponent("skelsite.wasm")) == Data([0, 1]))
        // A second unpack finds the complete folder and writes nothing; no staging is left.
        try "changed".write(to: folder.appendingPathComponent("Templates/page.mustache"), atomically: true, encoding: .utf8)
        #expect(try UnpackedPayload.unpack(payload, into: root).path == folder.path)
        #expect(try String(contentsOf: folder.appendingPathComponent("Templates/page.mustache"), encoding: .utf8) == "changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [folder.lastPathComponent])
    }

    /// In a shared temporary folder another user could make the folder's name first: a
    /// link (or a folder not ours) there is refused, never read as the theme.
    @Test func aFolderThatIsALinkIsNotTrusted() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("unpack-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let bytes = Self.payload(program: [7], files: [("Templates/page.mustache", Array("page".utf8))])
        let payload = try #require(try Self.read(bytes).get())
        let planted = root.appendingPathComponent("planted")
        try FileManager.default.createDirectory(at: planted.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("payload-" + payload.digest.prefix(16)),
                                                   withDestinationURL: planted)
        #expect(throws: UnpackedPayload.UnpackError.self) { try UnpackedPayload.unpack(payload, into: root) }
    }

    @Test func theCacheFolderFollowsXDGThenHome() {
        #expect(UnpackedPayload.cacheRoot(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]).path == "/c/skelsite")
        #expect(UnpackedPayload.cacheRoot(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]).path == "/h/.cache/skelsite")
        #expect(UnpackedPayload.cacheRoot(environment: [:]).path.hasSuffix("/skelsite-\(getuid())"))
    }
}
