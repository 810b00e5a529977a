import Foundation
import Testing

/// `verify --browser all` end to end: one small spec in Chromium, Firefox and WebKit
/// (scripts/setup.sh --for test installs all three; a missing one fails here, it is
/// not skipped). Box edges on whole pixels and a pulse: every engine must give the
/// painter's pixels, none differing even as anti-aliasing.
@Suite struct VerifyEnginesTests {
    static let bars = """
        ```skeleton
        skeleton "Bars" width=120
          animation pulse duration=1s
          row padding=8 gap=8
            rect 24x24
            rect 60x12
        ```

        """

    @Test func everyEngineGivesThePaintersPixels() throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.bars.utf8).write(to: dir.appendingPathComponent("bars.md"))
        let run = try CLIRunner.run(["verify", ".", "--browser", "webkit", "--browser", "chromium,firefox",
                                     "--json", "v.json", "--keep-pages", "pages"], cwd: dir)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr == "")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("v.json")))
                                  as? [String: Any])
        let rows = try #require(object["results"] as? [[String: Any]])
        // 3 engines × 2 scales × 2 themes × 4 times, engines in a fixed order.
        #expect(rows.count == 48)
        #expect(rows.map { $0["engine"] as? String } == Array(repeating: "chromium", count: 16)
                + Array(repeating: "firefox", count: 16) + Array(repeating: "webkit", count: 16))
        for row in rows {
            #expect(row["mismatched"] as? Int == 0 && row["antialiased"] as? Int == 0, "\(row)")
            #expect(row["match"] as? Double == 1 && row["matchWithAntialiased"] as? Double == 1)
        }
        #expect(rows[16]["pixels"] as? Int == 120 * 40 && rows[24]["pixels"] as? Int == 240 * 80)
        let engines = try #require(object["engines"] as? [[String: Any]])
        #expect(engines.map { $0["engine"] as? String } == ["chromium", "firefox", "webkit"])
        #expect(engines.allSatisfy { $0["frames"] as? Int == 16 && $0["worst"] as? Double == 1 })
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 52)
        #expect(lines[16] == "ok   bars.md:1 firefox light @1x t=0s  100% (100% counting anti-aliased)")
        #expect(lines[47] == "ok   bars.md:1 webkit dark @2x t=0.75s  100% (100% counting anti-aliased)")
        #expect(Array(lines.suffix(4)) == [
            "chromium: 16 frames, worst 100%, median 100%; counting anti-aliased: worst 100%, median 100%; 0 failing",
            "firefox: 16 frames, worst 100%, median 100%; counting anti-aliased: worst 100%, median 100%; 0 failing",
            "webkit: 16 frames, worst 100%, median 100%; counting anti-aliased: worst 100%, median 100%; 0 failing",
            "1 specs, 48 frames, 0 below 99.5% (worst 100%)",
        ])
        // The pages the browsers were shown, one sheet per scale, each frame in its cell;
        // at 2x WebKit's sheets (960 device pixels a side) are not the others' (2,048).
        let pages = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("pages").path).sorted()
        #expect(pages == ["book-1x-001.html", "book-2x-001.html", "webkit-book-2x-001.html"])
        let page = try String(contentsOf: dir.appendingPathComponent("pages/book-1x-001.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "<div class=\"cell\"").count == 9)
        #expect(page.contains("<!-- bars.md:1 dark t=0.75s -->"))
        #expect(!page.contains("<script"))
    }

    /// "Limits: fifty rows" at 2x is 1,224 device pixels tall: shot whole, WebKitGTK
    /// clipped its bands a device pixel short from 1,000 pixels down (99.74% in a frame).
    /// In tiles, each within 960 device pixels of the page origin, every frame is at the bar.
    /// Every engine shoots it, on books of more than one sheet.
    @Test func webKitShootsATallComponentInTiles() throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = """
            ```skeleton
            skeleton "Limits: fifty rows" width=240
              animation shimmer direction=top-to-bottom duration=3s
              repeat 50 gap=4 padding=8
                row gap=6 align=center
                  circle 8
                  rect height=6 grow=1 radius=3
                  rect 24x6 radius=3
            ```

            """
        try Data(spec.utf8).write(to: dir.appendingPathComponent("limits.md"))
        let run = try CLIRunner.run(["verify", ".", "--browser", "all", "--scale", "2", "--minimum", "0.999",
                                     "--json", "v.json", "--keep-pages", "pages"], cwd: dir)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("v.json")))
                                  as? [String: Any])
        let rows = try #require(object["results"] as? [[String: Any]])
        // Eight frames in each engine. Chromium and Firefox fit four frames a sheet, so
        // their book has two sheets: its second sheet is shown by a change of fragment.
        #expect(rows.count == 24)
        #expect(rows.map { $0["engine"] as? String } == ["chromium", "firefox", "webkit"].flatMap { Array(repeating: $0, count: 8) })
        for row in rows {
            #expect(row["pixels"] as? Int == 480 * 1224)
            #expect((row["match"] as? Double ?? 0) >= 0.999, "\(row)")
        }
        // Each frame's upper 480 points, two to a sheet, then the 132 below each, moved up
        // to their cells' tops, six to a sheet. The six sheets are one book, each a box at
        // the page origin: every frame at the bar means WebKit photographed each sheet its
        // fragment named, and put each frame's tiles, from two sheets, back together.
        let pages = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("pages").path).sorted()
        #expect(pages == ["book-2x-001.html", "webkit-book-2x-001.html"])
        let shared = try String(contentsOf: dir.appendingPathComponent("pages/book-2x-001.html"), encoding: .utf8)
        #expect(shared.components(separatedBy: "<div class=\"sheet\" ").count == 3)
        let page = try String(contentsOf: dir.appendingPathComponent("pages/webkit-book-2x-001.html"), encoding: .utf8)
        let sheets = page.components(separatedBy: "<div class=\"sheet\" ").dropFirst()
        #expect(sheets.count == 6)
        #expect(sheets.first?.hasPrefix("id=\"sheet-0\" style=\"width:480px;height:480px\">\n<!-- limits.md:1 light t=0s tile at 0,0 -->") == true)
        #expect(sheets.last?.hasPrefix("id=\"sheet-5\" style=\"width:480px;height:132px\">\n<!-- limits.md:1 dark t=1.5s tile at 0,480 -->") == true)
        #expect(sheets.last?.contains("<!-- limits.md:1 dark t=2.25s tile at 0,480 -->") == true)
        #expect(sheets.last?.contains("<div style=\"position:absolute;left:-0px;top:-480px;width:240px;height:612px\">") == true)
    }
}
