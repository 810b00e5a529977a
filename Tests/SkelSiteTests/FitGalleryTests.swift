import Foundation
import Testing
@testable import SkelSite
import SkeletonCore

/// A spec with content shows, on its component page, the skeleton, the content and the
/// two overlaid at each width `fit` checks, with the figures of a fit run when the build
/// has them, and its gallery card a fit badge; a spec without content shows none of it
/// (site/guides/fit-the-content.md, "In the gallery").
@Suite struct FitGalleryTests {
    static let doc = "# Row\n\n```skeleton\nskeleton \"Row\" width=120\n  rect height=20 radius=4\n```\n\n"
        + "```html\n<div class=\"row\">A title</div>\n```\n\n```css\n.row { height: 20px }\n```\n\n"
        + "```skeleton\nskeleton \"Plain\" width=40 height=10\n  rect width=20 height=10\n```\n"

    /// The frame's document, as its `srcdoc` attribute writes it.
    static let srcdoc = "&lt;!DOCTYPE html&gt;\n&lt;html lang=&quot;en&quot;&gt;\n&lt;head&gt;\n&lt;meta charset=&quot;utf-8&quot;&gt;\n"
        + "&lt;meta http-equiv=&quot;Content-Security-Policy&quot; content=&quot;default-src &#39;none&#39;; "
        + "style-src &#39;unsafe-inline&#39;; img-src data:; font-src data:&quot;&gt;\n"
        + "&lt;style&gt;:root{color-scheme:light dark}html,body{margin:0;padding:0;overflow:hidden}&lt;/style&gt;\n"
        + "&lt;/head&gt;\n&lt;body&gt;\n&lt;div class=&quot;fit-host&quot;&gt;&lt;template shadowrootmode=&quot;open&quot;&gt;"
        + "&lt;style&gt;\n.row { height: 20px }\n&lt;/style&gt;\n&lt;div class=&quot;row&quot;&gt;A title&lt;/div&gt;"
        + "&lt;/template&gt;&lt;/div&gt;\n&lt;/body&gt;\n&lt;/html&gt;\n"

    static func spec(_ text: String) -> Spec? {
        SpecParser.parseWithinBounds(text, firstLine: 1, columnOffset: 0, inheriting: InheritedSettings()).spec
    }

    /// The part of `page` from the component `id`'s section to the next section.
    static func section(_ id: String, in page: String) throws -> Substring {
        let start = try #require(page.range(of: "<section class=\"component\" id=\"\(id)\""))
        let rest = page[start.lowerBound...]
        let end = rest.range(of: "</section>")?.upperBound ?? rest.endIndex
        return rest[..<end]
    }

