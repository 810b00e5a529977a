import Testing
@testable import SkeletonCore

/// `band-shape=radial` (site/reference/animation.md, "A radial band"): its words and
/// messages, and the painter's disc, pixel for pixel on a known geometry.
@Suite struct RadialBandTests {
    @Test func theWordsAndTheirDefault() throws {
        #expect(try animation(ofLine: "animation shimmer").bandShape == .linear)
        #expect(try animation(ofLine: "animation shimmer band-shape=linear").bandShape == .linear)
        #expect(try animation(ofLine: "animation shimmer band-shape=radial").bandShape == .radial)
    }

    @Test(arguments: [
        ("animation shimmer band-shape=round",
         "2:32: invalid band-shape 'round'; expected linear or radial"),
        ("animation pulse band-shape=radial",
         "2:19: band-shape=radial shapes a shimmer's band; this animation is pulse, which has none"),
        ("animation gradient band-shape=radial",
         "2:22: band-shape=radial shapes a shimmer's band; this animation is gradient, which has none"),
        // Facebook Shimmer's word for it.
        ("animation shimmer shape=radial",
         "2:21: unknown attribute 'shape' on animation; Facebook Shimmer's shape is band-shape here: write band-shape=radial (or linear)"),
    ])
    func badValuesAreLocated(line: String, message: String) {
        #expect(located(line: line) == [message])
    }

    @Test func aFluidComponentIsRefusedAtTheWord() {
        #expect(located("skeleton width=fill\n  animation shimmer band-shape=radial\n  rect height=10\n") == [
            "2:21: band-shape=radial does not apply to a fluid component yet; use the stripe of band-shape=linear, or a fixed width",
        ])
    }

    /// A radial band inherited from the page's settings is for its shimmers: a pulse
    /// takes none, quietly, and a fluid component, which cannot draw it, is told at its
    /// `skeleton` line (the inherited line's own position is in another file).
    @Test func anInheritedRadialBand() throws {
        let inherited = InheritedSettings.read(canonicalText: Array("animation shimmer band-shape=radial\n".utf8))
        #expect(inherited.diagnostics == [])
        let shimmer = SpecParser.parse("skeleton width=100\n  rect height=10\n", inheriting: inherited.settings)
        #expect(shimmer.diagnostics == [] && shimmer.spec?.animation.bandShape == .radial)
        let pulse = SpecParser.parse("skeleton width=100\n  animation pulse\n  rect height=10\n", inheriting: inherited.settings)
        #expect(pulse.diagnostics == [] && pulse.spec?.animation.bandShape == .linear)
        let fluid = SpecParser.parse("skeleton width=fill\n  rect height=10\n", inheriting: inherited.settings)
        #expect(located(fluid.diagnostics) == [
            "1:1: band-shape=radial does not apply to a fluid component yet; use the stripe of band-shape=linear, or a fixed width",
        ])
    }

    /// A 100 × 20 rect, black under white, band 0.4 of L = 100: a disc of radius 20
    /// whose centre, halfway through a linear 2 s sweep, is at p = −20 + 0.5 · 140 = 50
    /// on the axis through the middle: (50, 10). Level 255 · (1 − d / 20), rounded.
    @Test func theDiscFallsWithTheDistanceFromItsCentre() throws {
        let spec = try cleanSpec("""
            skeleton width=100 height=20
              appearance base=#000000 highlight=#FFFFFF background=#000000
              animation shimmer duration=2s band=0.4 easing=linear band-shape=radial
              rect 100x20

            """)
        let image = Painter.paint(spec, layout: LayoutEngine.layout(spec), time: 1, scale: 1, theme: .light)
        let red = { (x: Int, y: Int) in Int(image.pixels[(y * image.width + x) * 4]) }
        #expect(red(50, 10) == 246)   // d = √0.5: 255 · 0.9646
        #expect(red(50, 0) == 134)    // d = √(0.25 + 90.25) = 9.51: a stripe would give 246 here too
        #expect(red(69, 10) == 6)     // d = 19.51
        #expect(red(70, 10) == 0)     // d = 20.51: outside
        #expect(red(30, 10) == 6)     // the other side, d = 19.51
        #expect(red(50, 19) == red(50, 0))
        // At t = 0 the disc is wholly before the box: nothing shows.
        let first = Painter.paint(spec, layout: LayoutEngine.layout(spec), time: 0, scale: 1, theme: .light)
        #expect(first.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 0 })
    }

    /// With `scope=shape` each shape has its own disc, sized from its own box: two
    /// rects of different widths peak at their own middles at the same time.
    @Test func perShapeDiscsFollowTheirShapes() throws {
        let spec = try cleanSpec("""
            skeleton width=200 height=10
              appearance base=#000000 highlight=#FFFFFF background=#000000
              animation shimmer duration=2s band=0.4 easing=linear band-shape=radial scope=shape
              row
                rect 60x10
                rect 140x10

            """)
        let image = Painter.paint(spec, layout: LayoutEngine.layout(spec), time: 1, scale: 1, theme: .light)
        let red = { (x: Int, y: Int) in Int(image.pixels[(y * image.width + x) * 4]) }
        // Discs of radius 12 at x = 30 and of radius 28 at x = 60 + 70 = 130, y = 5.
        #expect(red(29, 5) == 240 && red(30, 5) == 240)   // d = √0.5 of 12: 255 · 0.9411
        #expect(red(41, 5) == 10)                         // d = 11.51 of 12
        #expect(red(42, 5) == 0)
        #expect(red(129, 5) == 249 && red(130, 5) == 249) // d = √0.5 of 28: 255 · 0.9747
        #expect(red(157, 5) == 5)                         // d = 27.50 of 28
        #expect(red(158, 5) == 0)
    }
}
