import Testing
@testable import SkeletonCore

@Suite struct PaintTests {
    typealias P = PaintFixture

    @Test func integerRectCoversExactlyItsPixels() {
        let image = P.paint([P.item(Rect(5, 7, 10, 10))], width: 30, height: 30)
        #expect(image.width == 30 && image.height == 30)
        var painted = 0
        for y in 0..<30 {
            for x in 0..<30 {
                let inside = (5..<15).contains(x) && (7..<17).contains(y)
                let colour = P.pixel(image, x, y)
                if inside {
                    #expect(colour == Defaults.base, "pixel \(x),\(y)")
                    painted += 1
                } else {
                    #expect(colour == Defaults.background, "pixel \(x),\(y)")
                }
            }
        }
        #expect(painted == 100)
    }

    @Test func circleCoverageIsItsArea() {
        // Exact coverage summed over the pixel grid.
        let r = 20.5
        let box = RoundedBox(x: 3.3, y: 2.7, width: 2 * r, height: 2 * r, radius: r)
        var total = 0.0
        for y in 0..<50 {
            for x in 0..<50 { total += box.coverage(Double(x), Double(y), Double(x) + 1, Double(y) + 1) }
        }
        let area = DeterministicMath.pi * r * r
        #expect(abs(total - area) / area < 1e-9)
        // Through the painter: black on white, darkness is coverage (8-bit).
        var appearance = Defaults.appearance
        appearance.base = P.black
        let image = P.paint([P.item(Rect(3.3, 2.7, 2 * r, 2 * r), radius: r, kind: .circle)],
                            width: 50, height: 50, appearance: appearance)
        var painted = 0.0
        for y in 0..<50 {
            for x in 0..<50 { painted += Double(255 - Int(P.pixel(image, x, y).r)) / 255 }
        }
        #expect(abs(painted - area) / area < 0.005)
    }

    @Test func roundedRectCoverageIsRectMinusCorners() {
        let box = RoundedBox(x: 1.25, y: 0.5, width: 30.5, height: 12, radius: 4.75)
        var total = 0.0
        for y in 0..<20 {
            for x in 0..<40 { total += box.coverage(Double(x), Double(y), Double(x) + 1, Double(y) + 1) }
        }
        let expected = 30.5 * 12 - (4 - DeterministicMath.pi) * 4.75 * 4.75
        #expect(abs(total - expected) < 1e-9)
        // A pixel straddling a straight edge is covered by exactly its inside part.
        #expect(box.coverage(1, 6, 2, 7) == 0.75)
    }

    @Test func textBarsPaintThreeBarsLastSeventyPercent() {
        let spec = Fixture.spec(width: 100, animation: Fixture.animation(.none),
                                [Fixture.text(lines: 3, lineHeight: 10, spacing: 10, last: 0.7)])
        let layout = LayoutEngine.layout(spec)
        let image = Painter.paint(spec, layout: layout, time: 0, scale: 1, theme: .light)
        #expect(image.height == 50)
        func baseCount(row y: Int) -> Int { (0..<100).filter { P.pixel(image, $0, y) == Defaults.base }.count }
        var bars: [Int] = []
        var previous = 0
        for y in 0..<50 {
            let count = baseCount(row: y)
            if count > 0 && previous == 0 { bars.append(count) }
            previous = count
        }
        #expect(bars == [100, 100, 70])
        #expect((0..<100).allSatisfy { P.pixel(image, $0, 15) == Defaults.background })
        #expect(P.pixel(image, 69, 45) == Defaults.base && P.pixel(image, 70, 45) == Defaults.background)
    }

    @Test func shimmerAtZeroEqualsNone() {
        let items = [P.item(Rect(4, 4, 60, 20), radius: 6), P.item(Rect(10, 30, 30, 30), radius: 15, kind: .circle),
                     P.item(Rect(2.5, 62.25, 70, 7.5), radius: 3.75, kind: .capsule)]
        let none = P.paint(items, width: 80, height: 72)
        for direction in [SlideDirection.leftToRight, .rightToLeft, .topToBottom, .bottomToTop,
                          .topLeftToBottomRight, .bottomRightToTopLeft] {
            let shimmer = P.paint(items, width: 80, height: 72, animation: Fixture.animation(.shimmer, direction: direction))
            #expect(shimmer.pixels == none.pixels, "\(direction)")
        }
        let pulse = P.paint(items, width: 80, height: 72, animation: Fixture.animation(.pulse))
        #expect(pulse.pixels == none.pixels)
    }

