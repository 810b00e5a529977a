import Foundation
import Testing
@testable import SkelSite

/// A tiny built site written into a temporary folder: one broken reference of each kind,
/// and as many valid ones the checker must accept.
private func makeFixture() throws -> URL {
    let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("skelsite-linkcheck-\(UUID().uuidString)", isDirectory: true)
    let files: [String: String] = [
        "index.html": """
            <!doctype html>
            <link rel="stylesheet" href="assets/site.css">
            <a href="guide/">Guide</a> <a href="guide/#intro">Intro</a>
            <a href="guide/index.html#nowhere">Bad fragment</a>
            <img src="img/a.png" srcset="img/a.png 1x, img/a@2x.png 2x" alt="">
            <a href="https://example.com/x">External</a>
            <a href="mailto:me@example.com">Mail</a> <a href="#">Top</a> <a href="#top">Self</a>
            <h1 id="top">Top</h1>
            <pre><code>&lt;a href=&quot;missing.html&quot;&gt;</code></pre>
            <p>Prose about url(not-a-file.png) is no CSS.</p>
            <script type="application/json">{"url": "x", "a": "<img src=\\"gone.png\\">"}</script>
            <div style="background: url(&quot;img/none.png&quot;)"></div>
            """,
        "guide/index.html": """
            <h2 id="intro">Intro</h2>
            <a href="../index.html?q=a#top">Home</a>
            <a href="../../escape.html">Escape</a>
            <a href="/img/a.png">Root-relative</a>
            <a href='sub'>Folder without index</a>
            <a href="page%20two.html">Percent-encoded</a>
            <a href="//cdn.example.com/lib.js">Protocol-relative</a>
            """,
        "guide/page two.html": "<p>ok</p>\n",
        "guide/sub/readme.txt": "not an index\n",
        "img/a.png": "png",
        "assets/site.css": """
            body { background: url("../img/a.png"); }
            .x { background-image: url(../img/missing.png); }
            .y { background: url(data:image/png;base64,AAAA); }
            @import url('https://fonts.example.com/f.css');
            """,
    ]
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return root
}

@Suite struct LinkCheckTests {
    @Test func fixtureReportsExactlyTheBrokenReferences() throws {
        let root = try makeFixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try SiteLinkChecker.scan(siteFolder: root)
        #expect(report.broken.map(\.description) == [
            "assets/site.css:2: url() \"../img/missing.png\": no file img/missing.png",
            "guide/index.html:3: href \"../../escape.html\": points outside the site folder",
            "guide/index.html:5: href \"sub\": no file guide/sub/index.html",
            "index.html:4: href \"guide/index.html#nowhere\": guide/index.html has no id \"nowhere\"",
            "index.html:5: srcset \"img/a@2x.png\": no file img/a@2x.png",
            "index.html:12: url() \"img/none.png\": no file img/none.png",
        ])
        #expect(report.external.map(\.description) == [
            "assets/site.css:4: url() \"https://fonts.example.com/f.css\": needs the network",
            "guide/index.html:7: href \"//cdn.example.com/lib.js\": needs the network",
            "index.html:6: href \"https://example.com/x\": needs the network",
        ])
        #expect(report.fileCount == 4)
        // index: css, guide/, guide/#intro, guide/index.html#nowhere, src, 2 srcset, #top, style url = 9;
        // guide: ../index.html, ../../escape, /img/a.png, sub, page two = 5; css: 2 local urls.
        #expect(report.checkedCount == 16)
        #expect(try SiteLinkChecker.check(siteFolder: root) == report.broken)
    }

    @Test func missingFolderIsAnError() {
        let url = URL(fileURLWithPath: "/nonexistent-skelsite-\(UUID().uuidString)")
        #expect(throws: SiteLinkChecker.Failure.self) { try SiteLinkChecker.scan(siteFolder: url) }
    }

    @Test func classifiesSchemesAndSplitsFragments() {
        #expect(SiteLinkChecker.classify("HTTPS://x.org") == .external)
        #expect(SiteLinkChecker.classify("data:image/png;base64,") == .skip)
        #expect(SiteLinkChecker.classify("a/b.html?x=1#c%20d") == .local(path: "a/b.html", fragment: "c d"))
        #expect(SiteLinkChecker.classify("#") == .skip)
        // Same page, other query: the page exists.
        #expect(SiteLinkChecker.classify("?q=1") == .skip)
        #expect(SiteLinkChecker.classify("#intro") == .local(path: "", fragment: "intro"))
        #expect(SiteLinkChecker.classify("play.html#spec=abc") == .local(path: "play.html", fragment: nil))
    }

    @Test func resolvesAgainstTheReferringFolder() {
        #expect(SiteLinkChecker.resolve("../x.png", from: "a/b/page.html") == "a/x.png")
        #expect(SiteLinkChecker.resolve("./c/", from: "a/page.html") == "a/c/")
        #expect(SiteLinkChecker.resolve("/root.css", from: "a/page.html") == "root.css")
        #expect(SiteLinkChecker.resolve("../../x", from: "a/page.html") == nil)
        #expect(SiteLinkChecker.resolve("", from: "a/page.html") == "a/page.html")
    }

    @Test func srcsetDropsDescriptors() {
        #expect(ReferenceScanner.srcsetURLs("a.png 1x, b.png 2x,c.png") == ["a.png", "b.png", "c.png"])
    }

    @Test func decodesEntitiesInValues() {
        #expect(ReferenceScanner.decodeEntities("a&amp;b&#x41;&#66;&bogus;&") == "a&bAB&bogus;&")
    }
}
