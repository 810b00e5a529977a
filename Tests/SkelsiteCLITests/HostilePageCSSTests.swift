import Foundation
import Testing

/// A pasted component keeps its pixels under a page's CSS (site/reference/rendering.md,
/// "Under the page's CSS"): `verify --host-css` puts each hostile stylesheet on every
/// sheet, after the components' CSS, and every frame of a fixed and a fluid component,
/// in Chromium, Firefox and WebKit, gives exactly the figures it gives on a bare page,
/// all at the bar.
@Suite(.serialized) struct HostilePageCSSTests {
    static let specs = """
        ```skeleton
        skeleton "Hostile fixed" width=200
          animation shimmer duration=1s
          row padding=8 gap=8 align=center
            circle 24
            column gap=6 grow=1
              rect height=10 radius=5
              text lines=2 line-height=8 spacing=4 last=60%
        ```

        ```skeleton
        skeleton "Hostile fluid" width=fill max-width=320 min-width=160
          animation shimmer duration=1s
          column padding=8 gap=6
            row gap=8 align=center
              circle 20
              rect height=10 grow=1 radius=3
            rect height=40 radius=4
        ```

        ```skeleton
        skeleton "Hostile pulse" width=160
          animation pulse duration=1.2s stagger=100ms
          column padding=10 gap=8 fill=#FFFFFF radius=8
            rect height=12 radius=6
            row gap=6
              rect 40x14 radius=7
              rect height=14 grow=1
        ```

        """

    /// Each rule on its own, then a framework-style reset, then all of them at once.
    static let sheets: [(name: String, css: String)] = [
        ("box-sizing", "* { box-sizing: content-box }"),
        ("div-span", "div, span { padding: 3px; margin: 2px; border: 1px solid red; line-height: 40px; font-size: 30px;"
            + " display: inline; vertical-align: middle }"),
        ("root-font", ":root { font-size: 24px }"),
        ("color-scheme", ":root { color-scheme: dark }"),
        ("direction", "html { direction: rtl }"),
        ("reboot", reboot),
        ("all", """
            * { box-sizing: content-box }
            div, span { padding: 3px; margin: 2px; border: 1px solid red; line-height: 40px; font-size: 30px; display: inline; vertical-align: middle }
            :root { font-size: 24px; color-scheme: dark }
            html { direction: rtl }
            div { position: relative; width: 100%; height: 7px; max-width: 50px; flex: 1 1 0; gap: 5px; align-items: center; justify-content: center; background: #f0f; float: left; writing-mode: vertical-rl }
            *::after { border: 2px solid blue; padding: 4px; margin: 3px; box-sizing: content-box }
            """),
    ]

    /// In the manner of Bootstrap's Reboot and Tailwind's Preflight.
    static let reboot = """
        *, *::before, *::after { box-sizing: border-box; border-width: 0; border-style: solid; border-color: #e5e7eb }
        :root { font-size: 24px; -webkit-text-size-adjust: 100%; tab-size: 4 }
        body { margin: 0; font-family: system-ui, sans-serif; font-size: 1rem; font-weight: 400; line-height: 1.5; color: #212529; background-color: #fff }
        h1, h2, h3, h4, h5, h6, p, blockquote, figure { margin: 0 0 1rem }
        img, svg, video, canvas { display: block; vertical-align: middle; max-width: 100%; height: auto }
        [hidden] { display: none !important }
        """

