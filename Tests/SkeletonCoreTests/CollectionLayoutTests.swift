import Testing
@testable import SkeletonCore

/// `repeat N columns=C`, `repeat fill` and `text lines=fill` (site/reference/repeat.md,
/// text.md): exact frames, counts and diagnostics.
@Suite struct CollectionLayoutTests {
    static func layout(_ text: String) throws -> (Spec, SpecLayout) {
        let result = SpecParser.parseWithinBounds(text)
        let spec = try #require(result.spec, "\(result.diagnostics)")
        return (spec, LayoutEngine.layout(spec))
    }

    static func problems(_ text: String) -> [String] {
        SpecParser.parseWithinBounds(text).diagnostics.map { "\($0.position.line):\($0.position.column): \($0.message)" }
    }

    @Test func gridPlacesCopiesInEqualColumnsRowByRow() throws {
        let (_, layout) = try Self.layout("""
            skeleton width=320
              repeat 5 columns=3 gap=8 row-gap=12 padding=8
                rect height=64 radius=6
                rect height=10 width=70%
            """)
        // Cells are (320 − 16 − 2·8) / 3 = 96 wide and 74 tall; the caption is 70% of 96.
        let expected: [Rect] = [
            Rect(x: 8, y: 8, width: 96, height: 64), Rect(x: 8, y: 72, width: 96 * 0.7, height: 10),
            Rect(x: 112, y: 8, width: 96, height: 64), Rect(x: 112, y: 72, width: 96 * 0.7, height: 10),
            Rect(x: 216, y: 8, width: 96, height: 64), Rect(x: 216, y: 72, width: 96 * 0.7, height: 10),
            Rect(x: 8, y: 94, width: 96, height: 64), Rect(x: 8, y: 158, width: 96 * 0.7, height: 10),
            Rect(x: 112, y: 94, width: 96, height: 64), Rect(x: 112, y: 158, width: 96 * 0.7, height: 10),
        ]
        #expect(layout.items.map(\.frame) == expected)
        #expect(layout.height == 8 + 74 + 12 + 74 + 8)
    }