    @Test func aSpecWithContentShowsSkeletonContentAndOverlay() throws {
        let site = try TestSite(["row.md": Self.doc])
        defer { site.remove() }
        #expect(try site.build().succeeded)
        let page = try site.read("row.html")
        let row = try Self.section("row--row", in: page)
        #expect(row.contains("<summary>Skeleton and content: <span class=\"fit-badge fit-unmeasured\">not measured</span></summary>"))
        #expect(row.contains("<div class=\"fit-width\" role=\"group\" aria-label=\"Row and its content at 120 px\">"))
        // The content alone, in a sandboxed frame the container's width, as tall as the skeleton until measured.
        #expect(row.contains("<div class=\"fit-stage\" style=\"width: 120px\"><iframe class=\"fit-frame\" title=\"Content of Row "
                             + "at 120 px\" sandbox=\"allow-same-origin\" height=\"20\" srcdoc=\"" + Self.srcdoc
                             + "\"></iframe></div>"))
        // The overlay: a toggle, then the skeleton and the content, half opaque, in one grid cell.
        #expect(row.contains("<figure class=\"fit-view fit-overlay\">\n        <input type=\"checkbox\" class=\"fit-toggle\" "
                             + "id=\"row--row-fit-1\" checked><label for=\"row--row-fit-1\">Content over the skeleton</label>\n"
                             + "        <div class=\"fit-scroll\" tabindex=\"0\" role=\"group\" aria-label=\"Content of Row over its "
                             + "skeleton at 120 px\">\n          <div class=\"fit-stage\" style=\"width: 120px\"><div class=\"fit-skeleton\" "
                             + "aria-hidden=\"true\">\n<div class=\"sk-"))
        #expect(row.contains("</div><iframe class=\"fit-frame fit-layer\" title=\"Content of Row over its skeleton at 120 px\" "
                             + "sandbox=\"allow-same-origin\" tabindex=\"-1\" height=\"20\" srcdoc=\"" + Self.srcdoc
                             + "\"></iframe></div>"))
        #expect(row.contains("<p class=\"fit-unmeasured\">Not measured at 120 px: build with <code>--fit-results</code> and the "
                             + "file <code>skelsite fit --json</code> writes.</p>"))
        // The playground opens with the content to overlay.
        #expect(row.contains("<a class=\"playground-link\" href=\"playground.html#spec=c2tlbGV0b24gIlJvdyIgd2lkdGg9MTIwCiAgcmVjdC"
                             + "BoZWlnaHQ9MjAgcmFkaXVzPTQ&amp;html=PGRpdiBjbGFzcz0icm93Ij5BIHRpdGxlPC9kaXY-&amp;css=LnJvdyB7IGhlaW"
                             + "dodDogMjBweCB9\">Open in playground</a>"))
        // The spec without content is as before: no section, no content in its playground link.
        let plain = try Self.section("row--plain", in: page)
        #expect(!plain.contains("fit-") && !plain.contains("&amp;html="))
        // The gallery: a badge on the card with content only.
        let index = try site.read("index.html")
        #expect(index.components(separatedBy: "card-fit").count == 2)
        #expect(index.contains("<span class=\"card-doc\">in <a href=\"row.html\">Row</a></span>\n"
                               + "        <span class=\"card-fit fit-badge fit-unmeasured\">Content: not measured</span>\n"))
    }

    /// A fit run with a failing case: its numbers on the page, the badge names the worst shift.
    @Test func aFailingFitShowsItsNumbers() throws {
        let json = """
            {"cases": [
              {"path": "docs/row.md", "line": 3, "width": 120, "theme": "light", "engine": "chromium",
               "content": {"x": 0, "y": 0, "width": 120, "height": 24}, "delta": {"width": 0, "height": 4},
               "shift": {"score": 0.004575, "impact": 0.915, "distance": 0.005}, "pass": false, "browserShift": 0.004575},
              {"path": "docs/row.md", "line": 3, "width": 120, "theme": "dark", "engine": "firefox",
               "delta": {"width": 0, "height": 0}, "shift": {"score": 0}, "pass": true, "browserShift": null}
            ], "threshold": 0}
            """
        let results = try FitResultsFile.parse(Data(json.utf8), path: "fit.json")
        let fit = try #require(results.byDocument(["row.md"])["row.md"]?[3])
        #expect(FitSection.badge(fit) == FitSection.Badge(text: "shifts 0.004575", state: "shifts"))
        let spec = try #require(Self.spec("skeleton \"Row\" width=120\n  rect height=20 radius=4"))
        var context = FitSection.context(spec: spec, height: 20,
                                         content: SpecContent(html: "<div class=\"row\">A title</div>", css: "", origin: "row.md:8"),
                                         fit: fit, language: "en")
        // The frame is as tall as the content measured in light.
        let views = try #require(context["views"] as? [[String: Any]])
        #expect(views.count == 1 && views[0]["frameHeight"] as? Int == 24)
        context["title"] = "Row"
        let theme = try TemplateSet.load(from: TestSite.templates)
        let html = theme.render("component", ["id": "row--row", "title": "Row", "fit": context])
        #expect(html.contains("<summary>Skeleton and content: <span class=\"fit-badge fit-shifts\">shifts 0.004575</span></summary>"))
        #expect(html.contains("<caption>Swapping the skeleton for the content at 120 px (skelsite fit, threshold 0)</caption>"))
        #expect(html.contains("<tr class=\"fit-fails\"><th scope=\"row\">Chromium, light</th><td>0 × +4 px</td><td>0.004575</td>"
                              + "<td>0.004575</td></tr>"))
        #expect(html.contains("<tr><th scope=\"row\">Firefox, dark</th><td>0 × 0 px</td><td>0</td><td>–</td></tr>"))
        #expect(!html.contains("fit-unmeasured"))
    }

    /// A fluid spec is shown at its reference width and each listed width, in the
    /// container it fills its share of.
    @Test func aFluidSpecAtEachListedWidth() throws {
        let spec = try #require(Self.spec("skeleton \"Card\" width=fill widths=320,560\n  rect height=20"))
        #expect(FitSection.widths(spec) == [spec.width, 320, 560].reduce(into: []) { if !$0.contains($1) { $0.append($1) } })
        let context = FitSection.context(spec: spec, height: 20, content: SpecContent(html: "<p>x</p>", css: "", origin: "a.md:8"),
                                         fit: nil, language: "en")
        let views = try #require(context["views"] as? [[String: Any]])
        #expect(views.map { $0["points"] as? String } == FitSection.widths(spec).map { VerifyReport.number($0) })
        #expect(views.allSatisfy { $0["measured"] == nil })
    }
}
