import Testing
@testable import SkeletonCore

/// `skeleton width=fill` / `width=N%` with min-width and max-width (site/reference/
/// skeleton.md, "Fluid width").
@Suite struct FluidWidthTests {
    @Test func theReferenceWidthIs375WithinTheBounds() throws {
        let spec = try #require(SpecParser.parse("skeleton width=fill min-width=280 max-width=640\n  rect height=4\n").spec)
        #expect(spec.fluid == FluidWidth(percent: 100, minWidth: 280, maxWidth: 640))
        #expect(spec.width == 375)
        let narrow = try #require(SpecParser.parse("skeleton width=90% max-width=320\n  rect height=4\n").spec)
        #expect(narrow.fluid == FluidWidth(percent: 90, maxWidth: 320))
        #expect(narrow.width == 320)
        // Another width is the same spec laid out again.
        #expect(LayoutEngine.layout(narrow).items[0].frame.width == 320)
        #expect(LayoutEngine.layout(narrow.at(width: 480)).items[0].frame.width == 480)
    }

    @Test func fixedSpecsAreNotFluid() throws {
        #expect(try #require(SpecParser.parse("skeleton width=200\n  rect height=4\n").spec).fluid == nil)
    }

    @Test func diagnostics() {
        #expect(located("skeleton width=200 min-width=100\n  rect") == [
            "1:20: min-width applies to a fluid component; write width=fill or a percentage, like 'width=fill min-width=280'",
        ])
        #expect(located("skeleton width=fill min-width=500 max-width=400\n  rect") == ["1:1: min-width is more than max-width"])
        #expect(located("skeleton width=0%\n  rect") == ["1:16: width must be more than 0%"])
        #expect(located("skeleton width=120%\n  rect") == ["1:16: width 120% is over 100%"])
        // A band per shape is sized from each shape at every width (FluidShapeBandTests).
        #expect(located("skeleton width=fill\n  animation shimmer scope=shape\n  rect") == [])
    }
}
