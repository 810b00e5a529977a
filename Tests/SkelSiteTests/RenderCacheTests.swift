import Foundation
import SkeletonCore
import Testing
@testable import SkelSite
import SkelsiteStore

/// The render cache's flat layout, its whole-entry rule and pruning.
@Suite struct RenderCacheTests {
    static let docs = ComponentBuildTests.docs

    /// Keys of the cache's entries and the names of the PNGs each entry file holds
    /// (empty for a file that is not a whole entry). Every file is `<key>.entry`.
    static func layout(_ cache: URL) throws -> [String: [String]] {
        var out: [String: [String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) where !name.hasPrefix(".") {
            #expect(name.utf8.count == 70 && name.hasSuffix(".entry"), "unexpected cache file \(name)")
            let bytes = RenderCache.readRegularFile(cache.appendingPathComponent(name).path) ?? []
            out[String(name.prefix(64))] = (CacheEntryFile.decode(bytes)?.artifacts.pngNames ?? []).sorted()
        }
        return out
    }

    /// The entry file of the cache's animated component (the one with a preview).
    static func animatedEntry(_ cache: URL) throws -> URL {
        let key = try #require(try layout(cache).first { $0.value.contains("preview.png") }?.key)
        return cache.appendingPathComponent(key + ".entry")
    }

    @Test func anEntryIsOneFileHoldingItsPNGs() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let entries = try Self.layout(site.cache)
        #expect(entries.values.sorted { $0.count < $1.count } == [
            ["dark@1x.png", "dark@2x.png", "light@1x.png", "light@2x.png"],
            ["dark@1x.png", "dark@2x.png", "light@1x.png", "light@2x.png", "preview.png", "strip-light@1x.png"],
        ])
        // The PNGs in the entries are, byte for byte, the ones the site publishes.
        var cached: [String] = []
        for key in entries.keys {
            let bytes = try #require(RenderCache.readRegularFile(site.cache.appendingPathComponent(key + ".entry").path))
            let entry = try #require(CacheEntryFile.decode(bytes))
            let pngs = try #require(CacheEntryFile.checkedPNGs(bytes, entry))
            cached += pngs.values.map { SHA256.hex(Array($0)) }
        }
        let published = TestSite.hashes(of: site.output).filter { $0.key.hasSuffix(".png") }.values
        #expect(cached.sorted() == published.sorted())
        // No temporary files are left, and no folders.
        // Beside the entries: the doc memo, the entry index and the gallery's cards
        // (`DocMemo`, `RenderCacheIndex`, `GalleryCardsFile`); the inputs' digests too when
        // the docs were written two seconds before the build read them (`FileDigestMemory`).
        let hidden = try FileManager.default.contentsOfDirectory(atPath: site.cache.path)
            .filter { $0.hasPrefix(".") && $0 != FileDigestMemory.fileName }
        #expect(hidden.sorted() == [".docs.memo", ".entries.index", ".gallery.cards", ".gitignore"])
    }

    @Test func anEntryWithoutItsEntryFileIsRenderedAgain() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let before = TestSite.hashes(of: site.output)
        // As if a build was stopped before the `.entry` file was renamed into place.
        try FileManager.default.removeItem(at: try Self.animatedEntry(site.cache))
        try FileManager.default.removeItem(at: site.output)
        let report = try site.build()
        #expect((report.rendered, report.cached) == (1, 1))
        #expect(TestSite.hashes(of: site.output) == before)
    }

    @Test func aDamagedEntryFileIsRenderedAgain() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let before = TestSite.hashes(of: site.output)
        for (key, _) in try Self.layout(site.cache) {
            let url = site.cache.appendingPathComponent(key + ".entry")
            let bytes = try Data(contentsOf: url)
            try bytes.dropLast(3).write(to: url)  // the CSS is cut short
        }
        try FileManager.default.removeItem(at: site.output)
        let report = try site.build()
        #expect((report.rendered, report.cached) == (2, 0))
        #expect(TestSite.hashes(of: site.output) == before)
    }

    @Test func aStoredEntryIsRecordedAsTheIndexWouldAndItsPNGsReadCheckedFromIt() throws {
        let site = try TestSite([:])
        defer { site.remove() }
        let cache = RenderCache(directory: site.cache)
        try cache.prepare()
        let spec = try #require(SpecParser.parse("skeleton \"x\" width=80\n  animation shimmer duration=1.2s\n  row gap=8\n    circle 20\n    rect width=40 height=10\n").spec)
        let output = ComponentRenderer.render(spec, label: "x")
        let key = String(repeating: "ab", count: 32)
        let stored = try cache.store(key, output)
        // The record made from the written file is the one a look at the stored entry makes.
        let record = try #require(stored.record)
        #expect(cache.indexRecord(key, stored.entry) == record)
        #expect(cache.indexedEntry(key, record)?.pngDigests == stored.entry.pngDigests)
        let names = output.artifacts.pngNames
        #expect(names.count == 6)
        let read = try #require(cache.checkedEntry(key))
        #expect(read.entry == stored.entry)
        #expect(read.pngs.mapValues(Array.init) == Dictionary(uniqueKeysWithValues: output.files))
        // One PNG byte changed (the last byte of the file is the last PNG's): the entry is
        // damaged, found when it is read, and no longer vouched for by its stamp.
        let path = site.cache.appendingPathComponent(key + ".entry").path
        var bytes = try #require(RenderCache.readRegularFile(path))
        bytes[bytes.count - 1] ^= 0xFF
        #expect(unlink(path) == 0)
        try PlainFileWriter.write(bytes, to: path)
        #expect(cache.checkedEntry(key) == nil)
        #expect(cache.indexedEntry(key, record) == nil)
    }

    @Test func entryFileRoundTrips() throws {
        let artifacts = ComponentArtifacts(scope: "sk-abc", html: "<div>é\n\n</div>", css: ".a{}\n\n", width: 12, height: 7,
                                           pngNames: ["a.png", "b.png"], animated: true, frameTimes: [0, 0.25])
        let a: [UInt8] = [1, 2, 3], b: [UInt8] = [9, 8]
        let (entry, bytes) = CacheEntryFile.encode(artifacts, pngs: [("b.png", b), ("a.png", a)])
        #expect(entry == CacheEntryFile.Decoded(artifacts: artifacts, pngDigests: ["a.png": SHA256.hex(a), "b.png": SHA256.hex(b)],
                                                pngSizes: ["a.png": 3, "b.png": 2]))
        #expect(CacheEntryFile.decode(bytes) == entry)
        // The PNGs follow the HTML and CSS in the order of the `png=` lines.
        #expect(Array(bytes.suffix(5)) == a + b)
        let pngs = try #require(CacheEntryFile.checkedPNGs(bytes, entry))
        #expect(pngs.mapValues { Array($0) } == ["a.png": a, "b.png": b])
        // A changed byte of the HTML keeps every length but not the body's digest.
        let htmlAt = try #require(bytes.firstRange(of: Array("<div>".utf8))).lowerBound
        var edited = bytes
        edited[htmlAt + 1] ^= 1
        #expect(CacheEntryFile.decode(edited) == nil)
        // A changed byte of a PNG decodes (the head and body are whole) but fails its digest.
        var damaged = bytes
        damaged[bytes.count - 1] ^= 1
        let decoded = try #require(CacheEntryFile.decode(damaged))
        #expect(CacheEntryFile.pngSlices(damaged, decoded)?["b.png"].map(Array.init) == [9, 9])
        #expect(CacheEntryFile.checkedPNGs(damaged, decoded) == nil)
        // Without the digest or the size of a PNG (older formats) it is not an entry.
        let text = String(decoding: bytes, as: UTF8.self)
        for prefix in ["png-sha256=a.png ", "png-bytes=a.png "] {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(prefix) }
            #expect(CacheEntryFile.decode(Array(lines.joined(separator: "\n").utf8)) == nil)
        }
        #expect(CacheEntryFile.decode(Array(bytes.dropLast())) == nil)
        #expect(CacheEntryFile.decode(bytes + [0x41]) == nil)
        #expect(CacheEntryFile.decode([]) == nil)
    }

    @Test func pruningDropsUnusedEntriesAndOldLayoutFolders() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let kept = try Self.layout(site.cache)
        // An entry of a spec that is gone, a folder of the layout before flat files, and
        // a PNG file of a kept entry from the layout with a file per PNG.
        let gone = String(repeating: "a", count: 64), oldFolder = String(repeating: "b", count: 64)
        try Data("x".utf8).write(to: site.cache.appendingPathComponent(gone + ".entry"))
        try Data("x".utf8).write(to: site.cache.appendingPathComponent(gone + ".light@1x.png"))
        let keptKey = try #require(kept.keys.first)
        try Data("x".utf8).write(to: site.cache.appendingPathComponent(keptKey + ".light@1x.png"))
        try FileManager.default.createDirectory(at: site.cache.appendingPathComponent(oldFolder), withIntermediateDirectories: true)
        try site.write("index.md", "# Home\n\nChanged, so the build runs.\n")
        _ = try site.build()
        #expect(try Self.layout(site.cache) == kept)
    }

    @Test func stripPutsFramesSideBySide() {
        func image(_ value: UInt8) -> RGBAImage {
            RGBAImage(width: 2, height: 2, pixels: (0..<16).map { value &+ UInt8($0) })
        }
        let strip = ComponentRenderer.sideBySide([image(0), image(100), image(200)])
        #expect((strip.width, strip.height) == (6, 2))
        // Row 0 holds each frame's row 0 (8 bytes each), then row 1 likewise.
        let expected: [UInt8] = Array(0..<8) + Array(100..<108) + Array(200..<208)
            + Array(8..<16) + Array(108..<116) + Array(208..<216)
        #expect(strip.pixels == expected)
        #expect(ComponentRenderer.sideBySide([]).width == 0)
    }
}
