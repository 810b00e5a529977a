import SkeletonCore
import SkeletonWeb
import Testing

/// Sizes from type (site/reference/text.md, "Sizes from type"): `size=` is the bar's
/// height, `leading=` the line's, and the block is lines × leading tall with half the
/// leading above the first bar and below the last, in the layout, the CSS and SwiftUI.
@Suite struct TextTypeSizeTests {
    static func spec(_ text: String) throws -> Spec {
        let parsed = SpecParser.parseWithinBounds(text)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        return try #require(parsed.spec)
    }

    static let two = "skeleton \"Type\" width=200\n  column padding=10\n    text lines=2 size=16 leading=24 last=50%\n"

    @Test func barsSitInTheirLinesAndTheBlockIsLinesTimesLeading() throws {
        let layout = LayoutEngine.layout(try Self.spec(Self.two))
        // 10 padding + 2 × 24, with the 16-point bars 4 points into each 24-point line.
        #expect(layout.height == 68)
        #expect(layout.items.filter { $0.role == .shape(.textLine) }.map(\.frame)
                    == [Rect(x: 10, y: 14, width: 180, height: 16), Rect(x: 10, y: 38, width: 90, height: 16)])
    }

    @Test func theSameAsLineHeightAndSpacingApartFromTheInset() throws {
        let typed = LayoutEngine.layout(try Self.spec("skeleton width=100\n  text lines=3 size=12 leading=20\n"))
        let plain = LayoutEngine.layout(try Self.spec("skeleton width=100\n  text lines=3 line-height=12 spacing=8\n"))
        #expect(typed.height == plain.height + 8)
        #expect(typed.items.map(\.frame.y) == plain.items.map { $0.frame.y + 4 })
    }

    @Test func fillCountsWholeLinesOfLeading() throws {
        // 120 ÷ 24 = 5 lines; 119 holds 4 (the fifth line's lower half-leading would not fit).
        for (height, bars) in [(120, 5), (119, 4)] {
            let layout = LayoutEngine.layout(try Self.spec(
                "skeleton width=100\n  text lines=fill height=\(height) size=16 leading=24\n"))
            #expect(layout.items.count == bars, "height \(height)")
        }
    }

    @Test func theCSSPadsTheBlockByHalfTheLeading() throws {
        let spec = try Self.spec(Self.two)
        let css = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec)).css
        #expect(css.contains("flex-direction:column;gap:8px;padding:4px 0"))
        // Without size=, no padding: existing text is written as before.
        let plain = try Self.spec("skeleton width=200\n  text lines=2 line-height=16 spacing=8\n")
        #expect(!ComponentEmitter.emit(plain, layout: LayoutEngine.layout(plain)).css.contains("gap:8px;padding"))
    }

    @Test func swiftUIPadsTheStackVertically() throws {
        let view = SwiftUIExport.viewsFile([ExportedSpec(spec: try Self.spec(Self.two), origin: "a.skel")])
        #expect(view.contains("VStack(alignment: .leading, spacing: 8) {"))
        #expect(view.contains(".padding(.vertical, 4)\n"))
    }

    @Test(arguments: [
        ("text size=16", "2:8: text size= needs leading=, the line height of the text it stands in for (for example size=16 leading=24)"),
        ("text leading=24", "2:8: text leading= needs size=, the font size of the text it stands in for (for example size=16 leading=24)"),
        ("text size=16 leading=12", "2:16: leading=12 is less than size=16: a line is at least as tall as its font"),
        ("text line-height=10 size=16 leading=24", "2:8: line-height= and spacing= follow from size= and leading=; give one or the other"),
        ("text size=0 leading=24", "2:13: size must be greater than 0"),
        ("rect size=16", "2:8: attribute 'size' does not apply to rect; rect takes width, height, grow, radius, color, dark-color or aspect"),
    ])
    func badPairsAreLocated(line: String, message: String) {
        let diagnostics = SpecParser.parse("skeleton width=100\n  " + line + "\n").diagnostics
        #expect(diagnostics.map { "\($0.position.line):\($0.position.column): \($0.message)" }.first == message)
    }
}
