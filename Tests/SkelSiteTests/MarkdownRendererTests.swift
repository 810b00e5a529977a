import Testing
@testable import SkelSite

@Suite struct MarkdownRendererTests {
    @Test func gfmExtensionsAreOn() {
        let html = MarkdownRenderer.render("| a |\n|---|\n| ~~b~~ |\n\n- [x] done\n\nsee www.example.org\n").html
        #expect(html.contains("<table>"))
        #expect(html.contains("<td><del>b</del></td>"))
        #expect(html.contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" /> done"))
        #expect(html.contains("<a href=\"http://www.example.org\">www.example.org</a>"))
    }

    @Test func rawHTMLIsOmittedUnlessAllowed() {
        let markdown = "<script>alert(1)</script>\n\n[x](javascript:alert(1)) <b>b</b>\n"
        let safe = MarkdownRenderer.render(markdown).html
        #expect(!safe.contains("<script>"))
        #expect(!safe.contains("<b>"))
        #expect(!safe.contains("javascript:"))
        #expect(safe.contains("<!-- raw HTML omitted -->"))
        let unsafe = MarkdownRenderer.render(markdown, allowRawHTML: true).html
        #expect(unsafe.contains("<script>alert(1)</script>"))
        #expect(unsafe.contains("<b>b</b>"))
    }

    @Test func specBlocksBecomeMarkersWithFilePositions() {
        let markdown = "# Title\n\n```skeleton\nskeleton \"A\"\n  rect 10x10\n```\n\n- item\n\n  ```skeleton\n  skeleton \"B\"\n  ```\n\n> ```skeleton\n> skeleton \"C\"\n> ```\n\n```swift\nlet x = 1 < 2\n```\n"
        let rendered = MarkdownRenderer.render(markdown)
        #expect(rendered.firstHeading == "Title")
        #expect(rendered.specs.map(\.block) == [
            SpecBlock(text: "skeleton \"A\"\n  rect 10x10", firstLine: 4, columnOffset: 0, fenceLine: 3),
            SpecBlock(text: "skeleton \"B\"", firstLine: 11, columnOffset: 2, fenceLine: 10),
            SpecBlock(text: "skeleton \"C\"", firstLine: 15, columnOffset: 2, fenceLine: 14),
        ])
        #expect(rendered.specs.map(\.marker) == ["<!--skelsite:component:0-->", "<!--skelsite:component:1-->",
                                                 "<!--skelsite:component:2-->"])
        for site in rendered.specs { #expect(rendered.html.contains(site.marker)) }
        #expect(!rendered.html.contains("rect 10x10"))
        #expect(rendered.html.contains("<pre><code class=\"language-swift\">let x = 1 &lt; 2\n</code></pre>"))
    }

    @Test func rewritesDocLinks() {
        let html = MarkdownRenderer.render("[a](b.md) [c](https://x.org)") { url in url == "b.md" ? "b.html" : nil }.html
        #expect(html == "<p><a href=\"b.html\">a</a> <a href=\"https://x.org\">c</a></p>\n")
    }

    @Test func parallelRenderingIsSafe() async {
        // Registration of extensions happens once even when many threads start at once.
        await withTaskGroup(of: String.self) { group in
            for index in 0..<16 { group.addTask { MarkdownRenderer.render("| \(index) |\n|---|\n").html } }
            var count = 0
            for await html in group {
                #expect(html.hasPrefix("<table>"))
                count += 1
            }
            #expect(count == 16)
        }
    }
}
