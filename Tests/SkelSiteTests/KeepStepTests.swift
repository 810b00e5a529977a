import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// Step 4 (`KeepStep`) decides what the later steps make: what the live site still holds
/// is kept, a doc from its memo is parsed only when something of it must be made, and a
/// damaged cache entry is found and painted again by step 5 when its PNGs are read
/// (site/reference/output-folder.md).
@Suite struct KeepStepTests {
    static let docs = [
        "index.md": "# Home\n\nIntro.\n",
        "cards.md": "# Cards\n\n```skeleton\nskeleton \"Row\" width=50 height=10\n  animation none\n  rect width=10 height=10\n```\n",
    ]
    static let folder = "png/cards--row/"

    private func summaries(_ report: BuildReport) -> [String] { report.steps.map(\.summary) }

    @Test func aDamagedEntryWhosePNGsAreNeededIsPaintedAgainByTheRenderStep() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        // The cache entry is damaged (its last PNG's last byte), and a new doc shows the same
        // spec: its PNGs (a new folder) must be written from that entry.
        let entries = try FileManager.default.contentsOfDirectory(atPath: site.cache.path).filter { $0.hasSuffix(".entry") }
        #expect(entries.count == 1)
        let entry = site.cache.appendingPathComponent(entries[0]).path
        var bytes = try #require(RenderCache.readRegularFile(entry))
        bytes[bytes.count - 1] ^= 0xFF
        #expect(unlink(entry) == 0)
        try PlainFileWriter.write(bytes, to: entry)
        try site.write("more.md", Self.docs["cards.md"]!.replacingOccurrences(of: "# Cards", with: "# More"))

        let report = try site.build()
        #expect(report.diagnostics == [])
        // A new doc changes every page's nav (no page kept, no memo used: the docs are
        // read), the cards' four PNGs are kept; the entry is found damaged when read for the
        // new folder, painted again, counted once.
        #expect(summaries(report)[3] == "0 pages, 4 PNGs")
        #expect(summaries(report)[4] == "rendered 1, cached 0")
        #expect((report.rendered, report.cached) == (1, 0))
        let fresh = site.root.appendingPathComponent("fresh")
        _ = try site.builder(output: fresh).build()
        #expect(TestSite.hashes(of: site.output) == TestSite.hashes(of: fresh))
        #expect(try Data(contentsOf: site.output.appendingPathComponent("png/more--row/light@2x.png"))
                    == Data(contentsOf: site.output.appendingPathComponent(Self.folder + "light@2x.png")))
        // The entry was stored whole again: the next build takes it from the cache.
        try site.write("third.md", Self.docs["cards.md"]!.replacingOccurrences(of: "# Cards", with: "# Third"))
        let again = try site.build()
        #expect(summaries(again)[4] == "rendered 0, cached 1")
    }

    @Test func aMemoDocWhosePageAndPNGsAreKeptIsNotParsed() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        // Only the intro changes (same title): the cards page and its PNGs are kept as they are.
        try site.write("index.md", "# Home\n\nAnother intro.\n")
        let report = try site.build()
        #expect(summaries(report)[1] == "2 docs, 1 unchanged, 1 specs")
        #expect(summaries(report)[3] == "1 pages, 4 PNGs")
        #expect(summaries(report)[4] == "rendered 0, cached 1")
        let fresh = site.root.appendingPathComponent("fresh")
        _ = try site.builder(output: fresh).build()
        #expect(TestSite.hashes(of: site.output) == TestSite.hashes(of: fresh))
    }

    @Test func aHandEditedPageIsMadeAgainFromTheMemoDocParsedByStep4() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let fresh = TestSite.hashes(of: site.output)
        // The live page no longer looks as its record says: it is not kept, so its doc
        // (from its memo) is parsed and the page made again; its PNGs are kept.
        try "edited".write(to: site.output.appendingPathComponent("cards.html"), atomically: false, encoding: .utf8)
        let report = try site.build()
        #expect(summaries(report)[3] == "0 pages, 4 PNGs, 2 unchanged docs parsed to make the rest")
        #expect(summaries(report)[4] == "rendered 0, cached 1")
        #expect(TestSite.hashes(of: site.output) == fresh)
    }
}
