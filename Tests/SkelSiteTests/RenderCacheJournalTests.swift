import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// The cache index's journal (`RenderCacheJournal`): a rebuild appends what changed
/// instead of writing the index whole; a torn tail is ignored and cut off; the journal is
/// folded into a new index when it outgrows it (64 KiB at least).
@Suite struct RenderCacheJournalTests {
    static let docs = DocMemoTests.docs
    static func spec(_ width: Int) -> String {
        "# C\n\nPlain.\n\n```skeleton\nskeleton width=\(width) height=5\n  animation shimmer\n```\n"
    }

    func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

    @Test func aRebuildAppendsOnlyWhatChanged() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let indexURL = site.cache.appendingPathComponent(RenderCacheIndex.fileName)
        let journalURL = site.cache.appendingPathComponent(RenderCacheJournal.fileName)
        let index = try bytes(indexURL)
        #expect(!FileManager.default.fileExists(atPath: journalURL.path))
        let before = RenderCacheIndex.read(from: site.cache)
        try site.write("c.md", Self.spec(24))
        _ = try site.build()
        // The index file is as it was; the journal holds one batch: the new entry, the old one gone.
        #expect(try bytes(indexURL) == index)
        let after = RenderCacheIndex.read(from: site.cache)
        #expect(Set(after.records.keys) == (try RenderCacheIndexTests.entryKeys(site.cache)))
        let added = try #require(Set(after.records.keys).subtracting(before.records.keys).first)
        let removed = try #require(Set(before.records.keys).subtracting(after.records.keys).first)
        let journal = try bytes(journalURL)
        let text = String(decoding: journal, as: UTF8.self)
        #expect(text.hasPrefix("skelsite-render-journal 1 \(String(decoding: index.suffix(64), as: UTF8.self))\nbatch "))
        #expect(text.components(separatedBy: "\nbatch ").count == 2)
        #expect(text.contains("\n+ \(added) ") && text.hasSuffix("- \(removed)\n"))
        #expect(RenderCacheJournal.decode(journal, base: String(decoding: index.suffix(64), as: UTF8.self)).length == journal.count)
        // A journal is never applied to another index.
        #expect(RenderCacheJournal.decode(journal, base: String(repeating: "0", count: 64)).length == 0)
        // The next edit appends a second batch; nothing changed appends nothing.
        try site.write("c.md", Self.spec(26))
        _ = try site.build()
        try site.write("index.md", "# Home\n\nIntro again.\n\n" + DocMemoTests.row)
        _ = try site.build()
        let twice = String(decoding: try bytes(journalURL), as: UTF8.self)
        #expect(twice.components(separatedBy: "\nbatch ").count == 3)
        #expect(Set(RenderCacheIndex.read(from: site.cache).records.keys) == (try RenderCacheIndexTests.entryKeys(site.cache)))
    }

    @Test func aTornTailIsIgnoredAndCutOffByTheNextAppend() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        try site.write("c.md", Self.spec(24))
        _ = try site.build()
        let journalURL = site.cache.appendingPathComponent(RenderCacheJournal.fileName)
        let whole = try bytes(journalURL)
        let records = RenderCacheIndex.read(from: site.cache).records
        // A batch cut short (a kill or a full disk in its write), and one whose bytes are wrong.
        let batch = RenderCacheJournal.batch([(String(repeating: "e", count: 64), nil)])
        for torn: [UInt8] in [whole + Array(batch.dropLast(3)), whole + Array(batch.dropLast(1)) + [0x41]] {
            try Data(torn).write(to: journalURL)
            let index = RenderCacheIndex.read(from: site.cache)
            #expect(index.records == records)
            #expect(index.journalLength == whole.count)
        }
        try site.write("c.md", Self.spec(26))
        _ = try site.build()
        let repaired = try bytes(journalURL)
        #expect(Array(repaired.prefix(whole.count)) == whole)
        #expect(RenderCacheIndex.read(from: site.cache).journalLength == repaired.count)
        #expect(Set(RenderCacheIndex.read(from: site.cache).records.keys) == (try RenderCacheIndexTests.entryKeys(site.cache)))
    }

    @Test func theJournalIsFoldedIntoANewIndexWhenItOutgrowsIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func record(_ n: Int) -> RenderCacheIndex.Record {
            .init(stamp: .init(inode: UInt64(n), size: 100 + n, modified: 1_000 + n), head: Array("meta=\(n)\n\n".utf8))
        }
        func key(_ n: Int) -> String { String(repeating: String(n % 10), count: 64) }
        var first = RenderCacheIndex()
        for n in 0..<4 { first.records[key(n)] = record(n) }
        first.write(to: folder)
        let base = try bytes(folder.appendingPathComponent(RenderCacheIndex.fileName))
        // Small changes are appended while the journal stays under the index's size.
        var next = RenderCacheIndex.read(from: folder)
        var changes = 0
        while changes < 5000 {
            let previous = next
            next.records[key(changes % 4)] = record(10 + changes)
            let expected = next.records
            changes += 1
            next.write(to: folder, after: previous)
            next = RenderCacheIndex.read(from: folder)
            #expect(next.records == expected)
            if try bytes(folder.appendingPathComponent(RenderCacheIndex.fileName)) != base { break }
            #expect(next.journalLength > 0 && next.journalLength <= RenderCacheJournal.smallestLimit)
        }
        // Then folded: a new index with every change, and no journal.
        #expect(changes > 100 && changes < 5000)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(RenderCacheJournal.fileName).path))
        #expect(next.journalLength == 0 && next.records.count == 4)
        #expect(RenderCacheIndex.decode(try bytes(folder.appendingPathComponent(RenderCacheIndex.fileName)))?.records == next.records)
    }
}
