import Testing
@testable import SkeletonCore

/// Discs (site/reference/rendering.md, "Circles"): a square item with a full radius is
/// covered by clamp(R + ½ − d, 0, 1), d from the disc's centre to the pixel's centre.
@Suite struct PaintDiscTests {
    typealias P = PaintFixture

    @Test func whichItemsAreDiscs() {
        let circle = P.item(Rect(0, 0, 24, 24), radius: 12, kind: .circle)
        let roundSquare = P.item(Rect(0, 0, 24, 24), radius: 12)
        let capsule = P.item(Rect(0, 0, 40, 10), radius: 5, kind: .capsule)
        let rounded = P.item(Rect(0, 0, 24, 24), radius: 11.5)
        var ring = P.surface(Rect(0, 0, 70, 70), fill: RGBA(209, 209, 214))
        ring.radius = 35
        #expect(circle.isDisc(fluid: false) && circle.isDisc(fluid: true))
        #expect(roundSquare.isDisc(fluid: false) && !roundSquare.isDisc(fluid: true))
        #expect(!capsule.isDisc(fluid: false) && !rounded.isDisc(fluid: false))
        #expect(ring.isDisc(fluid: false) && !ring.isDisc(fluid: true))
    }

    @Test func coverageIsTheRampByDistance() {
        var box = RoundedBox(x: 0, y: 0, width: 24, height: 24, radius: 12)
        box.isDisc = true
        // The centre pixel and the middle of the left edge: d ≤ R − ½, fully covered.
        #expect(box.discCoverage(11, 11) == 1)
        #expect(box.discCoverage(0, 11) == 12.5 - (11.5 * 11.5 + 0.25).squareRoot())  // 0.989
        // The corner pixel: d = 11.5·√2 ≈ 16.26, outside the ramp.
        #expect(box.discCoverage(0, 0) == 0)
        // (3, 3): d = 8.5·√2 = 12.0208153, so 12.5 − d = 0.4791847.
        #expect(abs(box.discCoverage(3, 3) - 0.4791847198287) < 1e-12)
        // A box that is not square: the disc takes the shorter side (R = 12), centred at
        // x = 12.5, so the left column is 12 from it (d = √144.25 on row 11) and the
        // next one is inside.
        let wide = RoundedBox(x: 0, y: 0, width: 25, height: 24, radius: 12)
        #expect(wide.discCoverage(0, 11) == 12.5 - (144.25).squareRoot())
        #expect(wide.discCoverage(1, 11) == 1)
    }

    @Test func thePainterCoversEveryPixelByTheRamp() {
        // Black on white: 255 − r is the alpha 255·c rounded, for every pixel.
        var appearance = Defaults.appearance
        appearance.base = P.black
        for (x, y, side) in [(0.0, 0.0, 24.0), (3.5, 2.25, 17.0), (1.0, 1.0, 1.0)] {
            let image = P.paint([P.item(Rect(x, y, side, side), radius: side / 2, kind: .circle)],
                                width: 30, height: 30, appearance: appearance)
            var box = P.item(Rect(x, y, side, side), radius: side / 2, kind: .circle).snappedBox(scale: 1)
            box.isDisc = true
            var mismatches = 0
            for j in 0..<30 {
                for i in 0..<30 {
                    let alpha = Compositor.scaledAlpha(255, box.discCoverage(i, j))
                    if Int(P.pixel(image, i, j).r) != 255 - Int(alpha) { mismatches += 1 }
                }
            }
            #expect(mismatches == 0, "circle \(side) at (\(x), \(y))")
        }
        // Pixels by hand, 24-point circle at the origin: centre 0, left middle 255 − 252,
        // (3, 3) 255 − 122, corner untouched.
        let image = P.paint([P.item(Rect(0, 0, 24, 24), radius: 12, kind: .circle)], width: 24, height: 24,
                            appearance: appearance)
        #expect([P.pixel(image, 11, 11).r, P.pixel(image, 0, 11).r, P.pixel(image, 3, 3).r, P.pixel(image, 0, 0).r]
                == [0, 3, 133, 255])
    }

    @Test func aBackdropPaintsTheSameDiscs() throws {
        var ring = P.surface(Rect(2, 2, 20, 20), fill: RGBA(209, 209, 214))
        ring.radius = 10
        let items = [ring, P.item(Rect(4.5, 4.5, 15, 15), radius: 7.5, kind: .circle)]
        let spec = Fixture.spec(width: 24, height: 24, animation: Fixture.animation(.shimmer), appearance: Defaults.appearance, [])
        let layout = SpecLayout(width: 24, height: 24, items: items)
        for scale in [1, 2] {
            let backdrop = try #require(Backdrop.make(spec, layout: layout, scale: scale, theme: .light))
            for time in [0.0, 0.4, 0.8] {
                #expect(Painter.paint(spec, layout: layout, time: time, backdrop: backdrop)
                        == Painter.paint(spec, layout: layout, time: time, scale: scale, theme: .light))
            }
        }
    }
}
