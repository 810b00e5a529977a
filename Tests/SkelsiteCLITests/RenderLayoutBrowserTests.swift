import Foundation
import Testing
import SkeletonCore

/// Headless Chromium as the layout oracle: each spec is written out as HTML following
/// the CSS mapping documented at the top of LayoutEngine.swift (built here from that
/// text, independently of the HTML emitter), and every painted box the browser lays
/// out must match LayoutEngine's item frames to within Chromium's 1/64 px layout unit.
@Suite struct RenderLayoutBrowserTests {
    static let specs = [
        """
        skeleton "Article" width=360
          row padding=16 gap=12 radius=12 fill=#FFFFFF
            rect 56x56 radius=8
            column gap=8 grow=1
              text lines=2 line-height=14 spacing=8 last=70%
              rect width=130 height=12 radius=4
        """,
        """
        skeleton "Align and justify" width=300
          row height=100 align=center
            rect 20x20
            rect width=10
          column width=200 align=end
            rect 50x10
          row gap=10 justify=space-around
            rect 50x10
            rect 50x10
            rect 50x10
          row gap=10 justify=space-evenly
            rect 50x10
            rect 50x10
          row justify=space-between
            rect 200x10
            rect 200x10
          row justify=center
            rect 200x10
            rect 200x10
          column height=100 justify=end padding=5
            rect 10x20
        """,
        """
        skeleton "Grow and spacers" width=320
          row
            rect 50x10
            spacer
            rect 50x10
          row gap=4
            rect height=10 grow=1
            rect height=10 grow=3
          row
            rect width=100 height=10 grow=0.5
          row
            rect 30x60
            column
              rect 10x10
              spacer
              rect 10x10
          row gap=10
            circle 40
            text lines=2 grow=1
            text lines=1
        """,
        """
        skeleton "Percentages" width=300
          row padding="0 10"
            rect width=50% height=10
          column height=200 padding="20 0"
            rect height=25%
            rect width=33.3% height=10%
          column
            rect width=10 height=50%
          column align=center
            row gap=5
              rect 30x10
              rect width=20 height=10
          column align=start
            row width=10 padding="4 16" fill=#000000
        """,
        """
        skeleton "Repeat" width=250
          repeat 3 gap=4 padding=6 fill=#EEEEEE
            row gap=8 align=center
              circle 24
              column gap=4 grow=1
                rect width=60% height=8
                rect width=35% height=6
            rect height=1
          text lines=3 line-height=9 spacing=3 last=45%
        """,
        """
        skeleton "Grids and fills" width=310 height=430
          repeat 5 columns=3 gap=7 row-gap=11 padding=6 fill=#EEEEEE align=center
            circle 30
            rect width=80% height=6
          # An even split: Chromium floors each distributed grid gap to its 1/64 px
          # unit, so 50 / 3 lands up to 1/64 px per row above the exact figure.
          repeat 3 columns=2 height=100 justify=space-evenly
            rect height=20
          row padding=8 gap=10
            rect 60x70
            text lines=fill grow=1 line-height=9 spacing=5
          repeat fill gap=6 grow=1 padding="4 10"
            row gap=8
              rect 24x24
              column grow=1 gap=4
                rect height=8 width=60%
                rect height=6
        """,
    ]

    static var chromium: String? {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        return nil
    }

    @Test(.enabled(if: chromium != nil, "chromium not installed"))
    func browserBoxesEqualLayoutFrames() throws {
        var layouts: [SpecLayout] = []
        var html = "<!doctype html><html><head><meta charset=utf-8></head><body style=\"margin:0\">\n"
        for (index, text) in Self.specs.enumerated() {
            let spec = try #require(SpecParser.parseWithinBounds(text).spec, "spec \(index) must parse")
            layouts.append(LayoutEngine.layout(spec))
            html += CSSMirror.root(spec, id: index) + "\n"
        }
        html += """
            <script>
            const out = [];
            for (const root of document.querySelectorAll('[data-root]')) {
              const r = root.getBoundingClientRect();
              const boxes = [...root.querySelectorAll('[data-item]')].map(e => {
                const b = e.getBoundingClientRect();
                return [b.x - r.x, b.y - r.y, b.width, b.height];
              });
              out.push({ height: r.height, boxes });
            }
            const pre = document.createElement('pre');
            pre.id = 'out';
            pre.textContent = JSON.stringify(out);
            document.body.appendChild(pre);
            </script></body></html>
            """
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("layout.html")
        try Data(html.utf8).write(to: page)
        let dom = try Self.dumpDOM(page)
        let start = try #require(dom.range(of: "<pre id=\"out\">"), "no output in DOM")
        let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let json = String(dom[start.upperBound..<end.lowerBound])
        let results = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(results.count == layouts.count)
        let tolerance = 1.0 / 64 + 1e-6
        for (index, layout) in layouts.enumerated() where index < results.count {
            let boxes = try #require(results[index]["boxes"] as? [[Double]])
            let height = try #require(results[index]["height"] as? Double)
            #expect(abs(height - layout.height) <= tolerance, "spec \(index) height \(height) vs \(layout.height)")
            #expect(boxes.count == layout.items.count, "spec \(index): \(boxes.count) boxes vs \(layout.items.count) items")
            for (item, box) in zip(layout.items, boxes) {
                let f = item.frame
                let ok = abs(box[0] - f.x) <= tolerance && abs(box[1] - f.y) <= tolerance
                    && abs(box[2] - f.width) <= tolerance && abs(box[3] - f.height) <= tolerance
                #expect(ok, "spec \(index) line \(item.source.line): browser \(box) vs layout \(f)")
            }
        }
    }

