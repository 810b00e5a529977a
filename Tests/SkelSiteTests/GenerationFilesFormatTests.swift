import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// The live generation's record (`N.files`) is read and written byte by byte; what it
/// reads back is what was written, and a torn or foreign file is no record at all.
@Suite struct GenerationFilesFormatTests {
    static let files = GenerationFiles(records: [
        "index.html": .init(id: "gallery:" + String(repeating: "a", count: 64), stamp: .init(inode: 18_446_744_073_709_551_615, size: 7_020_465, modified: 1_764_038_760_123_456_789)),
        "png/a--b/light@1x.png": .init(id: "sha256:" + String(repeating: "0", count: 64), stamp: .init(inode: 0, size: 0, modified: 0)),
        "odd name%\nwith a newline.html": .init(id: "page:1", stamp: .init(inode: 7, size: 12, modified: -5)),
    ])

    @Test func whatIsWrittenIsReadBack() throws {
        let bytes = Self.files.encoded()
        #expect(String(decoding: bytes, as: UTF8.self) == """
            skelsite-generation-files 1
            18446744073709551615 7020465 1764038760123456789 gallery:\(String(repeating: "a", count: 64)) index.html
            7 12 -5 page:1 odd name%25%0Awith a newline.html
            0 0 0 sha256:\(String(repeating: "0", count: 64)) png/a--b/light@1x.png

            """)
        #expect(GenerationFiles.decode(bytes) == Self.files)
        #expect(GenerationFiles.decode(GenerationFiles().encoded()) == GenerationFiles())
    }

    /// Lines are sorted by the paths' UTF-8 bytes (Swift's String order would put a
    /// decomposed "a\u{308}" after "z", by its composed form).
    @Test func linesAreSortedByThePathsBytes() throws {
        let stamp = GenerationFiles.Stamp(inode: 1, size: 2, modified: 3)
        let files = GenerationFiles(records: ["z.html": .init(id: "page:1", stamp: stamp),
                                              "a\u{308}.html": .init(id: "page:2", stamp: stamp),
                                              "png/b/x.png": .init(id: "page:3", stamp: stamp)])
        let lines = String(decoding: files.encoded(), as: UTF8.self).split(separator: "\n").dropFirst()
        #expect(lines.map { String($0.split(separator: " ").last!) } == ["a\u{308}.html", "png/b/x.png", "z.html"])
        #expect(GenerationFiles.decode(files.encoded()) == files)
    }

    /// The lines are sorted in two halves, one per core, then merged: whatever the table's
    /// order puts in each half (prefixes of each other, one path's bytes between two
    /// others'), every count gives the lines in byte order, each once.
    @Test(arguments: [0, 1, 2, 3, 4, 7, 100, 1001])
    func linesFromBothHalvesAreMergedInByteOrder(count: Int) throws {
        var records: [String: GenerationFiles.Record] = [:]
        for number in 0..<count {
            // Paths that are prefixes of others ("p/1", "p/10"), and a few above "z".
            let path = number % 7 == 0 ? "zz/\(number)" : "p/\(number)"
            records[path] = .init(id: "page:\(number)", stamp: .init(inode: UInt64(number), size: number, modified: number))
        }
        let files = GenerationFiles(records: records)
        let paths = String(decoding: files.encoded(), as: UTF8.self).split(separator: "\n").dropFirst()
            .map { String($0.split(separator: " ").last!) }
        #expect(paths == records.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(GenerationFiles.decode(files.encoded()) == files)
    }

    /// "\r\n" is one Character in Swift, so a check by characters for "\r" or "\n" let it
    /// through unescaped and the record it was in could not be read back.
    @Test func aPathWithACarriageReturnAndNewlineIsEscaped() throws {
        let files = GenerationFiles(records: ["a\r\nb.html": .init(id: "page:2", stamp: .init(inode: 1, size: 2, modified: 3))])
        let bytes = files.encoded()
        #expect(String(decoding: bytes, as: UTF8.self) == "skelsite-generation-files 1\n1 2 3 page:2 a%0D%0Ab.html\n")
        #expect(GenerationFiles.decode(bytes) == files)
    }

    @Test func aRecordHoldsAPNGByItsDigest() {
        let digest = String(repeating: "0", count: 64)
        let record = GenerationFiles.Record(id: "sha256:" + digest, stamp: .init(inode: 1, size: 2, modified: 3))
        #expect(record.holds(sha256: digest))
        #expect(!record.holds(sha256: String(repeating: "1", count: 64)))
        #expect(!record.holds(sha256: String(digest.dropLast())))
        #expect(!GenerationFiles.Record(id: "page:" + digest, stamp: record.stamp).holds(sha256: digest))
        #expect(!GenerationFiles.Record(id: "sha256:" + digest + "0", stamp: record.stamp).holds(sha256: digest))
    }

    @Test func aTornOrForeignFileIsNoRecord() {
        let bytes = Self.files.encoded()
        // Cut anywhere inside: a line without its newline, or a field cut short.
        for cut in [bytes.count - 1, bytes.count - 30, 40, 29] {
            #expect(GenerationFiles.decode(Array(bytes[..<cut])) == nil, "cut at \(cut)")
        }
        #expect(GenerationFiles.decode(Array("skelsite-generation-files 2\n".utf8)) == nil)
        #expect(GenerationFiles.decode(Array("skelsite-generation-files 1\nx 1 2 id path\n".utf8)) == nil)
        #expect(GenerationFiles.decode(Array("skelsite-generation-files 1\n1 2 3 idonly\n".utf8)) == nil)
        #expect(GenerationFiles.decode(Array("skelsite-generation-files 1\n99999999999999999999999 2 3 id p\n".utf8)) == nil)
    }

    /// A rebuild's record made from the live record's own lines is `encoded()`'s, byte for
    /// byte: lines unchanged, changed (stamp, id), left out, and with a file added (which
    /// encodes afresh), over counts that split the lines unevenly between the two halves.
    @Test(arguments: [1, 2, 3, 10, 1001])
    func aRecordMadeFromTheLiveLinesIsTheOneEncodedAfresh(count: Int) throws {
        var records: [String: GenerationFiles.Record] = [:]
        for number in 0..<count {
            records["p/\(number)"] = .init(id: "sha256:\(number)", stamp: .init(inode: UInt64(number), size: number, modified: -number))
        }
        let live = try #require(GenerationFiles.decode(GenerationFiles(records: records).encoded()))
        var next = records
        next["p/0"]?.stamp.modified += 1
        if count > 2 { next["p/2"]?.id = "page:new" }
        if count > 1 { next["p/1"] = nil }
        let edited = GenerationFiles(records: next)
        #expect(edited.encoded(reusing: live) == edited.encoded())
        #expect(GenerationFiles(records: records).encoded(reusing: live) == live.encoded())
        next["p/new"] = .init(id: "page:9", stamp: .init(inode: 9, size: 9, modified: 9))
        let added = GenerationFiles(records: next)
        #expect(added.encoded(reusing: live) == added.encoded())
        #expect(GenerationFiles().encoded(reusing: live) == GenerationFiles().encoded())
    }

    /// A live record the build did not write as `encoded()` would (numbers with leading
    /// zeros or "-0", paths out of order or repeated, escapes, bytes that are not UTF-8)
    /// gives no line of its own to the next one: that is still `encoded()`'s, byte for byte.
    @Test(arguments: [
        "01 2 3 page:1 a.html\n4 5 6 page:2 b.html\n",
        "1 2 -0 page:1 a.html\n4 5 6 page:2 b.html\n",
        "1 02 3 page:1 a.html\n4 5 -06 page:2 b.html\n",
        "4 5 6 page:2 b.html\n1 2 3 page:1 a.html\n",
        "1 2 3 page:1 a.html\n1 2 3 page:1 a.html\n4 5 6 page:2 b.html\n",
        "1 2 3 page:1 a%25.html\n4 5 6 page:2 a.html\n",
        "1 2 3 page:1 a%0A.html\n4 5 6 page:2 b.html\n",
        "1 2 3 page:\u{FF} a.html\n4 5 6 page:2 b\u{FE}.html\n",
    ])
    func aLiveRecordNotWrittenSoGivesNoLineAsItIs(lines: String) throws {
        // U+FF and U+FE stand for the lone bytes 0xFF and 0xFE.
        let bytes = Array("skelsite-generation-files 1\n".utf8) + lines.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        let live = try #require(GenerationFiles.decode(bytes))
        #expect(live.encoded(reusing: live) == live.encoded())
        var records = live.records
        records[records.keys.sorted().last!]?.stamp.size += 1
        let next = GenerationFiles(records: records)
        #expect(next.encoded(reusing: live) == next.encoded())
    }

    /// Two lines whose paths differ as bytes but are equal as Swift strings (a composed
    /// "é" and "e" with a combining accent), in byte order, are one record; with a file
    /// added and one removed, lending their lines wrote that record twice and left the
    /// added one out.
    @Test func pathsEqualAsStringsLendNoLines() throws {
        let text = "skelsite-generation-files 1\n1 2 3 page:1 e\u{301}.html\n7 8 9 page:3 x.html\n4 5 6 page:2 \u{E9}.html\n"
        let live = try #require(GenerationFiles.decode(Array(text.utf8)))
        #expect(live.records.count == 2)
        var records = live.records
        records["x.html"] = nil
        records["y.html"] = .init(id: "page:4", stamp: .init(inode: 1, size: 1, modified: 1))
        let next = GenerationFiles(records: records)
        #expect(next.encoded(reusing: live) == next.encoded())
    }
}
