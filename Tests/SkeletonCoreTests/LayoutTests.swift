import Testing
@testable import SkeletonCore

@Suite struct LayoutTests {
    typealias F = Fixture

    @Test func rowPaddingAndGapPlaceSecondChildAfterFirst() {
        let row = F.node(.row, gap: 12, padding: Insets(top: 16, right: 16, bottom: 16, left: 16),
                         [F.rect(56, 56), F.rect(40, 20)])
        let layout = LayoutEngine.layout(F.spec(width: 360, [row]))
        #expect(F.frames(layout) == [Rect(16, 16, 56, 56), Rect(16 + 56 + 12, 16, 40, 20)])
        #expect(layout.width == 360)
        #expect(layout.height == 88)
    }

    @Test func designExampleArticleRow() {
        let column = F.node(.column, line: 6, gap: 8, [
            F.node(.text(TextMetrics(lines: 2, lineHeight: 14, spacing: 8, lastLineFraction: 0.75)), line: 7),
            F.node(.rect, line: 8, width: .points(130), height: .points(12), radius: 4),
        ])
        var column1 = column
        column1.grow = 1
        let row = F.node(.row, line: 4, gap: 12, padding: Insets(top: 16, right: 16, bottom: 16, left: 16),
                         radius: 12, fill: RGBA(255, 255, 255), [F.rect(56, 56, line: 5, radius: 8), column1])
        let layout = LayoutEngine.layout(F.spec(width: 360, [row]))
        // Column basis 130 (its widest child) grows by 328 - 56 - 12 - 130 = 130 to 260.
        #expect(F.frames(layout) == [
            Rect(0, 0, 360, 88), Rect(16, 16, 56, 56),
            Rect(84, 16, 260, 14), Rect(84, 38, 195, 14),
            Rect(84, 60, 130, 12),
        ])
        #expect(layout.items.map(\.role) == [.surface, .shape(.rect), .shape(.textLine), .shape(.textLine), .shape(.rect)])
        #expect(layout.items.map(\.radius) == [12, 8, 0, 0, 4])
        #expect(layout.items.map(\.source.line) == [4, 5, 7, 7, 8])
        #expect(layout.items[0].lightColor == RGBA(255, 255, 255))
        #expect(layout.height == 88)
    }

    @Test func textBarsAndLastLineFraction() {
        let layout = LayoutEngine.layout(F.spec(width: 200, [F.text(lines: 3, lineHeight: 15, spacing: 10, last: 0.7)]))
        let frames = F.frames(layout)
        #expect(frames.count == 3)
        #expect(frames[0] == Rect(0, 0, 200, 15))
        #expect(frames[1] == Rect(0, 25, 200, 15))
        #expect(frames[2].y == 50 && frames[2].height == 15)
        #expect(abs(frames[2].width - 140) < 1e-9)
        #expect(layout.height == 65)
    }

    @Test func textInCenteredColumnStillStretches() {
        let column = F.node(.column, align: .center, [F.text(lines: 1, last: 1), F.rect(20, 10)])
        let layout = LayoutEngine.layout(F.spec(width: 100, [column]))
        #expect(F.frames(layout) == [Rect(0, 0, 100, 15), Rect(40, 15, 20, 10)])
    }

    @Test func textInRowNeedsGrowOrWidth() {
        var grown = F.text(lines: 1, last: 1)
        grown.grow = 1
        let row = F.node(.row, gap: 10, [F.circle(40), grown, F.text(lines: 1, last: 1)])
        let layout = LayoutEngine.layout(F.spec(width: 300, [row]))
        #expect(F.frames(layout) == [Rect(0, 0, 40, 40), Rect(50, 0, 240, 15), Rect(300, 0, 0, 15)])
        #expect(layout.items.map(\.radius) == [20, 0, 0])
        #expect(layout.items[0].role == .shape(.circle))
    }

    @Test func alignInRowAndColumn() {
        let row = F.node(.row, height: .points(100), align: .center, [F.rect(20, 20), F.node(.rect, width: .points(10))])
        let endColumn = F.node(.column, width: .points(200), align: .end, [F.rect(50, 10)])
        let startRow = F.node(.row, height: .points(30), align: .start, [F.node(.rect, width: .points(5))])
        let stretchRow = F.node(.row, height: .points(30), [F.node(.rect, width: .points(5))])
        let layout = LayoutEngine.layout(F.spec(width: 300, [row, endColumn, startRow, stretchRow]))
        #expect(F.frames(layout) == [
            Rect(0, 40, 20, 20), Rect(20, 50, 10, 0),
            Rect(150, 100, 50, 10),
            Rect(0, 110, 5, 0),
            Rect(0, 140, 5, 30),
        ])
        #expect(layout.height == 170)
    }

    @Test(arguments: [(Justify, [Double])]([
        (Justify.start, [0.0, 60, 120]),
        (.end, [130, 190, 250]),
        (.center, [65, 125, 185]),
        (.spaceBetween, [0, 125, 250]),
        (.spaceAround, [130.0 / 6, 125, 250 - 130.0 / 6]),
        (.spaceEvenly, [32.5, 125, 217.5]),
    ]))
    func justifyInRow(justify: Justify, xs: [Double]) {
        let row = F.node(.row, gap: 10, justify: justify, [F.rect(50, 10), F.rect(50, 10), F.rect(50, 10)])
        let layout = LayoutEngine.layout(F.spec(width: 300, [row]))
        let got = layout.items.map(\.frame.x)
        #expect(got.count == 3)
        for (a, b) in zip(got, xs) { #expect(abs(a - b) < 1e-9, "\(justify): \(got) vs \(xs)") }
    }

    @Test func justifyWithOverflowFallsBack() {
        let kids = [F.rect(200, 10), F.rect(200, 10)]
        let between = LayoutEngine.layout(F.spec(width: 300, [F.node(.row, justify: .spaceBetween, kids)]))
        let around = LayoutEngine.layout(F.spec(width: 300, [F.node(.row, justify: .spaceAround, kids)]))
        #expect(between.items.map(\.frame.x) == [0, 200])
        #expect(around.items.map(\.frame.x) == [-50, 150])
    }

    @Test func justifyInColumnWithDefiniteHeight() {
        let column = F.node(.column, height: .points(100), justify: .center, [F.rect(10, 20), F.rect(10, 20)])
        let layout = LayoutEngine.layout(F.spec(width: 50, [column]))
        #expect(layout.items.map(\.frame.y) == [30, 50])
    }

    @Test func growSharesFreeSpace() {
        let spacerRow = F.node(.row, [F.rect(50, 10), F.node(.spacer), F.rect(50, 10)])
        let weighted = F.node(.row, [F.node(.rect, height: .points(10), grow: 1), F.node(.rect, height: .points(10), grow: 3)])
        let fractional = F.node(.row, [F.node(.rect, width: .points(100), height: .points(10), grow: 0.5)])
        let layout = LayoutEngine.layout(F.spec(width: 300, [spacerRow, weighted, fractional]))
        #expect(F.frames(layout) == [
            Rect(0, 0, 50, 10), Rect(250, 0, 50, 10),
            Rect(0, 10, 75, 10), Rect(75, 10, 225, 10),
            Rect(0, 20, 200, 10),
        ])
    }

    @Test func growInColumnNeedsHeight() {
        let fixed = F.node(.column, height: .points(100), [F.rect(10, 20), F.node(.spacer), F.rect(10, 20)])
        let auto = F.node(.column, [F.rect(10, 20), F.node(.spacer), F.rect(10, 20)])
        let layout = LayoutEngine.layout(F.spec(width: 50, [fixed, auto]))
        #expect(layout.items.map(\.frame.y) == [0, 80, 100, 120])
        #expect(layout.height == 140)
    }

    @Test func stretchedColumnInRowGrowsItsChildren() {
        // The column is stretched to the row's 60-point height, so its spacer pushes the
        // second rect to the bottom (flexbox §9.4: stretched sizes are definite).
        let column = F.node(.column, [F.rect(10, 10), F.node(.spacer), F.rect(10, 10)])
        let row = F.node(.row, [F.rect(30, 60), column])
        let layout = LayoutEngine.layout(F.spec(width: 100, [row]))
        #expect(F.frames(layout) == [Rect(0, 0, 30, 60), Rect(30, 0, 10, 10), Rect(30, 50, 10, 10)])
    }

    @Test func percentagesResolveAgainstContentBox() {
        let row = F.node(.row, padding: Insets(top: 0, right: 10, bottom: 0, left: 10),
                         [F.node(.rect, width: .percent(50), height: .points(10))])
        let column = F.node(.column, height: .points(200), padding: Insets(top: 20, right: 0, bottom: 20, left: 0),
                            [F.node(.rect, height: .percent(25))])
        let indefinite = F.node(.column, [F.node(.rect, width: .points(10), height: .percent(50))])
        let layout = LayoutEngine.layout(F.spec(width: 300, [row, column, indefinite]))
        #expect(F.frames(layout) == [Rect(10, 0, 140, 10), Rect(0, 30, 300, 40), Rect(0, 210, 10, 0)])
    }

    @Test func repeatCopiesChildrenWithStagger() {
        let rep = F.node(.repeat(count: 3), gap: 4, stagger: 0.1, [F.rect(20, 10), F.circle(8)])
        let layout = LayoutEngine.layout(F.spec(width: 100, [rep]))
        #expect(layout.items.map(\.frame.y) == [0, 14, 26, 40, 52, 66])
        #expect(layout.items.map(\.timeOffset) == [0, 0, 0.1, 0.1, 0.2, 0.2])
        #expect(layout.height == 74)
    }

    @Test func repeatUsesAnimationStaggerAndNestsAdditively() {
        let inner = F.node(.repeat(count: 2), stagger: 1, [F.rect(10, 10)])
        let outer = F.node(.repeat(count: 2), [inner])
        let layout = LayoutEngine.layout(F.spec(width: 100, animation: F.animation(.shimmer, stagger: 0.25), [outer]))
        #expect(layout.items.map(\.timeOffset) == [0, 1, 0.25, 1.25])
        #expect(layout.items.map(\.frame.y) == [0, 10, 20, 30])
    }

    @Test func centeredColumnShrinksRowToContent() {
        let row = F.node(.row, gap: 5, [F.rect(30, 10), F.rect(20, 10)])
        let layout = LayoutEngine.layout(F.spec(width: 300, [F.node(.column, align: .center, [row])]))
        #expect(layout.items.map(\.frame.x) == [122.5, 157.5])
    }

    @Test func fixedSpecHeightAndRadiusClamp() {
        let layout = LayoutEngine.layout(F.spec(width: 100, height: 50, [F.rect(40, 10, radius: 99),
                                                                           F.node(.capsule, width: .points(30), height: .points(12))]))
        #expect(layout.height == 50)
        #expect(layout.items.map(\.radius) == [5, 6])
    }

    @Test func boxNeverSmallerThanPadding() {
        let row = F.node(.row, width: .points(10), padding: Insets(top: 4, right: 16, bottom: 4, left: 16), fill: RGBA(0, 0, 0))
        let layout = LayoutEngine.layout(F.spec(width: 100, [F.node(.column, align: .start, [row])]))
        #expect(F.frames(layout) == [Rect(0, 0, 32, 8)])
    }

    @Test func parsedDesignExampleLaysOutLikeTheBuiltOne() throws {
        let text = """
            skeleton "Article row" width=360
              appearance base=#E5E5EA highlight=#FFFFFF background=#F2F2F7
              animation shimmer duration=1.3s direction=left-to-right
              row padding=16 gap=12 radius=12 fill=#FFFFFF
                rect 56x56 radius=8
                column gap=8 grow=1
                  text lines=2 line-height=14 spacing=8 last=75%
                  rect width=130 height=12 radius=4
            """
        let spec = try #require(SpecParser.parse(text).spec)
        let layout = LayoutEngine.layout(spec)
        #expect(F.frames(layout) == [
            Rect(0, 0, 360, 88), Rect(16, 16, 56, 56),
            Rect(84, 16, 260, 14), Rect(84, 38, 195, 14),
            Rect(84, 60, 130, 12),
        ])
        #expect(layout.items.map(\.source.line) == [4, 5, 7, 7, 8])
        #expect(layout.items.map(\.source.column) == [3, 5, 7, 7, 7])
    }
}