    static func dumpDOM(_ page: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium!)
        let profile = page.deletingLastPathComponent().appendingPathComponent("profile")
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)",
                             "--dump-dom", page.absoluteString]
        let outURL = page.deletingLastPathComponent().appendingPathComponent("dom.html")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        return String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
    }
}

/// HTML per the mapping in LayoutEngine's doc comment. Elements that produce layout
/// items (filled containers, shapes, text bars) carry `data-item`, in tree order.
enum CSSMirror {
    static let common = "box-sizing:border-box;display:flex;flex-shrink:0;flex-basis:auto;min-width:0;min-height:0;margin:0;border:0;"

    static func root(_ spec: Spec, id: Int) -> String {
        var style = common + "flex-direction:column;width:\(spec.width)px;"
        if let h = spec.height { style += "height:\(h)px;" }
        return "<div data-root=\"\(id)\" style=\"\(style)\">" + spec.children.map { node($0, parentIsRow: false) }.joined() + "</div>"
    }

    static func length(_ l: Length) -> String? {
        switch l {
        case .auto: return nil
        case .points(let v): return "\(v)px"
        case .percent(let v): return "\(v)%"
        }
    }

    static func node(_ n: Node, parentIsRow: Bool) -> String {
        var style = common
        if let w = length(n.width) { style += "width:\(w);" }
        if let h = length(n.height) { style += "height:\(h);" }
        var grow = n.grow
        var item = false
        var inner = ""
        switch n.kind {
        case .row, .column, .repeat:
            let isRow: Bool
            if case .row = n.kind { isRow = true } else { isRow = false }
            style += "flex-direction:\(isRow ? "row" : "column");gap:\(n.gap)px;"
            style += "padding:\(n.padding.top)px \(n.padding.right)px \(n.padding.bottom)px \(n.padding.left)px;"
            let align = ["start": "flex-start", "center": "center", "end": "flex-end", "stretch": "stretch"]
            style += "align-items:\(align["\(n.align)"]!);"
            let justify = ["start": "flex-start", "center": "center", "end": "flex-end", "spaceBetween": "space-between",
                           "spaceAround": "space-around", "spaceEvenly": "space-evenly"]
            style += "justify-content:\(justify["\(n.justify)"]!);"
            item = n.fill != nil
            var copies = 1
            if case .repeat(let count) = n.kind { copies = count }
            if let columns = n.columns {
                // A grid (GridLayout.swift): equal columns, one flex-column cell per copy.
                style = common + (length(n.width).map { "width:\($0);" } ?? "") + (length(n.height).map { "height:\($0);" } ?? "")
                style += "display:grid;grid-template-columns:repeat(\(columns),minmax(0,1fr));"
                style += "column-gap:\(n.gap)px;row-gap:\(n.rowGap ?? n.gap)px;"
                style += "padding:\(n.padding.top)px \(n.padding.right)px \(n.padding.bottom)px \(n.padding.left)px;"
                style += "align-content:\(justify["\(n.justify)"]!.replacingOccurrences(of: "flex-", with: ""));"
                let cell = common + "flex-direction:column;align-items:\(align["\(n.align)"]!);"
                for _ in 0..<copies {
                    inner += "<div style=\"\(cell)\">" + n.children.map { node($0, parentIsRow: false) }.joined() + "</div>"
                }
            } else {
                for _ in 0..<copies { inner += n.children.map { node($0, parentIsRow: isRow) }.joined() }
            }
        case .rect, .circle, .capsule:
            item = true
        case .spacer:
            if grow <= 0 { grow = 1 }
        case .text(let m):
            style += "flex-direction:column;gap:\(m.spacing)px;"
            if !parentIsRow && n.width == .auto { style += "align-self:stretch;" }
            for line in 0..<m.lines {
                let fraction = line == m.lines - 1 ? m.lastLineFraction * 100 : 100
                inner += "<div data-item style=\"\(common)height:\(m.lineHeight)px;width:\(fraction)%\"></div>"
            }
        }
        style += "flex-grow:\(grow);"
        return "<div\(item ? " data-item" : "") style=\"\(style)\">\(inner)</div>"
    }
}
