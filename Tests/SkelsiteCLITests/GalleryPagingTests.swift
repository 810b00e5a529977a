import Foundation
import Testing

/// A gallery of more components than one page holds (site/reference/limits.md,
/// "Gallery"): the page is written with its first 200 cards and every card's size, the
/// docs list gives a folder of a big site as one line, and in Chromium the rest come a
/// page at a time and search finds every component (Tests/browser/gallery-paged.test.mjs).
/// A gallery of 200 is written whole, as before.
@Suite struct GalleryPagingTests {
    /// `count` components, two a doc (the last doc one when odd): docs `alpha/doc-N.md`
    /// for the first half of the docs, `Beta/doc-N.md` for the rest; component N is 8+N%5
    /// pixels tall, so sizes differ; docs tagged `half-a` / `half-b`.
    static func makeSite(components count: Int) throws -> (docs: URL, out: URL, root: URL) {
        let root = try CLIRunner.temporaryFolder()
        let docs = root.appendingPathComponent("docs"), out = root.appendingPathComponent("out")
        let docCount = (count + 1) / 2
        for doc in 0..<docCount {
            let folder = doc < docCount / 2 ? "alpha" : "Beta"
            let url = docs.appendingPathComponent("\(folder)/doc-\(doc).md")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            var text = "---\ntitle: Doc \(doc)\ntags: [\(folder == "alpha" ? "half-a" : "half-b")]\n---\n\n# Doc \(doc)\n"
            for component in (doc * 2)..<min(doc * 2 + 2, count) {
                text += "\n```skeleton\nskeleton \"Card \(component)\" width=40\n  rect width=100% height=\(8 + component % 5)\n```\n"
            }
            try Data(text.utf8).write(to: url)
        }
        return (docs, out, root)
    }

    @Test func aGalleryOf201IsPagedAndWorksInChromium() throws {
        let site = try Self.makeSite(components: 201)
        defer { try? FileManager.default.removeItem(at: site.root) }
        let build = try CLIRunner.run(["build", site.docs.path, "-o", site.out.path, "--base-url", "https://example.com"])
        #expect(build.status == 0, "\(build.stderr)")
        let html = try String(contentsOf: site.out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<li class=\"card\" ").count - 1 == 200)
        #expect(html.contains("<ul class=\"cards\" data-page-size=\"200\">\n"))
        // Cards in gallery order (nav order: alpha's docs, then Beta's): the first 200.
        #expect(html.contains("data-id=\"alpha-doc-0--card-0\""))
        #expect(html.contains("<p class=\"cards-more\">Showing the first 200 of 201 components: search them all, or open a doc below.</p>\n"
            + "    <button type=\"button\" class=\"more-cards\" data-js-only hidden>Show 200 more</button>\n"))
        let search = try String(contentsOf: site.out.appendingPathComponent("search-index.json"), encoding: .utf8)
        let ids = search.matches(of: /"id":"([^"]+)"/).map { String($0.1) }
        #expect(ids.count == 201)
        let sizes = try #require(html.firstMatch(of: /<script type="application\/json" id="skelsite-card-sizes">([^<]*)<\/script>/))
        let heights = ids.map { id in 8 + (Int(id.split(separator: "-").last!)! % 5) }
        #expect(String(sizes.1) == "[" + heights.map { "[40,\($0)]" }.joined(separator: ",") + "]")
        // 101 docs: more than the nav shows whole, so a line a folder, linking to its first doc.
        let docList = try #require(html.firstMatch(of: /<section class="doc-list"[\s\S]*?<\/section>/)).0
        #expect(docList.components(separatedBy: "\n").filter { $0.contains("<li>") } == [
            "      <li><a href=\"alpha/doc-0.html\">Alpha</a>: 50 docs <span class=\"count\">(100)</span></li>",
            "      <li><a href=\"beta/doc-50.html\">Beta</a>: 51 docs <span class=\"count\">(101)</span></li>",
        ])
        let run = try RepositoryCommand.run(["node", "Tests/browser/gallery-paged.test.mjs", site.out.path])
        #expect(run.status == 0, "gallery-paged.test.mjs exited \(run.status):\n\(run.output)")
        #expect(run.output.contains("gallery-paged: ok"), "\(run.output)")
    }

    /// A rebuild takes unchanged cards from the live page (GalleryCardsFile) and makes
    /// the rest: the same bytes as a clean build, whether the edited card is on the page
    /// or only in the search index.
    @Test func aRebuildOfAPagedGalleryIsACleanBuildsBytes() throws {
        let site = try Self.makeSite(components: 205)
        defer { try? FileManager.default.removeItem(at: site.root) }
        let cache = site.root.appendingPathComponent("cache")
        let first = try CLIRunner.run(["build", site.docs.path, "-o", site.out.path, "--cache-dir", cache.path, "--quiet"])
        #expect(first.status == 0, "\(first.stderr)")
        for (path, old, new) in [("alpha/doc-1.md", "\"Card 3\"", "\"Card 3 edited\""),
                                 ("Beta/doc-101.md", "\"Card 203\"", "\"Card 203 edited\"")] {
            let url = site.docs.appendingPathComponent(path)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains(old))
            try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
        }
        let again = try CLIRunner.run(["build", site.docs.path, "-o", site.out.path, "--cache-dir", cache.path, "--quiet"])
        #expect(again.status == 0, "\(again.stderr)")
        let clean = site.root.appendingPathComponent("clean")
        let fresh = try CLIRunner.run(["build", site.docs.path, "-o", clean.path, "--cache-dir",
                                       site.root.appendingPathComponent("clean-cache").path, "--quiet"])
        #expect(fresh.status == 0, "\(fresh.stderr)")
        let rebuilt = try Data(contentsOf: site.out.appendingPathComponent("index.html"))
        #expect(rebuilt == (try Data(contentsOf: clean.appendingPathComponent("index.html"))))
        let html = String(decoding: rebuilt, as: UTF8.self)
        #expect(html.contains(">Card 3 edited</span>"))
        #expect(html.contains("\"title\":\"Card 203 edited\""))
    }

    @Test func aGalleryOf200IsWrittenWhole() throws {
        let site = try Self.makeSite(components: 200)
        defer { try? FileManager.default.removeItem(at: site.root) }
        let build = try CLIRunner.run(["build", site.docs.path, "-o", site.out.path])
        #expect(build.status == 0, "\(build.stderr)")
        let html = try String(contentsOf: site.out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<li class=\"card\" ").count - 1 == 200)
        #expect(html.contains("<ul class=\"cards\">\n"))
        #expect(!html.contains("cards-more") && !html.contains("skelsite-card-sizes") && !html.contains("more-cards"))
        // 100 docs: the nav's limit, so every doc is listed.
        let docList = try #require(html.firstMatch(of: /<section class="doc-list"[\s\S]*?<\/section>/)).0
        #expect(docList.components(separatedBy: "<li><a href=").count - 1 == 100)
    }
}
