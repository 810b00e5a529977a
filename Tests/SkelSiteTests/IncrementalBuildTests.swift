import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// Rebuilds: nothing changed means nothing written; any changed input, or an output
/// that no longer matches its manifest, means a full build.
@Suite struct IncrementalBuildTests {
    static let docs: [String: String] = [
        "a.md": "# A\n\nFirst.\n",
        "guides/b.md": "# B\n\nSecond.\n",
        "draft.md": "---\ndraft: true\n---\n# Draft\n",
    ]

    @Test func unchangedRebuildReportsUpToDateAndWritesNothing() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let first = try site.build()
        #expect(first.wroteOutput)
        let marker = site.output.appendingPathComponent(".skelsite-output")
        let modified = try FileManager.default.attributesOfItem(atPath: marker.path)[.modificationDate] as? Date
        let second = try site.build()
        #expect(!second.wroteOutput)
        #expect(second.steps.map(\.line).map { $0.prefix(while: { $0 != "(" }) } == [
            "[1/8] discover docs: 3 docs ", "[2/8] parse Markdown: up to date ", "[3/8] parse specs: up to date ",
            "[4/8] keep unchanged: up to date ", "[5/8] render components: up to date ", "[6/8] write pages: up to date ",
            "[7/8] write indexes: up to date ", "[8/8] swap output: up to date ",
        ])
        #expect((second.documents, second.drafts, second.components, second.filesWritten) == (2, 1, 0, 0))
        // The output folder was not replaced: the marker is the same file, untouched.
        #expect(try FileManager.default.attributesOfItem(atPath: marker.path)[.modificationDate] as? Date == modified)
    }

    @Test func changedDocRebuilds() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        try site.write("a.md", "# A\n\nChanged.\n")
        let report = try site.build()
        #expect(report.wroteOutput)
        #expect(try site.read("a.html").contains("<p>Changed.</p>"))
    }

    @Test func changedOptionRebuilds() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        var builder = site.builder()
        builder.options.baseURL = "https://example.org/docs/"
        #expect(try builder.build().wroteOutput)
        #expect(try site.read("sitemap.xml").contains("<loc>https://example.org/docs/a.html</loc>"))
    }

    @Test func damagedOutputIsRebuilt() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let hashes = TestSite.hashes(of: site.output)
        // A deleted page and a truncated one both fail the manifest's file list check.
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("guides/b.html"))
        #expect(try site.build().wroteOutput)
        #expect(TestSite.hashes(of: site.output) == hashes)
        try Data("x".utf8).write(to: site.output.appendingPathComponent("a.html"))
        #expect(try site.build().wroteOutput)
        #expect(TestSite.hashes(of: site.output) == hashes)
    }

    @Test func buildWithWarningsIsUpToDateAndWarnsAgain() throws {
        // An unknown front matter key and a white row without dark-fill are warnings: the
        // next build takes the up-to-date path and prints the same warnings, from the
        // output's record (`OutputManifest.warnings`), in the same order.
        let card = "```skeleton\nskeleton \"Card\" width=200\n  row padding=8 fill=#FFFFFF\n    rect height=12\n```\n"
        let site = try TestSite(["a.md": "---\ncolour: red\n---\n# A\n\n" + card, "b.md": "# B\n"])
        defer { site.remove() }
        let first = try site.build()
        #expect(first.succeeded && first.wroteOutput)
        #expect(first.diagnostics.map { "\($0.path):\($0.line):\($0.column) \($0.severity.label)" }
                    == ["docs/a.md:2:1 warning", "docs/a.md:8:17 warning"])
        let second = try site.build()
        #expect(!second.wroteOutput)
        #expect(second.steps.map(\.line).map { $0.prefix(while: { $0 != "(" }) } == [
            "[1/8] discover docs: 2 docs ", "[2/8] parse Markdown: up to date ", "[3/8] parse specs: up to date ",
            "[4/8] keep unchanged: up to date ", "[5/8] render components: up to date ", "[6/8] write pages: up to date ",
            "[7/8] write indexes: up to date ", "[8/8] swap output: up to date ",
        ])
        #expect(second.diagnostics == first.diagnostics)
        #expect(second.diagnostics.map(\.text) == first.diagnostics.map(\.text))
        // Named as this build names the source: the record holds paths relative to it.
        var other = site.builder()
        other.displaySource = "./docs/"
        let third = try other.build()
        #expect(!third.wroteOutput)
        #expect(third.diagnostics.map(\.path) == ["./docs/a.md", "./docs/a.md"])
        #expect(third.diagnostics.map(\.message) == first.diagnostics.map(\.message))
    }

    @Test func warningsSurviveTheOutputRecord() throws {
        // Tabs, newlines, "%" and a missing source line come back as they were written.
        let warnings = [
            RecordedWarning(path: "a b/c.md", line: 3, column: 7, message: "50% of\tthe\nrow\r=x", sourceLine: "  row\tfill=%09"),
            RecordedWarning(path: "d.md", line: 1, column: 1, message: "m", sourceLine: nil),
            RecordedWarning(path: "e.md", line: 2, column: 1, message: "", sourceLine: ""),
        ]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-warn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = OutputManifest(inputs: "abc", documents: 3, listing: .init(files: 1, bytes: 2, digest: "-"),
                                      warnings: warnings)
        try manifest.markerText().write(to: folder.appendingPathComponent(OutputSwap.markerName), atomically: false,
                                        encoding: .utf8)
        #expect(OutputManifest.read(from: folder) == manifest)
        // A warning line that does not read makes the whole record unusable.
        try (manifest.markerText() + "warning=x\t1\n").write(to: folder.appendingPathComponent(OutputSwap.markerName),
                                                            atomically: false, encoding: .utf8)
        #expect(OutputManifest.read(from: folder) == nil)
    }

    private func inode(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int)
    }

    @Test func unchangedPagesAreLinkedFromThePreviousOutput() throws {
        let site = try TestSite(Self.docs.merging(["guides/c.md": "# C\n\nThird.\n"]) { $1 })
        defer { site.remove() }
        _ = try site.build()
        let (a, b) = (try inode(site.output.appendingPathComponent("a.html")), try inode(site.output.appendingPathComponent("guides/b.html")))
        // A body change: the nav, titles and neighbours stay, so only a.html is rendered.
        try site.write("a.md", "# A\n\nChanged.\n")
        let report = try site.build()
        // Step 4 kept the two unchanged pages before anything was made.
        #expect(report.steps[3].line.hasPrefix("[4/8] keep unchanged: 2 pages, 0 PNGs ("))
        #expect(report.steps[5].summary.hasPrefix("\(3 + TestSite.themePages.count) pages (2 unchanged, linked from the previous output), 0 PNGs, "))
        #expect(try inode(site.output.appendingPathComponent("a.html")) != a)
        #expect(try inode(site.output.appendingPathComponent("guides/b.html")) == b)
        // The result is byte-identical to a build from nothing.
        let fresh = site.root.appendingPathComponent("fresh")
        _ = try site.builder(output: fresh).build()
        #expect(TestSite.hashes(of: site.output) == TestSite.hashes(of: fresh))
        // A title change moves the nav of every page: nothing is reused.
        try site.write("guides/c.md", "# C renamed\n\nThird.\n")
        let renamed = try site.build()
        // The two docs taken from their memos are parsed by step 4, since their pages are made.
        #expect(renamed.steps[3].summary == "0 pages, 0 PNGs, 2 unchanged docs parsed to make the rest")
        #expect(renamed.steps[5].summary.hasPrefix("\(3 + TestSite.themePages.count) pages, 0 PNGs, "))
        #expect(try site.read("a.html").contains(">C renamed</a>"))
    }
}
