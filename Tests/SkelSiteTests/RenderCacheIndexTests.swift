import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// The cache index (`RenderCacheIndex`): what it records, and that an entry changed since
/// or a damaged index is never trusted.
@Suite struct RenderCacheIndexTests {
    static let docs = DocMemoTests.docs

    static func entryKeys(_ cache: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".entry") }
            .map { String($0.prefix(64)) })
    }

    @Test func recordsEveryEntryTheBuildUsedWithItsFileStampAndHead() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let index = RenderCacheIndex.read(from: site.cache)
        #expect(Set(index.records.keys) == (try Self.entryKeys(site.cache)))
        #expect(index.records.count == 2)
        for (key, record) in index.records {
            let bytes = try #require(RenderCache.readRegularFile(site.cache.appendingPathComponent(key + ".entry").path))
            #expect(Array(record.head) == RenderCacheIndex.head(of: bytes))
            #expect(record.stamp == GenerationFiles.Stamp.of(site.cache.appendingPathComponent(key + ".entry").path))
        }
        // A spec edited: its new entry replaces the old one in the index.
        try site.write("c.md", "# C\n\nPlain.\n\n```skeleton\nskeleton width=24 height=5\n  animation shimmer\n```\n")
        _ = try site.build()
        #expect(Set(RenderCacheIndex.read(from: site.cache).records.keys) == (try Self.entryKeys(site.cache)))
        #expect(RenderCacheIndex.read(from: site.cache).records.count == 2)
    }

    @Test func anEntrysHeadReadsAsTheWholeEntry() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        for key in try Self.entryKeys(site.cache) {
            let bytes = try #require(RenderCache.readRegularFile(site.cache.appendingPathComponent(key + ".entry").path))
            let whole = try #require(CacheEntryFile.decode(bytes))
            let head = try #require(RenderCacheIndex.head(of: bytes))
            let body = ComponentArtifacts.Body.loaded(html: whole.artifacts.html, css: whole.artifacts.css)
            #expect(CacheEntryFile.decodeHead(head, body: body, fileSize: bytes.count) == whole)
            #expect(CacheEntryFile.decodeHead(head, body: body, fileSize: bytes.count + 1) == nil)
            // A line without "=" or a PNG without its digest is malformed.
            #expect(CacheEntryFile.decodeHead(Array("scope\n\n".utf8) + head, body: body, fileSize: bytes.count + 7) == nil)
            let text = String(decoding: head, as: UTF8.self)
            let noDigest = text.split(separator: "\n").filter { !$0.hasPrefix("png-sha256=light@1x.png ") }
                .joined(separator: "\n") + "\n\n"
            #expect(CacheEntryFile.decodeHead(Array(noDigest.utf8), body: body,
                                              fileSize: bytes.count - (head.count - noDigest.utf8.count)) == nil)
        }
    }

    @Test func anEntryChangedSinceIsReadAndChecked() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        // The HTML of every entry damaged in place: a new modification time, so the index
        // no longer vouches for it; the damaged entries are painted again.
        for key in try Self.entryKeys(site.cache) {
            let url = site.cache.appendingPathComponent(key + ".entry")
            var bytes = [UInt8](try Data(contentsOf: url))
            bytes[try #require(RenderCacheIndex.head(of: bytes)).count + 2] ^= 0x01  // the HTML's third byte
            try Data(bytes).write(to: url)
        }
        // A title edit makes every page again, so each shows its component's HTML.
        try site.write("c.md", "# Sea\n\nPlain.\n\n```skeleton\nskeleton width=20 height=5\n  animation shimmer\n```\n")
        let report = try site.build()
        #expect((report.rendered, report.cached) == (2, 0))
        #expect(TestSite.hashes(of: site.output) == (try DocMemoTests.cleanBuild(of: site)))
    }

    @Test func pagesMadeFromIndexedEntriesMatchACleanBuild() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        var damaged = [UInt8](try Data(contentsOf: site.cache.appendingPathComponent(RenderCacheIndex.fileName)))
        #expect(RenderCacheIndex.decode(damaged) != nil)
        try site.write("c.md", "# Sea\n\nPlain.\n\n```skeleton\nskeleton width=20 height=5\n  animation shimmer\n```\n")
        let report = try site.build()
        #expect((report.rendered, report.cached) == (0, 2))
        #expect(TestSite.hashes(of: site.output) == (try DocMemoTests.cleanBuild(of: site)))
        // A damaged index holds nothing; the build reads the entries and writes it again.
        damaged[40] ^= 0x01
        #expect(RenderCacheIndex.decode(damaged) == nil)
        try DocMemoTests.replace(site.cache.appendingPathComponent(RenderCacheIndex.fileName), with: damaged)
        try site.write("c.md", "# C\n\nPlain.\n\n```skeleton\nskeleton width=20 height=5\n  animation shimmer\n```\n")
        #expect(try site.build().cached == 2)
        #expect(RenderCacheIndex.read(from: site.cache).records.count == 2)
        #expect(TestSite.hashes(of: site.output) == (try DocMemoTests.cleanBuild(of: site)))
    }

    @Test func fileRoundTripsAndRefusesDamage() {
        let key = String(repeating: "0f", count: 32)
        let index = RenderCacheIndex(records: [
            key: .init(stamp: .init(inode: 12, size: 345, modified: 1_700_000_000_123_456_789), head: Array("a=1\n\n".utf8)),
            String(repeating: "e", count: 64): .init(stamp: .init(inode: 1, size: 0, modified: 0), head: []),
        ])
        let bytes = index.encoded()
        #expect(RenderCacheIndex.decode(bytes) == index)
        #expect(RenderCacheIndex.decode(Array(bytes.dropLast())) == nil)
        var flipped = bytes
        flipped[flipped.count - 70] ^= 0x01
        #expect(RenderCacheIndex.decode(flipped) == nil)
        #expect(RenderCacheIndex.head(of: Array("a=1\nb=2\n\n<p>".utf8)) == Array("a=1\nb=2\n\n".utf8))
        #expect(RenderCacheIndex.head(of: Array("a=1\n".utf8)) == nil)
    }
}