    @Test func shimmerHalfwayCentresBandOnComponent() {
        let image = P.paint([P.item(Rect(0, 0, 101, 4))], width: 101, height: 4,
                            animation: Fixture.animation(.shimmer, duration: 2), appearance: P.contrast, time: 1)
        let brightness = (0..<101).map { Int(P.pixel(image, $0, 2).r) }
        let peak = brightness.max()!
        #expect(brightness.indices.filter { brightness[$0] == peak } == [50])
        #expect(peak == 255)
        // Band 0.4 of 101 points: strength falls to 0 by 20.2 points from the centre.
        #expect(brightness[50 - 21] == 0 && brightness[50 + 21] == 0 && brightness[50 - 20] > 0)
        for d in 1...25 { #expect(brightness[50 - d] == brightness[50 + d]) }
    }

    @Test(arguments: [
        (SlideDirection.leftToRight, 1, 0), (.rightToLeft, -1, 0), (.topToBottom, 0, 1), (.bottomToTop, 0, -1),
        (.topLeftToBottomRight, 1, 1), (.bottomRightToTopLeft, -1, -1),
    ])
    func shimmerMovesTheRightWay(direction: SlideDirection, dx: Int, dy: Int) {
        func brightest(at t: Double) -> (x: Double, y: Double) {
            let image = P.paint([P.item(Rect(0, 0, 60, 60))], width: 60, height: 60,
                                animation: Fixture.animation(.shimmer, direction: direction), appearance: P.contrast, time: t)
            var peak = 0
            var sx = 0.0, sy = 0.0, n = 0.0
            for y in 0..<60 { for x in 0..<60 { peak = max(peak, Int(P.pixel(image, x, y).r)) } }
            for y in 0..<60 {
                for x in 0..<60 where Int(P.pixel(image, x, y).r) == peak {
                    sx += Double(x); sy += Double(y); n += 1
                }
            }
            return (sx / n, sy / n)
        }
        let early = brightest(at: 0.35)
        let late = brightest(at: 0.65)
        let mx = late.x - early.x
        let my = late.y - early.y
        #expect(dx == 0 ? abs(mx) < 1e-9 : (mx * Double(dx) > 5), "moved \(mx),\(my)")
        #expect(dy == 0 ? abs(my) < 1e-9 : (my * Double(dy) > 5), "moved \(mx),\(my)")
        if dx != 0 && dy != 0 { #expect(abs(abs(mx) - abs(my)) < 1.5) }
    }

    @Test func pulseHalfwayIsHalfOpacity() {
        let image = P.paint([P.item(Rect(0, 0, 10, 10))], width: 10, height: 10,
                            animation: Fixture.animation(.pulse, duration: 1.5), time: 0.75)
        let b = Defaults.base
        let w = Defaults.background
        // Alpha 255 · 0.5 = 127.5 rounds up to 128.
        #expect(P.pixel(image, 5, 5) == RGBA(P.blend(b.r, w.r, alpha: 128), P.blend(b.g, w.g, alpha: 128),
                                             P.blend(b.b, w.b, alpha: 128)))
        let full = P.paint([P.item(Rect(0, 0, 10, 10))], width: 10, height: 10,
                           animation: Fixture.animation(.pulse, duration: 1.5), time: 1.5)
        #expect(P.pixel(full, 5, 5) == b)
    }

    @Test func staggeredItemAnimatesAtItsOwnTime() {
        let anim = Fixture.animation(.pulse, duration: 1)
        let offset = P.paint([P.item(Rect(0, 0, 4, 4), timeOffset: 0.25)], width: 4, height: 4, animation: anim, time: 0.75)
        let direct = P.paint([P.item(Rect(0, 0, 4, 4))], width: 4, height: 4, animation: anim, time: 0.5)
        #expect(offset.pixels == direct.pixels)
        #expect(P.pixel(direct, 1, 1) != Defaults.base)
    }

    @Test func darkThemeUsesDarkColours() {
        let items = [P.surface(Rect(0, 0, 20, 20), fill: P.white, darkFill: RGBA(10, 20, 30)),
                     P.item(Rect(2, 2, 4, 4)), P.item(Rect(10, 10, 4, 4), color: RGBA(200, 0, 0), darkColor: RGBA(0, 90, 0)),
                     P.item(Rect(2, 10, 4, 4), color: RGBA(0, 0, 200))]
        let dark = P.paint(items, width: 30, height: 20, theme: .dark)
        #expect(P.pixel(dark, 25, 5) == Defaults.darkBackground)
        #expect(P.pixel(dark, 15, 2) == RGBA(10, 20, 30))
        #expect(P.pixel(dark, 3, 3) == Defaults.darkBase)
        #expect(P.pixel(dark, 11, 11) == RGBA(0, 90, 0))
        #expect(P.pixel(dark, 3, 11) == RGBA(0, 0, 200))
        let light = P.paint(items, width: 30, height: 20, theme: .light)
        #expect(P.pixel(light, 25, 5) == Defaults.background)
        #expect(P.pixel(light, 15, 2) == P.white)
        #expect(P.pixel(light, 3, 3) == Defaults.base)
        #expect(P.pixel(light, 11, 11) == RGBA(200, 0, 0))
    }

