import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// Symbolic links in a theme folder (`templates = "theme"`) follow the docs' rule
/// (site/reference/limits.md, "Files the build reads and writes"): a link whose real
/// path leaves the theme is an error at the link, the build fails and the output is
/// left as it was; a link that stays inside works as before.
@Suite struct ThemeLinkTests {
    /// A site whose theme is a copy of the default one at `<root>/theme`.
    struct ThemedSite {
        let site: TestSite
        var theme: URL { site.root.appendingPathComponent("theme") }

        init() throws {
            site = try TestSite(["index.md": "# Home\n"])
            try FileManager.default.copyItem(at: TestSite.templates, to: theme)
        }

        func builder() -> SiteBuilder {
            SiteBuilder(source: site.source, output: site.output, templates: theme,
                        options: SiteBuilder.Options(cacheDirectory: site.cache, rendererFingerprint: "test"),
                        displaySource: "docs")
        }

        func link(_ path: String, to target: String) throws {
            let url = theme.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
        }

        /// A folder beside the theme holding `secret.txt`; its real path.
        func outsideFolder() throws -> String {
            let outside = site.root.appendingPathComponent("outside")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try Data("TOP-SECRET".utf8).write(to: outside.appendingPathComponent("secret.txt"))
            return try #require(FilePaths.realPath(outside))
        }
    }

    static func errors(_ report: BuildReport) -> [String] { report.diagnostics.map(\.description) }

    /// Every file of the published site, with its bytes' digest.
    static func published(_ site: TestSite) -> [String: String] { TestSite.hashes(of: site.output) }

    @Test func anAssetLinkedToAHostFileFailsTheBuildAndLeavesTheOutput() throws {
        let themed = try ThemedSite()
        defer { themed.site.remove() }
        #expect(try themed.builder().build().succeeded)
        let before = Self.published(themed.site)
        // Before: /etc/passwd was copied to _site/assets/leak.txt.
        try themed.link("assets/leak.txt", to: "/etc/passwd")
        let report = try themed.builder().build()
        #expect(Self.errors(report) == [
            "\(themed.theme.path)/assets/leak.txt:1:1: error: symbolic link leaves the theme folder (-> /etc/passwd)",
        ])
        #expect(!report.wroteOutput)
        #expect(Self.published(themed.site) == before)
        #expect(!FileManager.default.fileExists(atPath: themed.site.output.appendingPathComponent("assets/leak.txt").path))
    }

    @Test func aPartialLinkedToAHostFileIsAnErrorAndNothingIsPublished() throws {
        let themed = try ThemedSite()
        defer { themed.site.remove() }
        // Before: `{{> _leak}}` printed /etc/passwd into every page.
        try themed.link("_leak.mustache", to: "/etc/passwd")
        let page = themed.theme.appendingPathComponent("page.mustache")
        let text = try String(contentsOf: page, encoding: .utf8)
        try Data(("{{> _leak}}\n" + text).utf8).write(to: page)
        // A required template linked outside is the same error, not "has no index.mustache".
        try FileManager.default.removeItem(at: themed.theme.appendingPathComponent("index.mustache"))
        try themed.link("index.mustache", to: "/etc/hostname")
        let report = try themed.builder().build()
        #expect(Self.errors(report) == [
            "\(themed.theme.path)/_leak.mustache:1:1: error: symbolic link leaves the theme folder (-> /etc/passwd)",
            "\(themed.theme.path)/index.mustache:1:1: error: symbolic link leaves the theme folder (-> /etc/hostname)",
        ])
        #expect(!report.wroteOutput)
        #expect(!FileManager.default.fileExists(atPath: themed.site.output.path))
    }

    @Test func aLinkToAFolderOutsideAndLinksThroughItAreErrors() throws {
        let themed = try ThemedSite()
        defer { themed.site.remove() }
        let outside = try themed.outsideFolder()
        try themed.link("assets/ext", to: outside)
        try themed.link("assets/deep/up.txt", to: "../../../outside/secret.txt")
        let report = try themed.builder().build()
        #expect(Self.errors(report) == [
            "\(themed.theme.path)/assets/deep/up.txt:1:1: error: symbolic link leaves the theme folder (-> \(outside)/secret.txt)",
            "\(themed.theme.path)/assets/ext:1:1: error: symbolic link leaves the theme folder (-> \(outside))",
        ])
        #expect(!report.wroteOutput)

        // The assets folder itself linked outside: one error, nothing under it is listed.
        let other = try ThemedSite()
        defer { other.site.remove() }
        let away = try other.outsideFolder()
        try FileManager.default.moveItem(at: other.theme.appendingPathComponent("assets"),
                                         to: URL(fileURLWithPath: away).appendingPathComponent("assets"))
        try other.link("assets", to: away + "/assets")
        let moved = try other.builder().build()
        #expect(Self.errors(moved) == [
            "\(other.theme.path)/assets:1:1: error: symbolic link leaves the theme folder (-> \(away)/assets)",
        ])
        #expect(!moved.wroteOutput)
    }

    @Test func linksThatStayInsideTheThemeKeepWorking() throws {
        let themed = try ThemedSite()
        defer { themed.site.remove() }
        try themed.link("assets/alias.css", to: "gallery.css")
        try themed.link("assets/sub/up.js", to: "../gallery.js")
        try themed.link("_alias.mustache", to: "_footer.mustache")
        // A link to a folder inside is not followed, as before.
        try themed.link("assets/again", to: "sub")
        // A theme reached through a link of its own is the theme.
        let alias = themed.site.root.appendingPathComponent("theme-link")
        try FileManager.default.createSymbolicLink(atPath: alias.path, withDestinationPath: themed.theme.path)
        let report = try SiteBuilder(source: themed.site.source, output: themed.site.output, templates: alias,
                                     options: SiteBuilder.Options(cacheDirectory: themed.site.cache, rendererFingerprint: "test"),
                                     displaySource: "docs").build()
        #expect(report.diagnostics.isEmpty)
        #expect(report.wroteOutput)
        let assets = themed.site.output.appendingPathComponent("assets")
        #expect(try Data(contentsOf: assets.appendingPathComponent("alias.css"))
            == Data(contentsOf: themed.theme.appendingPathComponent("assets/gallery.css")))
        #expect(try Data(contentsOf: assets.appendingPathComponent("sub/up.js"))
            == Data(contentsOf: themed.theme.appendingPathComponent("assets/gallery.js")))
        #expect(!FileManager.default.fileExists(atPath: assets.appendingPathComponent("again").path))
    }

    /// The asset list is the one the build always copied: files and links to files,
    /// hidden ones too; folders, dangling links and links to folders left out.
    @Test func theAssetListMatchesTheOldListing() throws {
        let themed = try ThemedSite()
        defer { themed.site.remove() }
        try Data("x".utf8).write(to: themed.theme.appendingPathComponent("assets/.hidden"))
        try themed.link("assets/gone.css", to: "missing.css")
        try themed.link("assets/alias.css", to: "gallery.css")
        try themed.link("assets/folder", to: ".")
        let theme = try TemplateSet.load(from: themed.theme)
        #expect(theme.linkProblems.isEmpty)
        #expect(theme.assetFiles() == TestSite.files(in: themed.theme.appendingPathComponent("assets")))
        #expect(theme.assetFiles().contains(".hidden") && theme.assetFiles().contains("alias.css"))
        #expect(!theme.assetFiles().contains("gone.css") && !theme.assetFiles().contains("folder"))
    }
}
