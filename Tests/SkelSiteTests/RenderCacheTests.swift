import Foundation
import SkeletonCore
import Testing
@testable import SkelSite

/// The render cache's flat layout, its whole-entry rule and pruning.
@Suite struct RenderCacheTests {
    static let docs = ComponentBuildTests.docs

    /// Keys of the cache's entries and the names of the files beside them.
    static func layout(_ cache: URL) throws -> [String: [String]] {
        var out: [String: [String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) where !name.hasPrefix(".") {
            #expect(name.utf8.count > 65, "unexpected cache file \(name)")
            out[String(name.prefix(64)), default: []].append(String(name.dropFirst(65)))
        }
        return out.mapValues { $0.sorted() }
    }

    @Test func entriesAreFlatFilesOnePerPNGAndOneForTheRest() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let entries = try Self.layout(site.cache)
        #expect(entries.values.sorted { $0.count < $1.count } == [
            ["dark@1x.png", "dark@2x.png", "entry", "light@1x.png", "light@2x.png"],
            ["dark@1x.png", "dark@2x.png", "entry", "light@1x.png", "light@2x.png", "preview.png", "strip-light@1x.png"],
        ])
        // No temporary files are left, and no folders.
        let hidden = try FileManager.default.contentsOfDirectory(atPath: site.cache.path).filter { $0.hasPrefix(".") }
        // Beside the entries: the doc memo, the entry index and the gallery's cards
        // (`DocMemo`, `RenderCacheIndex`, `GalleryCardsFile`).
        #expect(hidden.sorted() == [".docs.memo", ".entries.index", ".gallery.cards", ".gitignore"])
    }

    @Test func anEntryWithoutItsEntryFileIsRenderedAgain() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let before = TestSite.hashes(of: site.output)
        // As if a build was stopped after the PNGs and before the `.entry` file.
        let key = try #require(try Self.layout(site.cache).first { $0.value.contains("preview.png") }?.key)
        try FileManager.default.removeItem(at: site.cache.appendingPathComponent(key + ".entry"))
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

    @Test func entryFileRoundTrips() throws {
        let artifacts = ComponentArtifacts(scope: "sk-abc", html: "<div>é\n\n</div>", css: ".a{}\n\n", width: 12, height: 7,
                                           pngNames: ["a.png", "b.png"], animated: true, frameTimes: [0, 0.25])
        let digests = ["a.png": String(repeating: "1", count: 64), "b.png": String(repeating: "2", count: 64)]
        let bytes = CacheEntryFile.encode(artifacts, pngDigests: digests)
        #expect(CacheEntryFile.decode(bytes) == CacheEntryFile.Decoded(artifacts: artifacts, pngDigests: digests))
        // A changed byte of the HTML keeps every length but not the body's digest.
        var edited = bytes
        edited[bytes.count - 10] ^= 1
        #expect(CacheEntryFile.decode(edited) == nil)
        // A PNG without a digest (the format before digests) is not an entry.
        #expect(CacheEntryFile.decode(CacheEntryFile.encode(artifacts, pngDigests: ["a.png": digests["a.png"]!])) == nil)
        #expect(CacheEntryFile.decode(Array(bytes.dropLast())) == nil)
        #expect(CacheEntryFile.decode(bytes + [0x41]) == nil)
        #expect(CacheEntryFile.decode([]) == nil)
    }

    @Test func pruningDropsUnusedEntriesAndOldLayoutFolders() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let kept = try Self.layout(site.cache)
        // An entry of a spec that is gone, and a folder of the layout before flat files.
        let gone = String(repeating: "a", count: 64), oldFolder = String(repeating: "b", count: 64)
        try Data("x".utf8).write(to: site.cache.appendingPathComponent(gone + ".entry"))
        try Data("x".utf8).write(to: site.cache.appendingPathComponent(gone + ".light@1x.png"))
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
