import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// End-to-end builds of docs without specs: output tree, pages, indexes, swap safety.
@Suite struct SiteBuildTests {
    static let plainDocs: [String: String] = [
        "index.md": "---\ntitle: Fixture site\ndescription: A small docs folder.\ntags: [home]\norder: 0\n---\n\n# Welcome\n\nSee [the guide](guides/intro.md#setup).\n",
        "guides/intro.md": "---\ntitle: \"Intro guide\"\ntags:\n  - guide\norder: 2\n---\n\n# Setup\n\nBack [home](../index.md).\n",
        "about.md": "# About this\n\nNo front matter. <script>alert(1)</script>\n",
        "zeta.md": "---\norder: 1\n---\n# Zeta\n",
        "draft.md": "---\ndraft: true\n---\n# Draft\n",
        "_partial.md": "# skipped: underscore\n",
        "notes.txt": "not a doc\n",
    ]

    @Test func buildsTheOutputTree() throws {
        let site = try TestSite(Self.plainDocs)
        defer { site.remove() }
        let report = try site.build()
        #expect(report.diagnostics == [])
        #expect(report.documents == 4)
        #expect(report.drafts == 1)
        #expect(report.wroteOutput)
        #expect(report.steps.map(\.name) == BuildStep.allCases.map(\.displayName))
        #expect(report.steps.map(\.index) == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(TestSite.themeAssets.contains("assets/gallery.css"))
        #expect(TestSite.themeAssets.contains("assets/gallery.js"))
        #expect(TestSite.files(in: site.output) == ([
            ".skelsite-output", "about.html", "diff/.skelsite-diff-report", "diff/index.html", "guides/intro.html",
            "index.html", "search-index.json", "zeta.html",
        ] + TestSite.themeAssets + TestSite.themePages).sorted())
    }

    @Test func pagesHaveNavLinksAndEscapedContent() throws {
        let site = try TestSite(Self.plainDocs)
        defer { site.remove() }
        _ = try site.build()
        let intro = try site.read("guides/intro.html")
        #expect(intro.contains("<title>Intro guide · Fixture site</title>"))
        #expect(intro.contains("<link rel=\"stylesheet\" href=\"../assets/gallery.css\">"))
        #expect(intro.contains("<a href=\"../index.html\">home</a>"))
        // Nav: root docs first, order 1 (Zeta) then no order (About this); then the
        // "Guides" folder group.
        let nav = ["../zeta.html", "../about.html", "Guides", "../guides/intro.html"].map { intro.range(of: $0)!.lowerBound }
        #expect(nav == nav.sorted())
        #expect(intro.contains("<p class=\"nav-group-label\">Guides</p>"))
        #expect(intro.contains("<a href=\"../guides/intro.html\" aria-current=\"page\">Intro guide</a>"))
        #expect(intro.contains("<a class=\"pager-prev\" href=\"../about.html\" rel=\"prev\"><span>Previous</span> About this</a>"))
        #expect(!intro.contains("pager-next"))
        let zeta = try site.read("zeta.html")
        #expect(zeta.contains("<a class=\"pager-next\" href=\"about.html\" rel=\"next\"><span>Next</span> About this</a>"))
        let about = try site.read("about.html")
        #expect(!about.contains("<script>alert"))
        #expect(about.contains("<!-- raw HTML omitted -->alert(1)<!-- raw HTML omitted -->"))
        let index = try site.read("index.html")
        #expect(index.contains("<a href=\"guides/intro.html#setup\">the guide</a>"))
        #expect(index.contains("<meta name=\"description\" content=\"A small docs folder.\">"))
        #expect(!index.contains("draft.html"))
    }

    @Test func sitemapAndSearchIndex() throws {
        let site = try TestSite(Self.plainDocs)
        defer { site.remove() }
        var builder = site.builder()
        builder.options.baseURL = "https://example.org/docs"
        _ = try builder.build()
        let pages = (["about.html", "guides/intro.html", "index.html", "zeta.html"] + TestSite.themePages).sorted()
        #expect(try site.read("sitemap.xml") == """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """ + pages.map { "  <url><loc>https://example.org/docs/\($0)</loc></url>\n" }.joined() + "</urlset>\n")
        #expect(try site.read("search-index.json") == "[]\n")
    }

    @Test func outputIsByteIdenticalAcrossBuilds() throws {
        let site = try TestSite(Self.plainDocs)
        defer { site.remove() }
        _ = try site.build()
        let first = TestSite.hashes(of: site.output)
        _ = try site.build()
        #expect(TestSite.hashes(of: site.output) == first)
        // No base URL, so no sitemap.xml.
        #expect(first.count == 8 + TestSite.themeAssets.count + TestSite.themePages.count)
    }

    @Test func failedBuildLeavesPreviousOutputUntouched() throws {
        let site = try TestSite(Self.plainDocs)
        defer { site.remove() }
        _ = try site.build()
        let before = TestSite.hashes(of: site.output)
        try site.write("about.md", "---\norder: first\ndraft: perhaps\n---\n# About\n")
        try site.write("zeta.md", "---\ntitle: \"unclosed\n---\n")
        let report = try site.build()
        #expect(!report.wroteOutput)
        #expect(report.diagnostics.map(\.description) == [
            "docs/about.md:2:8: error: order must be a whole number, got 'first'\norder: first\n       ^",
            "docs/about.md:3:8: error: draft must be true or false, got 'perhaps'\ndraft: perhaps\n       ^",
            "docs/zeta.md:2:8: error: unterminated quoted string\ntitle: \"unclosed\n       ^",
        ])
        #expect(report.steps.map(\.name) == ["discover docs", "parse Markdown", "parse specs"])
        #expect(TestSite.hashes(of: site.output) == before)
        // Nothing is left behind but the first build's cache and work-generation store.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted()
        #expect(leftovers == [".out.skelsite", "cache", "docs", "out"])
    }

    @Test func checkWritesNothing() throws {
        let site = try TestSite(Self.plainDocs)
        defer { site.remove() }
        let report = try site.builder().check()
        #expect(report.succeeded)
        #expect(report.documents == 4)
        #expect(report.steps.map(\.name) == ["discover docs", "parse Markdown", "parse specs"])
        #expect(report.steps.map(\.total) == [3, 3, 3])
        let top = try FileManager.default.contentsOfDirectory(atPath: site.root.path)
        #expect(top == ["docs"])
        #expect(TestSite.files(in: site.source).count == Self.plainDocs.count)
    }

    @Test func refusesToReplaceAForeignFolder() throws {
        let site = try TestSite(Self.plainDocs)
        defer { site.remove() }
        try FileManager.default.createDirectory(at: site.output, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: site.output.appendingPathComponent("precious.txt"))
        #expect(throws: SiteBuildError.io("refusing to replace \(site.output.path): it is not empty and was not written by skelsite (no .skelsite-output)")) {
            try site.build()
        }
        #expect(TestSite.files(in: site.output) == ["precious.txt"])
        // Refused before anything is rendered or written.
        let top = try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted()
        #expect(top == ["docs", "out"])
    }

    @Test func refusesAnOutputThatHoldsTheSource() throws {
        let site = try TestSite(Self.plainDocs)
        defer { site.remove() }
        #expect(throws: SiteBuildError.io("output folder \(site.root.path) contains the source folder; choose another --output")) {
            try site.builder(output: site.root).build()
        }
    }

    @Test func missingSourceIsAnIOError() throws {
        let site = try TestSite([:])
        defer { site.remove() }
        try FileManager.default.removeItem(at: site.source)
        #expect(throws: SiteBuildError.io("source folder \(site.source.path) does not exist or is not a folder")) {
            try site.build()
        }
    }

    @Test func collidingPagesAreReported() throws {
        let site = try TestSite(["A b.md": "# one\n", "a-b.md": "# two\n"])
        defer { site.remove() }
        let report = try site.build()
        #expect(report.diagnostics.map(\.description) == [
            "docs/a-b.md:1:1: error: page a-b.html would also come from A b.md; rename one of them",
        ])
    }
}