    /// Each frame's identity and figures in a `--json` file, in the report's order.
    static func figures(_ file: URL) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let rows = try #require(object["results"] as? [[String: Any]])
        return rows.map { row in
            ["component", "width", "engine", "theme", "time", "mismatched", "antialiased", "pixels"]
                .map { "\(row[$0] ?? "-")" }.joined(separator: " ")
        }
    }

    /// `verify docs --scale 1` with `arguments`, its figures, and its output.
    static func verify(_ dir: URL, _ name: String, _ arguments: [String]) throws
        -> (figures: [String], run: CLIRunner.Result) {
        let run = try CLIRunner.run(["verify", "docs", "--scale", "1", "--json", name + ".json", "--keep-pages", "pages-" + name]
                                    + arguments, cwd: dir)
        let figures = run.status == 2 ? [] : try Self.figures(dir.appendingPathComponent(name + ".json"))
        return (figures, run)
    }

    /// Every rule at once, and the framework-style reset, in the three engines; each rule
    /// alone in Chromium (a run of three engines costs about 15 s here, most of it
    /// starting them). Every frame's figures are the bare page's.
    @Test func everyFrameIsTheBarePagesUnderEachHostileStylesheet() throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data(Self.specs.utf8).write(to: dir.appendingPathComponent("docs/cards.md"))
        let bare = try Self.verify(dir, "bare", ["--browser", "all"])
        #expect(bare.run.status == 0, "\(bare.run.stdout)\(bare.run.stderr)")
        // 3 engines × (two fixed components + the fluid one at 320 and 160) × 2 themes × 4 times.
        #expect(bare.figures.count == 96)
        #expect(bare.run.stdout.hasSuffix("3 specs, 96 frames, 0 below 99.5% (worst 100%)\n"))
        let chromium = bare.figures.filter { $0.contains(" chromium ") }
        #expect(chromium.count == 32)
        for sheet in Self.sheets {
            try Data(sheet.css.utf8).write(to: dir.appendingPathComponent(sheet.name + ".css"))
            let everywhere = sheet.name == "all" || sheet.name == "reboot"
            let hostile = try Self.verify(dir, sheet.name, ["--browser", everywhere ? "all" : "chromium",
                                                            "--host-css", sheet.name + ".css"])
            #expect(hostile.run.status == 0, "\(sheet.name): \(hostile.run.stdout)\(hostile.run.stderr)")
            #expect(hostile.run.stderr == "")
            #expect(hostile.figures == (everywhere ? bare.figures : chromium), "\(sheet.name)")
            // The sheet is on the page, after the components' CSS.
            let page = try String(contentsOf: dir.appendingPathComponent("pages-" + sheet.name + "/book-1x-001.html"),
                                  encoding: .utf8)
            #expect(page.contains("<style>\n" + sheet.css + "\n</style>\n</head>\n"))
        }
        // The measure sees a page rule that does bend the component: `!important` is the
        // documented limit. Every frame is 6 px taller inside: none at the bar.
        try Data("div { padding: 3px !important }".utf8).write(to: dir.appendingPathComponent("important.css"))
        let forced = try Self.verify(dir, "important", ["--browser", "chromium", "--host-css", "important.css"])
        #expect(forced.run.status == 1)
        #expect(forced.run.stdout.contains("\n3 specs, 32 frames, 32 below 99.5% (worst "))
        #expect(!forced.run.stdout.contains("\nok "))
        // The same components as the web-component export's custom elements, all of one
        // engine's frames on one page, under every rule at once: the bare page's figures.
        let elements = try Self.verify(dir, "elements", ["--browser", "all", "--as", "web-component", "--host-css", "all.css"])
        #expect(elements.run.status == 0, "\(elements.run.stdout)\(elements.run.stderr)")
        #expect(elements.figures == bare.figures)
        let book = try String(contentsOf: dir.appendingPathComponent("pages-elements/book-1x-001.html"), encoding: .utf8)
        #expect(book.contains("<div class=\"cell\" data-theme=\"dark\" style=\"left:"))
        #expect(book.contains("<sk-verify-0></sk-verify-0>\n"))
        #expect(book.contains("<script type=\"module\">\nconst Base = typeof HTMLElement"))
        #expect(book.contains("defineSkeleton(\"sk-verify-23\", \"Loading Hostile pulse…\", \"<div data-theme=\\\"dark\\\">\\n<div class="))
        #expect(!book.contains("<style>\n.sk-"))
        // One page per packing: WebKit's sheets are smaller (VerifySheets.limits).
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("pages-elements").path).sorted()
            == ["book-1x-001.html", "webkit-book-1x-001.html"])
        #expect(book.components(separatedBy: "<sk-verify-").count == 33)
    }

    @Test func aSheetThatWouldEndItsStyleElementOrCannotBeReadIsRefused() throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.specs.utf8).write(to: dir.appendingPathComponent("cards.md"))
        try Data("div { color: red } </STYLE><script>".utf8).write(to: dir.appendingPathComponent("bad.css"))
        let bad = try CLIRunner.run(["verify", ".", "--host-css", "bad.css"], cwd: dir)
        #expect(bad.status == 2)
        #expect(bad.stderr == "error: --host-css bad.css: it holds '</style', which would end the page's style element\n")
        let missing = try CLIRunner.run(["verify", ".", "--host-css", "none.css"], cwd: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: cannot read none.css: "))
        let form = try CLIRunner.run(["verify", ".", "--as", "react"], cwd: dir)
        #expect(form.status == 2)
        #expect(form.stderr.contains("error: --as takes html or web-component, got 'react'"))
    }
}
