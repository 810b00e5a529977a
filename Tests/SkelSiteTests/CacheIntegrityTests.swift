import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// The render cache is checked, not trusted (site/reference/limits.md, "Files the build
/// reads and writes"): a damaged PNG is rendered again and the site comes out as from a
/// clean build.
@Suite struct CacheIntegrityTests {
    static let docs = ComponentBuildTests.docs

    /// A site built once, its output's hashes, the cache layout, and the cache entry file
    /// of its animated component with its bytes and where its light @1x PNG lies in it.
    struct Built {
        let site: TestSite
        let clean: [String: String]
        let layout: [String: [String]]
        let png: URL
        let original: Data
        let pngRange: Range<Int>

        init() throws {
            site = try TestSite(CacheIntegrityTests.docs)
            _ = try site.build()
            clean = TestSite.hashes(of: site.output)
            layout = try RenderCacheTests.layout(site.cache)
            png = try RenderCacheTests.animatedEntry(site.cache)
            original = try Data(contentsOf: png)
            let bytes = [UInt8](original)
            let light = try #require(CacheEntryFile.decode(bytes).flatMap { CacheEntryFile.pngSlices(bytes, $0) }?["light@1x.png"])
            pngRange = light.indices
        }
    }

    enum Damage: String, CaseIterable, Sendable {
        case truncate, flipByte, delete, replaceByLink
    }

    @Test(arguments: Damage.allCases)
    func aDamagedCachePNGIsRenderedAgain(_ damage: Damage) throws {
        let built = try Built()
        defer { built.site.remove() }
        let (site, clean, layout, png, original) = (built.site, built.clean, built.layout, built.png, built.original)
        let middle = (built.pngRange.lowerBound + built.pngRange.upperBound) / 2
        switch damage {
        case .truncate:
            try original.prefix(middle).write(to: png)
        case .flipByte:
            var bytes = [UInt8](original)
            bytes[middle] ^= 0x01
            try Data(bytes).write(to: png)
        case .delete:
            try FileManager.default.removeItem(at: png)
        case .replaceByLink:
            // Same bytes, but through a link: not a regular file, so not used.
            let elsewhere = site.root.appendingPathComponent("elsewhere.png")
            try original.write(to: elsewhere)
            try FileManager.default.removeItem(at: png)
            try FileManager.default.createSymbolicLink(atPath: png.path, withDestinationPath: elsewhere.path)
        }
        try FileManager.default.removeItem(at: site.output)
        let report = try site.build()
        #expect(report.succeeded)
        #expect((report.rendered, report.cached) == (1, 1))
        #expect(TestSite.hashes(of: site.output) == clean)
        // The entry is whole again: its file is the original bytes, a regular file.
        #expect(try Data(contentsOf: png) == original)
        #expect(RenderCache.readRegularFile(png.path) == [UInt8](original))
        #expect(try RenderCacheTests.layout(site.cache) == layout)
    }

    /// The cache's PNGs are not read while the live site holds them (by digest); when a
    /// live copy cannot be used after all (edited in place), the cache file is checked
    /// before it is copied, and a damaged one is painted again.
    @Test func aDamagedCachePNGIsCheckedBeforeItReplacesAnEditedOutputPNG() throws {
        let built = try Built()
        defer { built.site.remove() }
        let (site, clean, png, original) = (built.site, built.clean, built.png, built.original)
        var damaged = [UInt8](original)
        damaged[(built.pngRange.lowerBound + built.pngRange.upperBound) / 2] ^= 0x01
        try Data(damaged).write(to: png)
        let light = SHA256.hex(Array([UInt8](original)[built.pngRange]))
        let published = try #require(clean.first { $0.key.hasSuffix("/light@1x.png") && $0.value == light }?.key)
        let handle = try FileHandle(forUpdating: site.output.appendingPathComponent(published))
        try handle.write(contentsOf: Data("edited!!".utf8))
        try handle.close()
        let report = try site.build()
        #expect((report.rendered, report.cached) == (1, 1))
        #expect(TestSite.hashes(of: site.output) == clean)
        #expect(try Data(contentsOf: png) == original)
    }

    @Test func theGalleryIsNotRenderedAgainWhenNothingItShowsChanged() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let index = site.output.appendingPathComponent("index.html")
        var before = stat()
        _ = lstat(index.path, &before)
        // Prose of a doc that is not the intro: the gallery shows none of it.
        let path = try #require(Self.docs.keys.first { $0 != "index.md" })
        try site.write(path, Self.docs[path]! + "\nMore prose.\n")
        _ = try site.build()
        var after = stat()
        _ = lstat(index.path, &after)
        #expect(after.st_ino == before.st_ino)
        let fresh = site.root.appendingPathComponent("fresh")
        _ = try site.builder(output: fresh).build()
        #expect(TestSite.hashes(of: site.output) == TestSite.hashes(of: fresh))
    }

    @Test func anUntouchedCacheIsUsedWhole() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let clean = TestSite.hashes(of: site.output)
        try FileManager.default.removeItem(at: site.output)
        let report = try site.build()
        #expect((report.rendered, report.cached) == (0, 2))
        #expect(TestSite.hashes(of: site.output) == clean)
    }

    @Test func anEntryOfTheFormatBeforeDigestsIsRenderedAgain() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        for (key, _) in try RenderCacheTests.layout(site.cache) {
            let url = site.cache.appendingPathComponent(key + ".entry")
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let stripped = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("png-sha256=") }.joined(separator: "\n")
            try Data(stripped.utf8).write(to: url)
        }
        try site.write("index.md", "# Home\n\nChanged, so the build runs.\n")
        let report = try site.build()
        #expect((report.rendered, report.cached) == (2, 0))
    }
}

/// A cache folder that is a link is refused: a doc author's `.skelsite-cache` link must
/// not make the build write or prune in another folder.
@Suite struct CacheFolderLinkTests {
    @Test func aLinkedCacheFolderIsRefusedAndItsTargetUntouched() throws {
        let site = try TestSite(ComponentBuildTests.docs)
        defer { site.remove() }
        let victim = site.root.appendingPathComponent("victim")
        try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
        let longName = String(repeating: "f", count: 70)
        try Data("keep".utf8).write(to: victim.appendingPathComponent(longName))
        try FileManager.default.createSymbolicLink(atPath: site.cache.path, withDestinationPath: victim.path)
        #expect(throws: SiteBuildError.io("cache folder \(site.cache.path) is a symbolic link; refusing to write through it (remove it: the cache is rebuilt)")) {
            try site.build()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path) == [longName])
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    @Test func aPlantedLinkIsNeverWrittenThrough() throws {
        let site = try TestSite([:])
        defer { site.remove() }
        let target = site.root.appendingPathComponent("target"), link = site.root.appendingPathComponent("link")
        try Data("keep".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        #expect(throws: PlainFileWriter.Failure(path: link.path, code: ELOOP)) {
            try PlainFileWriter.write("new", to: link.path)
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
    }
}
