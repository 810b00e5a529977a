import Foundation
import SkelSite
import SkelsiteDiff
import SkeletonCore
import Testing

/// `--include-aa` and the HTML report's overlay slider and blink, end to end.
@Suite struct DiffReportTests {
    typealias F = DiffCLIFixtures

    /// base/aa.png: the 12 x 10 fixture with its 4 x 3 black box. cur/aa.png: the same
    /// box with a mid-grey column down its right edge (x = 6, y 2...4: anti-aliasing by
    /// pixelmatch's rules, each next to a flat black and a flat white area) and one lone
    /// black pixel at (10, 8), a real difference. pixelmatch (PyPI 0.4.0) counts 1
    /// without includeAA and 4 with it.
    static func antialiasedEdge() throws -> URL {
        let root = try CLIRunner.temporaryFolder()
        try F.writePNG(F.picture(box: F.black), root.appendingPathComponent("base"), "aa.png")
        var current = F.picture(box: F.black)
        for y in 2..<5 { current.pixels.replaceSubrange((y * 12 + 6) * 4..<((y * 12 + 6) * 4 + 4), with: [128, 128, 128, 255]) }
        current.pixels.replaceSubrange((8 * 12 + 10) * 4..<((8 * 12 + 10) * 4 + 4), with: F.black)
        try F.writePNG(current, root.appendingPathComponent("cur"), "aa.png")
        return root
    }

