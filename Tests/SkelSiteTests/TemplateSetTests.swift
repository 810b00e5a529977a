import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// `--templates DIR` and where the default theme is found.
@Suite struct TemplateSetTests {
    /// A fresh folder under the temporary folder; the caller removes it.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("templateset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A folder that counts as a theme (it has page.mustache).
    static func theme(in folder: URL, _ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("page".utf8).write(to: url.appendingPathComponent("page.mustache"))
        return url
    }

    @Test func anExplicitFolderWinsOverEverythingElse() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let mine = try Self.theme(in: root, "mine")
        let fromEnvironment = try Self.theme(in: root, "env")
        _ = try Self.theme(in: root, "Templates")
        let found = try TemplateSet.locate(explicit: mine, environment: ["SKELSITE_TEMPLATES": fromEnvironment.path],
                                           executable: nil, currentDirectory: root)
        #expect(found == mine) // returned as given
    }

    @Test func aMissingExplicitFolderIsAnError() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try Self.theme(in: root, "Templates")
        let missing = root.appendingPathComponent("nope")
        #expect(throws: SiteBuildError.templates("templates folder \(missing.path) has no page.mustache")) {
            try TemplateSet.locate(explicit: missing, environment: [:], executable: nil, currentDirectory: root)
        }
        // A folder without page.mustache is no theme either, even when the default exists.
        let empty = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(throws: SiteBuildError.templates("templates folder \(empty.path) has no page.mustache")) {
            try TemplateSet.locate(explicit: empty, environment: [:], executable: nil, currentDirectory: root)
        }
    }

    @Test func defaultThemeSearchOrder() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        // A SwiftPM layout: <repo>/.build/debug/skelsite with <repo>/Templates.
        let repo = root.appendingPathComponent("repo")
        let repoTheme = try Self.theme(in: repo, "Templates")
        let executable = repo.appendingPathComponent(".build/debug/skelsite")
        try FileManager.default.createDirectory(at: executable.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: executable)
        let cwd = root.appendingPathComponent("cwd")
        let cwdTheme = try Self.theme(in: cwd, "Templates")
        let envTheme = try Self.theme(in: root, "env")

        #expect(try TemplateSet.locate(explicit: nil, environment: ["SKELSITE_TEMPLATES": envTheme.path],
                                       executable: executable, currentDirectory: cwd).path == envTheme.path)
        #expect(try TemplateSet.locate(explicit: nil, environment: [:], executable: executable, currentDirectory: cwd)
            .path == repoTheme.path)
        #expect(try TemplateSet.locate(explicit: nil, environment: [:], executable: nil, currentDirectory: cwd).path == cwdTheme.path)
        // An empty variable is ignored.
        #expect(try TemplateSet.locate(explicit: nil, environment: ["SKELSITE_TEMPLATES": ""], executable: nil,
                                       currentDirectory: cwd).path == cwdTheme.path)
        #expect(throws: SiteBuildError.templates("cannot find the default templates; pass --templates DIR or set SKELSITE_TEMPLATES")) {
            try TemplateSet.locate(explicit: nil, environment: [:], executable: nil, currentDirectory: root)
        }
    }

    /// A copy of the default theme with a marker in page.mustache: a build with it
    /// shows the marker on every doc page, and a build with the default does not.
    @Test func buildUsesTheGivenTemplatesFolder() throws {
        let site = try TestSite(["index.md": "# Home\n", "guide.md": "# Guide\n"])
        defer { site.remove() }
        let theme = site.root.appendingPathComponent("theme")
        try FileManager.default.copyItem(at: TestSite.templates, to: theme)
        let page = theme.appendingPathComponent("page.mustache")
        let original = try String(contentsOf: page, encoding: .utf8)
        #expect(original.contains("</main>"))
        try Data(original.replacingOccurrences(of: "</main>", with: "<p class=\"marker\">custom-theme-marker</p>\n</main>").utf8)
            .write(to: page)
        try Data("/* custom-asset-marker */\n".utf8).write(to: theme.appendingPathComponent("assets/custom.css"))

        let builder = SiteBuilder(source: site.source, output: site.output, templates: theme,
                                  options: SiteBuilder.Options(cacheDirectory: site.cache, rendererFingerprint: "test"),
                                  displaySource: "docs")
        let report = try builder.build()
        #expect(report.diagnostics == [])
        #expect(report.succeeded)
        #expect(try site.read("guide.html").contains("<p class=\"marker\">custom-theme-marker</p>\n</main>"))
        // index.html is the gallery, from index.mustache: untouched.
        #expect(!(try site.read("index.html").contains("custom-theme-marker")))
        #expect(try site.read("assets/custom.css") == "/* custom-asset-marker */\n")

        // The same docs with the default theme: no marker.
        let plain = site.root.appendingPathComponent("plain")
        _ = try site.builder(output: plain).build()
        let guide = try String(contentsOf: plain.appendingPathComponent("guide.html"), encoding: .utf8)
        #expect(guide.contains("Guide</h1>"))
        #expect(!guide.contains("custom-theme-marker"))
        #expect(!FileManager.default.fileExists(atPath: plain.appendingPathComponent("assets/custom.css").path))
    }

    /// `{{x}}` escapes as Mustache does, through `FastHTMLEscaping`; `{{{x}}}` does not;
    /// a template's own CONTENT_TYPE pragma still wins; a template that does not parse is
    /// reported at its own line and column, not shifted by the pragma skelsite adds.
    @Test func templatesEscapeLikeMustacheAndKeepTheirOwnPragmas() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in [("page", "[{{x}}|{{{x}}}]"), ("index", "{{% CONTENT_TYPE: TEXT}}[{{x}}]"), ("component", "c")] {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name + ".mustache"))
        }
        let set = try TemplateSet.load(from: folder)
        let value = "<a href=\"x\">'&'</a> é"
        #expect(set.render("page", ["x": value])
                == "[&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt; é|<a href=\"x\">'&'</a> é]")
        #expect(set.render("index", ["x": value]) == "[<a href=\"x\">'&'</a> é]")

        try Data("<p>{{/open}}\n".utf8).write(to: folder.appendingPathComponent("page.mustache"))
        #expect(throws: SiteBuildError.self) { try TemplateSet.load(from: folder) }
        do {
            _ = try TemplateSet.load(from: folder)
        } catch {
            #expect("\(error)" == folder.appendingPathComponent("page.mustache").path
                    + ":1:7: error: template does not parse: sectionCloseNameIncorrect\n<p>{{/open}}\n      ^")  // at the name
        }
    }

    @Test func spliceReplacesByteExactly() {
        let page = "<p>a</p><!--m:1--><p>é</p><!--m:2--><!--m:10-->"
        #expect(TextSplice.replacingFirst(in: page, [("<!--m:1-->", "[one]"), ("<!--m:2-->", "[two]"), ("<!--m:10-->", "[ten]")])
                == "<p>a</p>[one]<p>é</p>[two][ten]")
        // Out of order, missing, and repeated markers: each replaced once where it first is.
        #expect(TextSplice.replacingFirst(in: page, [("<!--m:10-->", "X"), ("<!--m:1-->", "Y"), ("<!--m:9-->", "Z"), ("<!--m:1-->", "W")])
                == "<p>a</p>Y<p>é</p><!--m:2-->X")
        #expect(TextSplice.replacingFirst(in: "", [("a", "b")]) == "")
        #expect(TextSplice.replacingAll(in: "a</b></c>", "</", with: "<\\/") == "a<\\/b><\\/c>")
        #expect(TextSplice.replacingAll(in: "aaaa", "aa", with: "b") == "bb")
        #expect(TextSplice.replacingAll(in: "éé", "x", with: "y") == "éé")
        #expect(TextSplice.replacingAll(in: "ab", "abc", with: "y") == "ab")
    }
}
