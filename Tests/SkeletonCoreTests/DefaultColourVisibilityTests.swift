import Testing
@testable import SkeletonCore

/// `skelsite diff` keeps pixelmatch's default threshold 0.1, so the default base colour
/// must differ from the default background by more than that threshold's YIQ cut-off in
/// both themes; otherwise a shape that moves or vanishes is not reported.
@Suite struct DefaultColourVisibilityTests {
    /// A w × h image of `background` with `rect` (x, y, width, height) filled in `fill`.
    static func image(_ w: Int, _ h: Int, background: RGBA, fill: RGBA? = nil,
                      rect: (x: Int, y: Int, w: Int, h: Int) = (0, 0, 0, 0)) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let inside = x >= rect.x && x < rect.x + rect.w && y >= rect.y && y < rect.y + rect.h
                let c = inside ? (fill ?? background) : background
                let i = (y * w + x) * 4
                pixels[i] = c.r
                pixels[i + 1] = c.g
                pixels[i + 2] = c.b
                pixels[i + 3] = c.a
            }
        }
        return RGBAImage(width: w, height: h, pixels: pixels)
    }

    @Test(arguments: [Theme.light, Theme.dark])
    func defaultThresholdSeesEveryPixelOfABaseRect(theme: Theme) {
        let background = theme == .light ? Defaults.background : Defaults.darkBackground
        let base = theme == .light ? Defaults.base : Defaults.darkBase
        // A 4 × 3 rect inside a 10 × 8 image, away from the border.
        let plain = Self.image(10, 8, background: background)
        let shaped = Self.image(10, 8, background: background, fill: base, rect: (3, 2, 4, 3))
        #expect(PixelDiff.compare(plain, shaped) == 12)
        #expect(PixelDiff.compare(plain, shaped, options: DiffOptions(threshold: 0.1, includeAA: false)) == 12)
    }

    /// The old systemGray5 defaults (#E5E5EA on white, #2C2C2E on #1C1C1E) fall below the
    /// cut-off: this is the failure the new defaults fix, kept so the test above is not
    /// vacuous.
    @Test func oldDefaultsWereInvisibleAtTheDefaultThreshold() {
        let light = Self.image(10, 8, background: RGBA(255, 255, 255), fill: RGBA(0xE5, 0xE5, 0xEA), rect: (3, 2, 4, 3))
        #expect(PixelDiff.compare(Self.image(10, 8, background: RGBA(255, 255, 255)), light) == 0)
        let darkBackground = RGBA(0x1C, 0x1C, 0x1E)
        let dark = Self.image(10, 8, background: darkBackground, fill: RGBA(0x2C, 0x2C, 0x2E), rect: (3, 2, 4, 3))
        #expect(PixelDiff.compare(Self.image(10, 8, background: darkBackground), dark) == 0)
    }

    /// Parses, lays out and paints a spec at t = 0, scale 1.
    static func paint(_ source: String, theme: Theme) -> RGBAImage? {
        let result = SpecParser.parse(source)
        #expect(result.diagnostics == [])
        guard let spec = result.spec else { return nil }
        return Painter.paint(spec, layout: LayoutEngine.layout(spec), time: 0, scale: 1, theme: theme)
    }

    @Test(arguments: [Theme.light, Theme.dark])
    func vanishedRectIsCountedThroughThePainter(theme: Theme) throws {
        // Same size both ways: the second 12 × 8 rect vanishes, nothing else moves.
        let withRect = """
            skeleton width=40 height=16
              animation none
              row padding=4 gap=4
                rect 12x8
                rect 12x8
            """
        let withoutRect = """
            skeleton width=40 height=16
              animation none
              row padding=4 gap=4
                rect 12x8
            """
        let a = try #require(Self.paint(withRect, theme: theme))
        let b = try #require(Self.paint(withoutRect, theme: theme))
        #expect(a.width == 40 && a.height == 16 && b.width == 40 && b.height == 16)
        #expect(PixelDiff.compare(a, b) == 12 * 8)
    }
}