    @Test func surfacesNeverShimmer() {
        let items = [P.surface(Rect(0, 0, 40, 10), fill: RGBA(100, 100, 100)), P.item(Rect(0, 10, 40, 10))]
        let image = P.paint(items, width: 40, height: 20, animation: Fixture.animation(.shimmer), appearance: P.contrast,
                            time: 0.5)
        #expect((0..<40).allSatisfy { P.pixel(image, $0, 5) == RGBA(100, 100, 100) })
        #expect((0..<40).contains { P.pixel(image, $0, 15).r > 0 })
    }

    @Test func gradientIsZeroAtEndsAndFullInMiddle() {
        let image = P.paint([P.item(Rect(0, 0, 101, 2))], width: 101, height: 2,
                            animation: Fixture.animation(.gradient), appearance: P.contrast, time: 0.3)
        let row = (0..<101).map { Int(P.pixel(image, $0, 0).r) }
        // k at pixel centres: 1 - |x + 0.5 - 50.5| / 50.5, times 255, rounded.
        let expected = (0..<101).map { (x: Int) -> Int in
            let k: Double = 1 - abs(Double(x) - 50) / 50.5
            return Int(255 * k + 0.5)
        }
        #expect(row == expected)
    }

    @Test func scaleTwoDoublesDimensions() {
        let image = P.paint([P.item(Rect(5, 7, 10, 10))], width: 30, height: 25.5, scale: 2)
        #expect(image.width == 60 && image.height == 52)
        var painted: [Int] = []
        for y in 0..<52 { for x in 0..<60 where P.pixel(image, x, y) == Defaults.base { painted.append(y * 60 + x) } }
        #expect(painted.count == 400)
        #expect(painted.first == 14 * 60 + 10 && painted.last == 33 * 60 + 29)
    }

    /// Pinned pixels (not bytes of a PNG, so PNG encoder changes cannot move them):
    /// any change to layout, coverage, compositing, the band or the pulse shows here,
    /// with expected | diff | actual PNGs written on failure. To update deliberately,
    /// see Goldens.swift (SKELSITE_UPDATE_GOLDENS=1).
    @Test func rendersMatchPinnedPixels() throws {
        let spec = Fixture.spec(width: 200, animation: Fixture.animation(.shimmer, direction: .topLeftToBottomRight), [
            Fixture.node(.row, gap: 7.5, padding: Insets(top: 3.3, right: 3.3, bottom: 3.3, left: 3.3), radius: 9,
                         fill: RGBA(250, 250, 250), [Fixture.circle(33.3), Fixture.text(lines: 2)]),
        ])
        let layout = LayoutEngine.layout(spec)
        let shimmer = Painter.paint(spec, layout: layout, time: 0.6, scale: 3, theme: .dark)
        #expect(Set(stride(from: 0, to: shimmer.pixels.count, by: 4).map { shimmer.pixels[$0] }).count > 5)
        try Golden.check("paint shimmer dark @3x", image: shimmer, pinned: "crc32 9f0e42e5, 338408 bytes")

        let text = """
            skeleton "Golden" width=180
              appearance base=#D8D8DE highlight=#FFFFFFB0 background=#F7F7FA
              animation pulse duration=1.2s
              column padding=10 gap=8
                row gap=8 align=center
                  circle 28
                  capsule 80x12
                repeat 2 stagger=0.2s
                  rect height=14 radius=3.5
                text lines=2 line-height=9 spacing=5 last=55%

            """
        let parsed = try #require(SpecParser.parse(text).spec)
        let pulse = Painter.paint(parsed, layout: LayoutEngine.layout(parsed), time: 0.45, scale: 2, theme: .light)
        try Golden.check("paint pulse light @2x", image: pulse, pinned: "crc32 a36aa42b, 331208 bytes")

        var angled = parsed
        angled.animation.kind = .shimmer
        angled.animation.angle = 112.5
        angled.animation.easing = .easeInOut
        let band = Painter.paint(angled, layout: LayoutEngine.layout(angled), time: 0.5, scale: 1, theme: .light)
        try Golden.check("paint shimmer 112.5deg light @1x", image: band, pinned: "crc32 3a1c8893, 82808 bytes")
    }

    @Test func transparentBackgroundCompositesStraightAlpha() {
        var appearance = Defaults.appearance
        appearance.background = RGBA(0, 0, 0, 0)
        let image = P.paint([P.item(Rect(0, 0, 2, 2), color: RGBA(200, 100, 50, 128))], width: 4, height: 2,
                            appearance: appearance)
        #expect(P.pixel(image, 0, 0) == RGBA(200, 100, 50, 128))
        #expect(P.pixel(image, 3, 0) == RGBA(0, 0, 0, 0))
    }
}
