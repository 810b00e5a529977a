import Foundation
import SkeletonCore
import SkeletonWeb
import Testing
@testable import SkelSite

/// Each component page shows its React component and its custom element, as
/// `export --format react` and `--format web-component` write them, beside the HTML,
/// CSS and SwiftUI blocks, each with a copy button (site/guides/react-and-web-components.md).
@Suite struct WebExportGalleryTests {
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    /// A site with one doc, rows.md, holding one spec: the built page and the spec as
    /// the exports take it (also SwiftUIGalleryTests'). The caller removes the site.
    static func builtRowsPage() throws -> (site: TestSite, page: String, exported: [ExportedSpec]) {
        let spec = "skeleton \"Row & co\" width=200\n  row gap=8\n    circle 24\n    rect height=10 grow=1\n"
        let site = try TestSite(["index.md": "# Gallery\n", "rows.md": "# Rows\n\n```skeleton\n" + spec + "```\n"])
        let report = try site.build()
        #expect(report.succeeded)
        let page = try String(contentsOf: site.output.appendingPathComponent("rows.html"), encoding: .utf8)
        let parsed = try #require(SpecParser.parse(spec, firstLine: 4).spec)
        return (site, page, [ExportedSpec(spec: parsed, origin: "rows.md:4:1")])
    }

    @Test func componentPageShowsTheReactAndWebComponentExports() throws {
        let (site, page, exported) = try Self.builtRowsPage()
        defer { site.remove() }
        let jsx = ReactExport.jsxFile(exported)
        #expect(jsx.contains("export function RowCoSkeleton({ label, className, style, loading }) {"))
        let module = WebComponentExport.moduleFile(exported, prefix: "sk", command: "web-component")
        #expect(module.contains("export const RowCoSkeletonElement = defineSkeleton(\n  \"sk-row-co\",\n"))
        #expect(page.contains("<details class=\"code\">\n    <summary>React</summary>\n"
            + "    <p class=\"code-meta\">Import the CSS above once, saved as Skeletons.css.</p>\n"
            + "    <pre tabindex=\"0\" role=\"group\" aria-label=\"React component of Row &amp; co\">"
            + "<code class=\"language-jsx\" id=\"rows--row-co-react\">" + Self.escaped(jsx) + "</code></pre>\n"
            + "    <button type=\"button\" class=\"copy\" data-copy=\"rows--row-co-react\" data-js-only hidden>Copy React</button>\n"))
        #expect(page.contains("<details class=\"code\">\n    <summary>Web Component</summary>\n"
            + "    <p class=\"code-meta\">An ES module with its CSS inside: import it once, then write "
            + "<code>&lt;sk-row-co&gt;&lt;/sk-row-co&gt;</code>.</p>\n"
            + "    <pre tabindex=\"0\" role=\"group\" aria-label=\"Web component of Row &amp; co\">"
            + "<code class=\"language-js\" id=\"rows--row-co-web-component\">" + Self.escaped(module) + "</code></pre>\n"
            + "    <button type=\"button\" class=\"copy\" data-copy=\"rows--row-co-web-component\" data-js-only hidden>"
            + "Copy Web Component</button>\n"))
        // In the page's order: spec, HTML, CSS, SwiftUI, React, Web Component.
        let order = ["<summary>Spec", "<summary>HTML</summary>", "<summary>CSS</summary>", "<summary>SwiftUI</summary>",
                     "<summary>React</summary>", "<summary>Web Component</summary>"]
        let places = order.compactMap { page.range(of: $0)?.lowerBound }
        #expect(places.count == 6 && places == places.sorted())
    }
}