    @Test func gridRowGapDefaultsToGapAndCopiesAreStaggeredInOrder() throws {
        let (_, layout) = try Self.layout("""
            skeleton width=100
              animation shimmer stagger=100ms
              repeat 4 columns=2 gap=10
                rect height=20
            """)
        #expect(layout.items.map(\.frame) == [
            Rect(x: 0, y: 0, width: 45, height: 20), Rect(x: 55, y: 0, width: 45, height: 20),
            Rect(x: 0, y: 30, width: 45, height: 20), Rect(x: 55, y: 30, width: 45, height: 20),
        ])
        #expect(layout.items.map(\.timeOffset) == [0, 0.1, 0.2, 0.30000000000000004])
    }

    @Test func gridJustifyDistributesRowsAndAlignPlacesChildrenInTheirCell() throws {
        let (_, layout) = try Self.layout("""
            skeleton width=200
              repeat 3 columns=2 height=100 justify=space-between align=center
                rect 20x10
            """)
        // Two rows of 10 in 100: 80 between them; each 20-wide rect centred in its 100-wide cell.
        #expect(layout.items.map(\.frame) == [
            Rect(x: 40, y: 0, width: 20, height: 10), Rect(x: 140, y: 0, width: 20, height: 10),
            Rect(x: 40, y: 90, width: 20, height: 10),
        ])
    }

    @Test func repeatFillCountsWholeCopiesOnly() throws {
        // (100 + 10) / (20 + 10) = 3.67: three copies (80 points), a fourth would need 110.
        let (spec, layout) = try Self.layout("""
            skeleton width=100
              repeat fill height=100 gap=10
                rect height=20
            """)
        #expect(spec.children[0].kind == .repeat(count: 3))
        #expect(layout.items.map(\.frame.y) == [0, 30, 60])
        #expect(layout.height == 100)
    }

    @Test func repeatFillCountsAnExactFitAndGrowsIntoAFixedRoot() throws {
        // Root 300 tall, padding 16: 268 to fill with 36-point rows 10 apart: (268 + 10) / 46 = 6.04.
        let (spec, layout) = try Self.layout("""
            skeleton width=320 height=300
              repeat fill gap=10 padding=16 grow=1
                row gap=12 align=center
                  circle 36
                  text lines=fill height=36 line-height=8 spacing=6 grow=1
            """)
        #expect(spec.children[0].kind == .repeat(count: 6))
        // The text inside each copy: (36 + 6) / (8 + 6) = 3 bars.
        guard case .text(let metrics) = spec.children[0].children[0].children[1].kind else {
            Issue.record("not a text")
            return
        }
        #expect(metrics.lines == 3)
        #expect(layout.items.count == 6 * 4)
        #expect(layout.items.last?.frame == Rect(x: 64, y: 16 + 5 * 46 + 28, width: 168, height: 8))
    }

    @Test func repeatFillWithColumnsCountsWholeRows() throws {
        // Rows of 40 with a 12 row gap in 150: (150 + 12) / 52 = 3.1 rows of 4 copies.
        let (spec, layout) = try Self.layout("""
            skeleton width=200 height=150
              repeat fill columns=4 gap=4 row-gap=12 grow=1
                rect height=40
            """)
        #expect(spec.children[0].kind == .repeat(count: 12))
        #expect(layout.items.count == 12)
        #expect(layout.items.last?.frame == Rect(x: 153, y: 104, width: 47, height: 40))
    }

    @Test func textLinesFillCountsBarsInTheHeightItStretchesTo() throws {
        // The row is 90 tall (the thumbnail); the text stretches to it: (90 + 8) / 20 = 4.9 → 4 bars.
        let (spec, layout) = try Self.layout("""
            skeleton width=320
              row padding=16 gap=12
                rect 72x90
                text lines=fill grow=1 line-height=12 spacing=8
            """)
        guard case .text(let metrics) = spec.children[0].children[1].kind else {
            Issue.record("not a text")
            return
        }
        #expect(metrics.lines == 4)
        #expect(metrics.lastLineFraction == 0.7)
        #expect(layout.items.map(\.frame) == [
            Rect(x: 16, y: 16, width: 72, height: 90),
            Rect(x: 100, y: 16, width: 204, height: 12), Rect(x: 100, y: 36, width: 204, height: 12),
            Rect(x: 100, y: 56, width: 204, height: 12), Rect(x: 100, y: 76, width: 204 * 0.7, height: 12),
        ])
        #expect(layout.height == 122)
    }

    @Test func aFillShowsAtLeastOneCopyWhenNoneFits() throws {
        let (spec, _) = try Self.layout("""
            skeleton width=100
              repeat fill height=10
                rect height=30
            """)
        #expect(spec.children[0].kind == .repeat(count: 1))
    }

    @Test func specsWithoutFillsAreUnchanged() throws {
        let text = "skeleton width=100\n  repeat 3\n    rect height=5\n  text lines=2\n"
        #expect(SpecParser.parseWithinBounds(text).spec == SpecParser.parse(text).spec)
    }

    @Test func diagnostics() {
        let cases: [(String, [String])] = [
            ("skeleton\n  repeat fill\n    rect height=10",
             ["2:3: repeat fill has no height to fill; give it height=, or grow=1 inside a container with a fixed height"]),
            ("skeleton\n  text lines=fill",
             ["2:3: text lines=fill has no height to fill; give it height=, or grow=1 inside a container with a fixed height"]),
            ("skeleton\n  repeat fill height=50\n    rect",
             ["2:3: repeat fill cannot count copies that take no height; give them a height"]),
            ("skeleton\n  repeat fill height=4000\n    rect height=1",
             ["2:3: repeat fill fits more than 500 copies in its height; the limit is 500"]),
            ("skeleton\n  repeat fill columns=3 height=400\n    rect height=1",
             ["2:3: repeat fill fits 1200 copies in its height; the limit is 500"]),
            ("skeleton\n  text lines=fill height=4000 line-height=1 spacing=1",
             ["2:3: text lines=fill fits more than 500 lines in its height; the limit is 500"]),
            ("skeleton height=500\n  repeat fill grow=1\n    repeat 25\n      rect height=0.04",
             ["1:1: too many nodes: with its fills counted the spec expands to 13001 nodes; a spec may have at most 10000"]),
            ("skeleton\n  repeat 3 row-gap=4\n    rect",
             ["2:12: row-gap is the space between the rows of a grid; add columns=, like 'repeat 6 columns=3 row-gap=8'"]),
            ("skeleton\n  repeat 3 columns=0\n    rect", ["2:20: columns 0 is out of range; expected 1 to 500"]),
            ("skeleton\n  row columns=2", ["2:7: attribute 'columns' does not apply to row; a grid is a 'repeat N columns=C'"]),
            ("skeleton\n  text lines=3 height=30",
             ["2:16: attribute 'height' does not apply to text; text's height comes from lines, line-height and spacing"]),
            ("skeleton\n  text lines=\"fill\"", ["2:15: invalid lines 'fill'; expected a whole number like 3"]),
        ]
        for (text, expected) in cases {
            #expect(Self.problems(text) == expected, "\(text)")
        }
    }
}
