import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// The output's PNGs are files of their own written from the render cache entry's bytes,
/// never links to the cache: editing a published PNG in place must change neither the
/// cache nor any later build.
@Suite struct OutputCacheIsolationTests {
    static let docs = ["a.md": """
        # A

        ```skeleton
        skeleton "Block" width=40 height=20
          animation none
          rect width=30 height=10
        ```

        """]

    /// The light @1x PNG as the cache entry file holds it, with that file.
    private func cachedLight(_ cache: URL) throws -> (file: URL, png: Data) {
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0.hasSuffix(".entry") })
        let file = cache.appendingPathComponent(name)
        let bytes = try #require(RenderCache.readRegularFile(file.path))
        let entry = try #require(CacheEntryFile.decode(bytes))
        let png = try #require(CacheEntryFile.checkedPNGs(bytes, entry)?["light@1x.png"])
        return (file, Data(png))
    }

    private func status(_ url: URL) throws -> stat {
        var info = stat()
        try #require(lstat(url.path, &info) == 0)
        return info
    }

    @Test func editingAnOutputPNGInPlaceLeavesTheCacheAndTheNextBuildAlone() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let first = try site.build()
        #expect((first.rendered, first.cached) == (1, 0))
        let png = site.output.appendingPathComponent("png/a--block/light@1x.png")
        let rendered = try Data(contentsOf: png)
        let cached = try cachedLight(site.cache)
        #expect(cached.png == rendered)
        // Linked only from the output's two generations (the first build makes the other
        // one as links, site/reference/output-folder.md, "The first edit"), never from the
        // cache: no cache file sees an edit of it.
        #expect(try status(png).st_nlink == 2)
        #expect(try status(Self.workCopy(of: "png/a--block/light@1x.png", in: site)).st_ino == status(png).st_ino)
        #expect(try status(png).st_ino != status(cached.file).st_ino)

        // Overwrite the first bytes in place (same inode, no truncation).
        let handle = try FileHandle(forUpdating: png)
        try handle.write(contentsOf: Data("edited!!".utf8))
        try handle.close()
        #expect(try Data(contentsOf: png) != rendered)
        #expect(try cachedLight(site.cache).png == rendered)

        // A build from scratch into a new output takes the entry from the cache and
        // publishes the rendered picture, not the edited one.
        try FileManager.default.removeItem(at: site.output)
        let fresh = site.root.appendingPathComponent("fresh")
        let second = try site.builder(output: fresh).build()
        #expect((second.rendered, second.cached) == (0, 1))
        #expect(try Data(contentsOf: fresh.appendingPathComponent("png/a--block/light@1x.png")) == rendered)
        #expect(try cachedLight(site.cache).png == rendered)
    }

    /// The same path in the other generation, which shares the file's inode.
    static func workCopy(of path: String, in site: TestSite) -> URL {
        OutputGenerations.storeURL(for: site.output).appendingPathComponent("work/" + path)
    }

    @Test func everyOutputPNGIsLinkedOnlyFromTheTwoGenerations() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let folder = site.output.appendingPathComponent("png/a--block")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["dark@1x.png", "dark@2x.png", "light@1x.png", "light@2x.png"])
        for name in names {
            let png = folder.appendingPathComponent(name)
            #expect(try status(png).st_nlink == 2, "\(name)")
            #expect(try status(Self.workCopy(of: "png/a--block/" + name, in: site)).st_ino == status(png).st_ino, "\(name)")
        }
    }

    @Test func anEditedOutputPNGIsNotCarriedIntoTheNextBuild() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let png = site.output.appendingPathComponent("png/a--block/light@1x.png")
        let rendered = try Data(contentsOf: png)
        let handle = try FileHandle(forUpdating: png)
        try handle.write(contentsOf: Data("edited!!".utf8))  // same size, same inode
        try handle.close()
        try site.write("a.md", Self.docs["a.md"]! + "More text.\n")
        let second = try site.build()
        #expect((second.rendered, second.cached) == (0, 1))
        #expect(try Data(contentsOf: png) == rendered)
        #expect(try status(png).st_nlink == 1)
    }

    @Test func unchangedPNGsAreSharedWithThePreviousGeneration() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let png = site.output.appendingPathComponent("png/a--block/dark@2x.png")
        let before = try status(png).st_ino
        try site.write("a.md", Self.docs["a.md"]! + "More text.\n")
        _ = try site.build()
        // The same inode, linked from both generations of the output and from nothing else.
        #expect(try status(png).st_ino == before)
        #expect(try status(png).st_nlink == 2)
    }

    /// A component folder of the old output that is a link to a folder elsewhere, even
    /// one holding the very same bytes, is not linked from or written through: the new
    /// output holds a real folder with the site's own file (the one the other generation
    /// kept; the moved file shares it, as site/reference/output-folder.md says).
    @Test func aLinkedFolderInTheOldOutputIsNotLinkedFrom() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let component = site.output.appendingPathComponent("png/a--block")
        let foreign = site.root.appendingPathComponent("foreign")
        try FileManager.default.moveItem(at: component, to: foreign)
        try FileManager.default.createSymbolicLink(at: component, withDestinationURL: foreign)
        try site.write("a.md", Self.docs["a.md"]! + "More text.\n")
        _ = try site.build()
        let png = site.output.appendingPathComponent("png/a--block/light@1x.png")
        let foreignPNG = foreign.appendingPathComponent("light@1x.png")
        #expect(try status(component).st_mode & S_IFMT == S_IFDIR)
        #expect(try status(png).st_mode & S_IFMT == S_IFREG)
        #expect(try Data(contentsOf: png) == Data(contentsOf: foreignPNG))
        // Nothing was written through the link: the foreign folder holds what it held.
        #expect(try FileManager.default.contentsOfDirectory(atPath: foreign.path).sorted()
                == ["dark@1x.png", "dark@2x.png", "light@1x.png", "light@2x.png"])
    }
}
