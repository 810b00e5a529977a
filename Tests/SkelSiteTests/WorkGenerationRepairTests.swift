import Foundation
import Testing
@testable import SkelSite

/// What a rebuild does with a work generation that is not as the last build left it:
/// whatever stands there, the published site is the one a build from nothing makes.
@Suite struct WorkGenerationRepairTests {
    static let docs: [String: String] = [
        "a.md": "# A\n\nFirst.\n",
        "guides/b.md": "# B\n\nSecond.\n",
        "guides/c.md": "# C\n\nThird.\n",
    ]

    /// A site built twice, so that the work folder holds the first build's site.
    private func twiceBuilt() throws -> (site: TestSite, work: URL) {
        let site = try TestSite(Self.docs)
        _ = try site.build()
        try site.write("a.md", "# A\n\nChanged.\n")
        _ = try site.build()
        return (site, site.root.appendingPathComponent(".out.skelsite/work"))
    }

    private func expectSameAsFresh(_ site: TestSite) throws {
        let fresh = site.root.appendingPathComponent("fresh")
        _ = try site.builder(output: fresh).build()
        #expect(TestSite.hashes(of: site.output) == TestSite.hashes(of: fresh))
        #expect(Self.entries(in: site.output) == Self.entries(in: fresh))
    }

    /// Every path under `folder`, folders included, relative and sorted.
    private static func entries(in folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var out: [String] = []
        while let path = enumerator.nextObject() as? String { out.append(path) }
        return out.sorted()
    }

    @Test func aFolderWhereAFileGoesIsReplacedByTheFile() throws {
        let (site, work) = try twiceBuilt()
        defer { site.remove() }
        // guides/b.html is unchanged by the next build: it would be kept or linked.
        let page = work.appendingPathComponent("guides/b.html")
        try FileManager.default.removeItem(at: page)
        try FileManager.default.createDirectory(at: page.appendingPathComponent("inner"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: page.appendingPathComponent("inner/x.txt"))
        try site.write("a.md", "# A\n\nChanged again.\n")
        #expect(try site.build().wroteOutput)
        #expect(try site.read("guides/b.html").contains("<p>Second.</p>"))
        try expectSameAsFresh(site)
    }

    @Test func strayFilesAndFoldersInTheWorkFolderAreRemoved() throws {
        let (site, work) = try twiceBuilt()
        defer { site.remove() }
        try Data("x".utf8).write(to: work.appendingPathComponent("guides/stray.html"))
        try FileManager.default.createDirectory(at: work.appendingPathComponent("empty/deeper"), withIntermediateDirectories: true)
        try site.write("a.md", "# A\n\nChanged again.\n")
        #expect(try site.build().wroteOutput)
        try expectSameAsFresh(site)
    }

    @Test func anEmptyFolderAloneInTheWorkFolderIsRemoved() throws {
        // Every file of the work folder is in the new site: only the empty folder is extra.
        let (site, work) = try twiceBuilt()
        defer { site.remove() }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("guides/empty"), withIntermediateDirectories: true)
        try site.write("a.md", "# A\n\nChanged again.\n")
        #expect(try site.build().wroteOutput)
        try expectSameAsFresh(site)
    }

    @Test func aRemovedDocLeavesNoFileBehind() throws {
        let (site, _) = try twiceBuilt()
        defer { site.remove() }
        try FileManager.default.removeItem(at: site.source.appendingPathComponent("guides/c.md"))
        #expect(try site.build().wroteOutput)
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("guides/c.html").path))
        try expectSameAsFresh(site)
        // And once more, now that the work folder holds the site with c.html.
        try site.write("a.md", "# A\n\nChanged a third time.\n")
        #expect(try site.build().wroteOutput)
        try expectSameAsFresh(site)
    }
}
