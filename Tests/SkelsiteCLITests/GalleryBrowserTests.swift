import Foundation
import Testing

/// The built bundled site in headless Chromium: Tests/browser/gallery.test.mjs checks every
/// page (search, tags, theme and motion toggles, copy buttons, no console errors or failed
/// requests, pages without JavaScript), and on every page: the accessibility basics of every
/// component, WCAG contrast of every visible piece of text in both themes (by the system
/// setting and by the toggle, and in every :hover and :focus style), and that no component
/// moves with reduced motion (system setting or toggle) while those meant to animate do
/// without it. Exits 0 when all pass.
@Suite struct GalleryBrowserTests {
    /// Where the test script looks for Chromium (cdp.mjs honours $CHROMIUM, else `chromium`).
    static let chromium = ProcessInfo.processInfo.environment["CHROMIUM"] ?? "/usr/bin/chromium"

    @Test func galleryWorksInARealBrowser() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.chromium),
                     "\(Self.chromium) is missing: install it (apt-get install chromium) or set CHROMIUM")
        let site = try GallerySiteBuild.folder()
        let run = try Self.node(["Tests/browser/gallery.test.mjs", site.path])
        #expect(run.status == 0, "gallery.test.mjs exited \(run.status):\n\(run.output)")
        // The script's summary names the pages it visited; all of the sitemap must be there.
        let sitemap = try String(contentsOf: site.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        let pages = sitemap.components(separatedBy: "<loc>").count - 1
        #expect(run.output.contains("\"pages\":\(pages + (sitemap.contains("/index.html</loc>") ? 0 : 1)),"),
                "summary does not list every sitemap page:\n\(run.output)")
        // Every component in the built HTML (one shape container each) had its accessibility
        // checked, and every page holding one had its motion checked: counted here from the
        // files, independently of the browser.
        let shapes = try Self.shapeContainers(in: site)
        let components = shapes.values.reduce(0, +)
        let componentPages = shapes.values.filter { $0 > 0 }.count
        #expect(components > 0 && run.output.contains("\"components\":\(components),"),
                "summary does not count the \(components) components of the built pages:\n\(run.output)")
        #expect(run.output.contains("\"motion\":{\"pages\":\(componentPages),"),
                "summary does not list the \(componentPages) pages with components for motion:\n\(run.output)")
        print(run.output)
    }

    /// The contrast checker itself, on a page of known colours: it must find exactly the
    /// failures Tests/browser/wcag-contrast.test.mjs lists, or the gallery check above could
    /// pass by seeing nothing.
    @Test func contrastCheckerFindsKnownFailures() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.chromium),
                     "\(Self.chromium) is missing: install it (apt-get install chromium) or set CHROMIUM")
        let run = try Self.node(["Tests/browser/wcag-contrast.test.mjs"])
        #expect(run.status == 0, "wcag-contrast.test.mjs exited \(run.status):\n\(run.output)")
        #expect(run.output.contains("wcag-contrast: ok (6 elements, 2 failures and 1 state failure found as expected)"))
    }

    /// `class="sk-c"` (a component's shape container) per HTML file of the built site.
    static func shapeContainers(in site: URL) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        guard let files = FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil) else { return counts }
        for case let file as URL in files where file.pathExtension == "html" {
            let html = try String(contentsOf: file, encoding: .utf8)
            counts[file.path] = html.components(separatedBy: "class=\"sk-c\"").count - 1
        }
        return counts
    }

    /// Runs `node ARGS` in the repository; stdout and stderr together.
    static func node(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try RepositoryCommand.run(["node"] + arguments)
    }
}
