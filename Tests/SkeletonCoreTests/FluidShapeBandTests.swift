import Testing
@testable import SkeletonCore

/// `scope=shape` on a fluid component (site/reference/animation.md, "Per-shape sweeps";
/// site/reference/skeleton.md, "Fluid width"): each shape's band is sized from that
/// shape at whatever width the component is laid out, the reference one or a listed one.
@Suite struct FluidShapeBandTests {
    /// A bar half the content wide, 20 points in: at 400 points it is 180 wide, at 300
    /// it is 130. Black shapes under an opaque white highlight: red is the band's level.
    static let text = """
        skeleton width=fill min-width=200 max-width=600 reference-width=400 widths=300
          appearance base=#000000 highlight=#FFFFFF background=#FFFFFF
          animation shimmer scope=shape duration=1s band=0.5 easing=linear
          column padding=20
            rect width=50% height=10

        """

    static func red(_ spec: Spec, width: Double, time: Double, x: Int) -> UInt8 {
        let laid = spec.at(width: width)
        let image = Painter.paint(laid, layout: LayoutEngine.layout(laid), time: time, scale: 1, theme: .light)
        return PaintFixture.pixel(image, x, 25).r
    }

    @Test func theSpecIsAcceptedWithItsListedWidth() throws {
        let result = SpecParser.parse(Self.text)
        #expect(result.diagnostics.isEmpty)
        let spec = try #require(result.spec)
        #expect(spec.animation.scope == .shape)
        #expect(spec.fluid?.listedWidths == [300])
        #expect(LayoutEngine.layout(spec).items[0].frame == Rect(x: 20, y: 20, width: 180, height: 10))
        #expect(LayoutEngine.layout(spec.at(width: 300)).items[0].frame == Rect(x: 20, y: 20, width: 130, height: 10))
    }

    /// Half way through a linear sweep the band is centred on the bar at both widths:
    /// at 400, centre 110 and half width 45 (band 0.5 of 180); at 300, centre 85 and
    /// half width 32.5 (0.5 of 130). Pixel centres are at i + ½.
    @Test func halfWayTheBandIsCentredOnTheBarAtEachWidth() throws {
        let spec = try #require(SpecParser.parse(Self.text).spec)
        // 400: k = 1 − 0.5/45 at pixel 110; 1 − 39.5/45 at 149; past the edge at 155, 0.
        #expect(Self.red(spec, width: 400, time: 0.5, x: 110) == 252)
        #expect(Self.red(spec, width: 400, time: 0.5, x: 149) == 31)
        #expect(Self.red(spec, width: 400, time: 0.5, x: 155) == 0)
        #expect(Self.red(spec, width: 400, time: 0.5, x: 20) == 0)
        // 300: k = 1 − 0.5/32.5 at pixel 85; 1 − 30.5/32.5 at 115; past the edge at 118, 0.
        #expect(Self.red(spec, width: 300, time: 0.5, x: 85) == 251)
        #expect(Self.red(spec, width: 300, time: 0.5, x: 115) == 16)
        #expect(Self.red(spec, width: 300, time: 0.5, x: 118) == 0)
        // The component's one band (centre 200 at 400) would leave pixel 110 dark.
    }

    /// A quarter of the way: centre pmin − B/2 + ¼(L + B) of the bar's own sweep, so
    /// 20 − 45 + 67.5 = 42.5 at 400 and 20 − 32.5 + 48.75 = 36.25 at 300.
    @Test func aQuarterOfTheWayTheBandHasCrossedTheSameShareOfEachBar() throws {
        let spec = try #require(SpecParser.parse(Self.text).spec)
        // 400: pixel 42's centre is the band's (k = 1); pixel 60 is 18 from it: k = 0.6.
        #expect(Self.red(spec, width: 400, time: 0.25, x: 42) == 255)
        #expect(Self.red(spec, width: 400, time: 0.25, x: 60) == 153)
        // 300: pixel 36 is 0.25 from the centre; pixel 50 is 14.25 from it.
        #expect(Self.red(spec, width: 300, time: 0.25, x: 36) == 253)
        #expect(Self.red(spec, width: 300, time: 0.25, x: 50) == 143)
    }
}
