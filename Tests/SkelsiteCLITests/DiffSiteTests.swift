import Foundation
import SkelSite
import SkeletonCore
import Testing

/// The built gallery's `diff/` folder: the build's placeholder, the nav link to it, the
/// report `skelsite diff` puts in its place, and what rebuilds do with that report.
@Suite struct DiffSiteTests {
    typealias F = DiffCLIFixtures

    static let docs = [
        "docs/index.md": "# Home\n\n```skeleton\nskeleton \"Row\" width=100\n  rect 40x20 radius=4\n```\n",
        "docs/guides/a.md": "# Guide A\n",
    ]

    static let placeholderMarker = "written by skelsite build; skelsite diff replaces this folder with its report\n"

    static func build(_ root: URL) throws -> BuildCLIHarness.Result {
        // A base URL, so there is a sitemap to show the report is not in it.
        try BuildCLIHarness.run(["build", "docs", "--output", "_site", "--base-url", "https://example.org/"], in: root)
    }

    static func diffFiles(_ site: URL) -> [String] {
        BuildCLIHarness.files(in: site.appendingPathComponent("diff"))
    }

    @Test func builtSiteHasALinkedPlaceholderThatDiffReplaces() throws {
        let root = try BuildCLIHarness.folder(Self.docs)
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("_site")
        let first = try Self.build(root)
        #expect(first.status == 0, "\(first.stderr)")

        // The placeholder: styled like the site (its stylesheet, header and nav), saying how
        // to make a report, with the marker that lets `diff` replace it.
        #expect(Self.diffFiles(site) == [".skelsite-diff-report", "index.html"])
        #expect(try F.text(site.appendingPathComponent("diff/.skelsite-diff-report")) == Self.placeholderMarker)
        let placeholder = try F.text(site.appendingPathComponent("diff/index.html"))
        #expect(placeholder.contains("<title>Visual diff · Home</title>"))
        #expect(placeholder.contains("<link rel=\"stylesheet\" href=\"../assets/gallery.css\">"))
        #expect(placeholder.contains("<a class=\"site-title\" href=\"../index.html\">Home</a>"))
        #expect(placeholder.contains("<li><a href=\"../diff/index.html\" aria-current=\"page\">Visual diff</a></li>"))
        #expect(placeholder.contains("<h1>Visual diff</h1>\n  <p>No diff report yet."))
        #expect(placeholder.contains("<pre tabindex=\"0\" role=\"group\" aria-label=\"Command\"><code>skelsite diff BASELINE_DIR _site/png</code></pre>"))
        // Every page's nav links to it, at its own depth; the sitemap does not list it.
        #expect(try F.text(site.appendingPathComponent("index.html")).contains("<li><a href=\"diff/index.html\">Visual diff</a></li>"))
        #expect(try F.text(site.appendingPathComponent("guides/a.html")).contains("<li><a href=\"../diff/index.html\">Visual diff</a></li>"))
        #expect(!(try F.text(site.appendingPathComponent("sitemap.xml"))).contains("diff"))
        #expect(try SiteLinkChecker.check(siteFolder: site).map(\.description) == [])

        // A baseline that differs from the site's PNGs in one picture (a copy: the site's
        // PNGs are hard links into the render cache).
        let base = root.appendingPathComponent("base")
        try FileManager.default.copyItem(at: site.appendingPathComponent("png"), to: base)
        let pngs = BuildCLIHarness.files(in: base)
        let id = try #require(pngs.first { $0.hasSuffix("/light@1x.png") }).split(separator: "/")[0]
        let changedFile = base.appendingPathComponent("\(id)/light@1x.png")
        var picture = try PNGDecoder.decode([UInt8](Data(contentsOf: changedFile)))
        for i in 0..<3 { picture.pixels.replaceSubrange(i * 4..<(i * 4 + 4), with: [255, 0, 0, 255]) }
        try FileManager.default.removeItem(at: changedFile)
        try Data(PNGEncoder.encode(picture)).write(to: changedFile)

        let diff = try CLIRunner.run(["diff", "base", "_site/png"], cwd: root)
        #expect(diff.status == 1)
        #expect(diff.stdout.hasSuffix("\(pngs.count) images: \(pngs.count - 1) unchanged, 1 changed, 0 added, 0 removed, 0 resized; 1 failed\n"
                                      + "report: \(PathCheck.standard(site.path))/diff/index.html\n"))
        #expect(Self.diffFiles(site) == [".skelsite-diff-report", "baseline/\(id)/light@1x.png", "current/\(id)/light@1x.png",
                                         "diff/\(id)/light@1x.png", "index.html", "report.js"])
        let report = try F.text(site.appendingPathComponent("diff/index.html"))
        #expect(report.contains("<body>\n<nav class=\"back\"><a href=\"../index.html\">Back to the gallery</a></nav>\n<h1>skelsite diff</h1>\n"))
        #expect(!report.contains("No diff report yet"))
        #expect(try SiteLinkChecker.check(siteFolder: site).map(\.description) == [])

        // Nothing changed: the rebuild is up to date and keeps the report.
        let same = try Self.build(root)
        #expect(same.status == 0)
        #expect(same.stderr.contains("[8/8] swap output: up to date"), "\(same.stderr)")
        #expect(try F.text(site.appendingPathComponent("diff/index.html")) == report)
        #expect(Self.diffFiles(site).contains("report.js"))

        // The page gone: the output no longer matches its manifest; the rebuild puts the
        // placeholder back, byte for byte.
        try FileManager.default.removeItem(at: site.appendingPathComponent("diff"))
        let restored = try Self.build(root)
        #expect(restored.status == 0)
        #expect(!restored.stderr.contains("up to date"), "\(restored.stderr)")
        #expect(Self.diffFiles(site) == [".skelsite-diff-report", "index.html"])
        #expect(try F.text(site.appendingPathComponent("diff/index.html")) == placeholder)

        // A changed input: the rebuild replaces the report (it described the previous
        // PNGs) with the placeholder.
        #expect(try CLIRunner.run(["diff", "base", "_site/png"], cwd: root).status == 1)
        #expect(Self.diffFiles(site).contains("report.js"))
        try Data("# Guide A\n\nMore words.\n".utf8).write(to: root.appendingPathComponent("docs/guides/a.md"))
        let changed = try Self.build(root)
        #expect(changed.status == 0)
        #expect(!changed.stderr.contains("up to date"), "\(changed.stderr)")
        #expect(Self.diffFiles(site) == [".skelsite-diff-report", "index.html"])
        #expect(try F.text(site.appendingPathComponent("diff/index.html")) == placeholder)
        #expect(try F.text(site.appendingPathComponent("diff/.skelsite-diff-report")) == Self.placeholderMarker)
    }

    @Test func docsInADiffFolderGetNoPlaceholderAndNoLink() throws {
        var files = Self.docs
        files["docs/diff/notes.md"] = "# Notes\n"
        let root = try BuildCLIHarness.folder(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("_site")
        #expect(try Self.build(root).status == 0)
        #expect(Self.diffFiles(site) == ["notes.html"])
        #expect(!(try F.text(site.appendingPathComponent("index.html"))).contains("Visual diff"))
        #expect(try SiteLinkChecker.check(siteFolder: site).map(\.description) == [])
        // Their folder is not a report: `diff` refuses to replace it.
        try FileManager.default.copyItem(at: site.appendingPathComponent("png"), to: root.appendingPathComponent("base"))
        let refused = try CLIRunner.run(["diff", "base", "_site/png"], cwd: root)
        #expect(refused.status == 2)
        #expect(refused.stderr == "\(PathCheck.standard(site.path))/diff: error: not empty and not a skelsite diff report; refusing to replace it\n")
        #expect(Self.diffFiles(site) == ["notes.html"])
    }
}
