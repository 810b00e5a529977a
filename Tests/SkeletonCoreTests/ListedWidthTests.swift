import Testing
@testable import SkeletonCore

/// `skeleton width=fill widths=320,768 reference-width=414` (site/reference/skeleton.md,
/// "Fluid width"): the widths a fluid spec's reference PNGs are drawn at.
@Suite struct ListedWidthTests {
    @Test func listedWidthsKeepTheirOrderAndTheReferenceWidthIsChosen() throws {
        let spec = try #require(SpecParser.parse("skeleton width=fill max-width=800 widths=768,320.5\n  rect height=4\n").spec)
        #expect(spec.fluid == FluidWidth(percent: 100, maxWidth: 800, listedWidths: [768, 320.5]))
        #expect(spec.width == 375)
        let chosen = try #require(SpecParser.parse("skeleton width=90% reference-width=414 widths=320\n  rect height=4\n").spec)
        #expect(chosen.width == 414)
        #expect(chosen.fluid?.listedWidths == [320])
        // Without the new attributes a fluid spec is what it was.
        #expect(try #require(SpecParser.parse("skeleton width=fill\n  rect height=4\n").spec).fluid
                == FluidWidth(percent: 100))
    }

    @Test func diagnostics() {
        #expect(located("skeleton width=200 widths=320\n  rect") == [
            "1:20: widths applies to a fluid component; write width=fill or a percentage, like 'width=fill min-width=280'",
        ])
        #expect(located("skeleton width=200 reference-width=320\n  rect") == [
            "1:20: reference-width applies to a fluid component; write width=fill or a percentage, like 'width=fill min-width=280'",
        ])
        #expect(located("skeleton width=fill widths=320,abc,0\n  rect") == [
            "1:32: invalid number 'abc' for widths; expected a number like 8",
            "1:36: widths must be greater than 0",
        ])
        #expect(located("skeleton width=fill widths=320,\n  rect") == [
            "1:32: invalid number '' for widths; expected a number like 8",
        ])
        #expect(located("skeleton width=fill max-width=600 widths=320,700,375,320\n  rect") == [
            "1:46: width 700 in widths is outside min-width and max-width",
            "1:50: width 375 in widths is the reference width, drawn already; list only other widths",
            "1:54: width 320 is listed twice in widths",
        ])
        #expect(located("skeleton width=fill min-width=400 reference-width=320\n  rect") == [
            "1:51: reference-width 320 is outside min-width and max-width",
        ])
        #expect(located("skeleton width=fill widths=1,2,3,4,5,6,7\n  rect") == [
            "1:40: widths lists more than 6 widths",
        ])
    }

    /// The root's attribute list names the new ones, so a typo gets them suggested.
    @Test func theRootListsItsAttributes() {
        #expect(located("skeleton widht=3\n  rect") == [
            "1:10: unknown attribute 'widht' on skeleton; did you mean 'width'?",
        ])
        #expect(located("skeleton gap=3\n  rect").first?.hasSuffix(
            "skeleton takes width, height, label, min-width, max-width, widths, reference-width or dir") == true)
    }
}