    /// `--include-aa` is a pixelmatch option: it matters with `--threshold` (the default
    /// exact measure counts every changed pixel, edges included).
    @Test func includeAACountsTheAntialiasedEdge() throws {
        let root = try Self.antialiasedEdge()
        defer { try? FileManager.default.removeItem(at: root) }
        let without = try CLIRunner.run(["diff", "base", "cur", "--threshold", "0.1", "--json", "without.json"], cwd: root)
        #expect(without.status == 1)
        #expect(without.stderr == "")
        #expect(without.stdout == """
            changed   aa.png: 1 of 120 pixels differ (0.83%), over tolerance (allowed 0); measure pixelmatch 0.1, exact counts 4
            1 image: 0 unchanged, 1 changed, 0 added, 0 removed, 0 resized; 1 failed

            """)
        let withoutJSON = try F.text(root.appendingPathComponent("without.json"))
        #expect(withoutJSON.contains("{\"path\":\"aa.png\",\"status\":\"changed\",\"mismatched_pixels\":1,\"antialiased_pixels\":3,"))
        #expect(withoutJSON.contains("\"include_aa\":false"))

        let with = try CLIRunner.run(["diff", "base", "cur", "--threshold", "0.1", "--include-aa", "--json", "with.json"], cwd: root)
        #expect(with.status == 1)
        #expect(with.stderr == "")
        #expect(with.stdout == """
            changed   aa.png: 4 of 120 pixels differ (3.33%), over tolerance (allowed 0); measure pixelmatch 0.1, exact counts 4
            1 image: 0 unchanged, 1 changed, 0 added, 0 removed, 0 resized; 1 failed

            """)
        let withJSON = try F.text(root.appendingPathComponent("with.json"))
        #expect(withJSON.contains("{\"path\":\"aa.png\",\"status\":\"changed\",\"mismatched_pixels\":4,\"antialiased_pixels\":0,"))
        #expect(withJSON.contains("\"include_aa\":true"))

        // The tolerance that passes the edge without the flag fails it with the flag.
        #expect(try CLIRunner.run(["diff", "base", "cur", "--threshold", "0.1", "--max-diff-pixels", "3"], cwd: root).status == 0)
        #expect(try CLIRunner.run(["diff", "base", "cur", "--threshold", "0.1", "--max-diff-pixels", "3", "--include-aa"],
                                  cwd: root).status == 1)
    }

    /// A file name with every character HTML escapes.
    static let hostileName = "x&<y>\"'.png"

    @Test func changedImagesGetOverlaySliderAndBlinkAndTextIsEscaped() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        try F.writePNG(F.picture(box: F.grey), root.appendingPathComponent("base"), Self.hostileName)
        try F.writePNG(F.picture(box: F.black), root.appendingPathComponent("cur"), Self.hostileName)
        let result = try CLIRunner.run(["diff", "base", "cur", "--output", "report"], cwd: root)
        #expect(result.status == 1)
        let report = root.appendingPathComponent("report")
        let html = try F.text(report.appendingPathComponent("index.html"))

        // Sections in path order: changed.png (1), gone.png (2), new.png (3), size.png (4),
        // the hostile name (5). Only the two changed ones get an overlay.
        for id in 1...5 { #expect(html.contains("<section id=\"image-\(id)\" class=\"failed\">")) }
        #expect(html.components(separatedBy: "<section ").count - 1 == 5)
        #expect(html.components(separatedBy: "class=\"overlay\"").count - 1 == 2)
        #expect(html.components(separatedBy: "class=\"blink\"").count - 1 == 2)
        #expect(html.components(separatedBy: "class=\"split\"").count - 1 == 2)
        let sources = [(1, "changed.png"), (5, "x&amp;%3Cy%3E%22&#39;.png")]
        for (id, source) in sources {
            #expect(html.contains("<input type=\"checkbox\" class=\"blink\" id=\"blink-\(id)\"><label for=\"blink-\(id)\">blink</label>\n"))
            #expect(html.contains("<input type=\"range\" class=\"split\" min=\"0\" max=\"100\" value=\"50\" aria-controls=\"overlay-\(id)\" "
                                  + "aria-label=\"split between baseline (left) and current (right)\" hidden>\n"))
            #expect(html.contains("<div class=\"overlay\" id=\"overlay-\(id)\"><img src=\"baseline/\(source)\" alt=\"baseline\">"
                                  + "<img class=\"top\" src=\"current/\(source)\" alt=\"current over baseline\"></div>\n"))
        }
        for id in 2...4 {
            #expect(!html.contains("overlay-\(id)") && !html.contains("blink-\(id)"))
        }
        // The CSS the hooks rely on: the split position and the blink are pure CSS.
        #expect(html.contains(".overlay .top{position:absolute;left:0;top:0;width:100%;clip-path:inset(0 0 0 var(--split,50%))}"))
        #expect(html.contains(".blink:checked~.overlay .top{clip-path:none;animation:blink 1s steps(1) infinite}"))
        #expect(html.contains("<script src=\"report.js\" defer></script>"))
        // report.js reveals each slider and drives its overlay's --split.
        let script = try F.text(report.appendingPathComponent("report.js"))
        #expect(script == DiffHTMLReport.script)
        #expect(script.contains("document.querySelectorAll('input.split')"))
        #expect(script.contains("document.getElementById(slider.getAttribute('aria-controls'))"))
        #expect(script.contains("slider.hidden = false;"))
        #expect(script.contains("overlay.style.setProperty('--split', slider.value + '%');"))

        // The name is escaped in the heading and in every URL, and never appears raw.
        #expect(html.contains("<h2><span class=\"status\">changed</span> x&amp;&lt;y&gt;&quot;&#39;.png</h2>\n"))
        for folder in ["baseline", "current", "diff"] {
            #expect(html.contains("src=\"\(folder)/x&amp;%3Cy%3E%22&#39;.png\""))
        }
        #expect(!html.contains("x&<") && !html.contains("<y>"))
        // The files the escaped URLs name exist (percent-decoded, they are the name).
        for folder in ["baseline", "current", "diff"] {
            #expect(F.exists(report.appendingPathComponent(folder).appendingPathComponent(Self.hostileName)))
        }
        // Outside a site there is no gallery to link back to.
        #expect(!html.contains("Back to the gallery"))
    }
}
