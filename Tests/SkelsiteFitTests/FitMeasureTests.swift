import SkeletonCore
@testable import SkelsiteFit
import Testing

/// The measure of `fit` as pure functions (site/guides/fit-the-content.md): the roots'
/// size difference, the Layout Instability score of the swap, the parts.
@Suite struct FitMeasureTests {
    static func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    @Test func theRootDeltaIsContentMinusSkeleton() {
        let delta = FitMeasure.rootDelta(skeleton: Self.box(0, 0, 360, 76), content: Self.box(0, 0, 360, 80))
        #expect(delta.width == 0)
        #expect(delta.height == 4)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var moves: [FitMeasure.Move]
        var viewport: Rect
        var impact: Double
        var distance: Double
        var testDescription: String { name }
    }

    // The page below a component fills a 360×800 viewport; the component grows by 4 px.
    static let cases: [Case] = [
        Case(name: "the page below moves down 4 px",
             moves: [.init(before: box(0, 76, 360, 800), after: box(0, 80, 360, 800))],
             viewport: box(0, 0, 360, 800), impact: (800.0 - 76) / 800, distance: 4.0 / 800),
        Case(name: "nothing moves",
             moves: [.init(before: box(0, 76, 360, 800), after: box(0, 76, 360, 800))],
             viewport: box(0, 0, 360, 800), impact: 0, distance: 0),
        Case(name: "a box that only grows is not unstable",
             moves: [.init(before: box(0, 76, 360, 100), after: box(0, 76, 360, 140))],
             viewport: box(0, 0, 360, 800), impact: 0, distance: 0),
        Case(name: "a wide viewport divides by its width",
             moves: [.init(before: box(0, 100, 100, 100), after: box(0, 150, 100, 100))],
             viewport: box(0, 0, 1280, 800), impact: 150.0 * 100 / (1280 * 800), distance: 50.0 / 1280),
        Case(name: "a box moved out of the viewport counts its visible part",
             moves: [.init(before: box(0, 700, 100, 100), after: box(0, 900, 100, 100))],
             viewport: box(0, 0, 100, 800), impact: 100.0 * 100 / (100 * 800), distance: 200.0 / 800),
        Case(name: "a box outside the viewport in both frames does not count",
             moves: [.init(before: box(0, 900, 100, 100), after: box(0, 950, 100, 100)),
                     .init(before: box(0, 0, 100, 10), after: box(0, 2, 100, 10))],
             viewport: box(0, 0, 100, 800), impact: 12.0 * 100 / (100 * 800), distance: 2.0 / 800),
        Case(name: "two overlapping moves count their union once, the greatest distance",
             moves: [.init(before: box(0, 0, 100, 100), after: box(0, 10, 100, 100)),
                     .init(before: box(50, 50, 100, 100), after: box(80, 50, 100, 100))],
             viewport: box(0, 0, 800, 800), impact: (110.0 * 100 + 130 * 100 - 60 * 50) / (800 * 800), distance: 30.0 / 800),
        Case(name: "the distance fraction is at most 1",
             moves: [.init(before: box(0, -5000, 100, 100), after: box(0, 0, 100, 100))],
             viewport: box(0, 0, 100, 800), impact: 100.0 * 100 / (100 * 800), distance: 1),
    ]

    @Test(arguments: cases) func theScoreIsImpactTimesDistance(_ c: Case) {
        let result = FitMeasure.score(c.moves, viewport: c.viewport)
        #expect(abs(result.impact - c.impact) < 1e-12)
        #expect(abs(result.distance - c.distance) < 1e-12)
        #expect(abs(result.score - c.impact * c.distance) < 1e-12)
    }

    @Test func unionAreaCountsOverlapsOnce() {
        #expect(FitMeasure.unionArea([]) == 0)
        #expect(FitMeasure.unionArea([Self.box(0, 0, 10, 10), Self.box(5, 5, 10, 10)]) == 175)
        #expect(FitMeasure.unionArea([Self.box(0, 0, 10, 10), Self.box(2, 2, 2, 2)]) == 100)
        #expect(FitMeasure.unionArea([Self.box(0, 0, 10, 10), Self.box(20, 0, 10, 10)]) == 200)
    }

    @Test func partsAreMatchedInOrderRelativeToTheirRoots() {
        let parts = FitMeasure.parts(shapes: [Self.box(10, 110, 56, 56), Self.box(78, 110, 200, 14), Self.box(78, 130, 100, 12)],
                                     skeletonRoot: Self.box(0, 100, 360, 88),
                                     marked: [("image", Self.box(10, 510, 56, 56)), ("title", Self.box(78, 512, 200, 18))],
                                     contentRoot: Self.box(0, 500, 360, 92))
        #expect(parts.count == 2)
        #expect(parts[0].name == "image" && parts[0].matches)
        #expect(parts[1].name == "title")
        #expect(parts[1].dx == 0 && parts[1].dy == 2 && parts[1].dwidth == 0 && parts[1].dheight == 4)
    }

    /// Half a CSS pixel either way fits: engines round text boxes to their own layout unit.
    @Test func aPartFitsItsShapeWithinHalfAPixel() {
        let shape = Self.box(16, 16, 200, 20)
        func part(_ content: Rect) -> FitMeasure.Part { FitMeasure.Part(name: "title", shape: shape, content: content) }
        #expect(part(Self.box(16, 16, 200, 20)).matches)
        #expect(part(Self.box(16.5, 15.5, 199.5, 20.5)).matches)
        #expect(!part(Self.box(16, 16, 200, 20.51)).matches)
        #expect(!part(Self.box(15.4, 16, 200, 20)).matches)
    }

    @Test func shapesCarryTheirSpecNodes() {
        let parts = FitMeasure.parts(shapes: [Self.box(0, 0, 10, 10), Self.box(0, 20, 10, 10)], nodes: [3, 5],
                                     skeletonRoot: Self.box(0, 0, 100, 100),
                                     marked: [("a", Self.box(0, 0, 10, 10)), ("b", Self.box(0, 20, 10, 10))],
                                     contentRoot: Self.box(0, 0, 100, 100))
        #expect(parts.map(\.node) == [3, 5])
    }
}
