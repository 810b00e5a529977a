import Testing
@testable import SkeletonCore

/// The measures behind the visibility warnings (site/reference/diagnostics.md, "Warnings:
/// skeletons that cannot be seen"), exact to the last bit: pixelmatch's YIQ delta in its
/// own order of operations, and WCAG's relative luminance without the C maths library.
@Suite struct ColourDistanceTests {
    static func hex(_ value: UInt32) -> RGBA {
        RGBA(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    /// (colour, colour, squared delta, distance on the threshold scale). The deltas are
    /// the ones site/reference/appearance.md quotes for the default colours.
    static let pairs: [(UInt32, UInt32, Double, Double)] = [
        (0xFFFFFF, 0xFFFFFF, 0, 0),
        (0xFF0000, 0x00FFFF, 35214.74895545784, 0.9999964355389809),
        (0xFFFFFF, 0x000000, 32857.13315714265, 0.965941861103904),
        (0xDEDEE3, 0xFFFFFF, 532.5952165436075, 0.12298008373363944),
        (0xE5E5EA, 0xFFFFFF, 327.9556633676539, 0.0965036458718152),
        (0x3A3A3C, 0x1C1C1E, 454.77000909540016, 0.11364021895340048),
        (0x2C2C2E, 0x1C1C1E, 129.356802587136, 0.060608116775146915),
        (0xF2F2F7, 0xFFFFFF, 79.28878152558377, 0.04745063466042613),
        (0xF7F7F7, 0xFFFFFF, 32.33920064678382, 0.030304058387573378),
        (0xF8F8F8, 0xFFFFFF, 24.759700495193993, 0.02651605108912677),
    ]

    @Test(arguments: pairs)
    func yiqDeltaAndDistance(pair: (UInt32, UInt32, Double, Double)) {
        let (a, b) = (Self.hex(pair.0), Self.hex(pair.1))
        #expect(ColourDistance.yiqDelta(a, b) == pair.2)
        #expect(ColourDistance.yiq(a, b) == pair.3)
        #expect(ColourDistance.yiq(b, a) == pair.3)
    }

    /// The distance agrees with what pixelmatch counts: a pixel pair is different at
    /// threshold t exactly when the distance is above t.
    @Test func distanceIsTheThresholdAtWhichPixelmatchStopsCounting() {
        let white = DefaultColourVisibilityTests.image(1, 1, background: RGBA(255, 255, 255))
        let grey = DefaultColourVisibilityTests.image(1, 1, background: Self.hex(0xF7F7F7))
        #expect(PixelDiff.compare(white, grey, options: DiffOptions(threshold: 0.0303, includeAA: true)) == 1)
        #expect(PixelDiff.compare(white, grey, options: DiffOptions(threshold: 0.0304, includeAA: true)) == 0)
    }

    /// (colour, relative luminance). Python's `((c + 0.055) / 1.055) ** 2.4` gives the same
    /// values, or where a comment says so one a unit in the last place away.
    static let luminances: [(UInt32, Double)] = [
        (0x000000, 0),
        (0xFFFFFF, 1),
        (0x0A0A0A, 0.003035269835488375),  // below the curve's knee: c / 12.92
        (0x1C1C1E, 0.011711216012871266),  // 0.011711216012871267
        (0x808080, 0.2158605001138992),    // 0.21586050011389923
        (0xBBBBBB, 0.4969329950608704),
        (0xBCBCBC, 0.5028864580325687),
        (0xC7C7CC, 0.5734859506428647),
        (0xE5E5EA, 0.786371494445414),
        (0xFFCC00, 0.6444573127493376),
    ]

    @Test(arguments: luminances)
    func relativeLuminance(pair: (UInt32, Double)) {
        #expect(ColourDistance.relativeLuminance(Self.hex(pair.0)) == pair.1)
    }

    /// Translucent colours are composited as the painter does (Compositor), and alpha
    /// is otherwise ignored by both measures.
    @Test func compositing() {
        #expect(ColourDistance.composited(RGBA(255, 255, 255, 0x80), over: RGBA(0, 0, 0)) == RGBA(0x80, 0x80, 0x80))
        #expect(ColourDistance.composited(RGBA(255, 255, 255, 0x1A), over: RGBA(0x1C, 0x1C, 0x1E)) == RGBA(0x33, 0x33, 0x35))
        #expect(ColourDistance.composited(RGBA(0, 0, 0, 0), over: RGBA(1, 2, 3, 4)) == RGBA(1, 2, 3))
        #expect(ColourDistance.composited(RGBA(9, 8, 7), over: RGBA(1, 2, 3)) == RGBA(9, 8, 7))
        #expect(ColourDistance.yiqDelta(RGBA(0xE5, 0xE5, 0xEA, 0), RGBA(255, 255, 255)) == 327.9556633676539)
    }
}
