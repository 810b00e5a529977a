import Testing
@testable import SkeletonCore

/// `dir=` on the `skeleton` line and the mirrored drawing of a right-to-left page
/// (site/reference/layout.md, "Direction"): parsed values and messages, mirrored boxes
/// and a mirrored sweep, from parsed specs through the layout engine and the painter.
@Suite struct RightToLeftTests {
    static func parse(_ text: String) throws -> Spec { try cleanSpec(text) }

    static func diagnose(_ text: String) -> [String] {
        SpecParser.parse(text).diagnostics.map { "\($0.position.line):\($0.position.column): \($0.message)" }
    }

    static func paint(_ spec: Spec, time: Double) -> RGBAImage {
        Painter.paint(spec, layout: LayoutEngine.layout(spec), time: time, scale: 1, theme: .light)
    }

    static func red(_ image: RGBAImage, _ x: Int, _ y: Int) -> Int { Int(image.pixels[(y * image.width + x) * 4]) }

    @Test func withoutDirOrWithLtrTheSpecIsTodays() throws {
        let plain = try Self.parse("skeleton width=100\n  rect 20x10\n")
        let ltr = try Self.parse("skeleton width=100 dir=ltr\n  rect 20x10\n")
        #expect(plain.dir == .ltr)
        #expect(!plain.mirrored)
        #expect(ltr == plain)
        #expect(plain.rightToLeft() == plain)
    }

    @Test func autoFollowsThePageAndRtlIsAlwaysMirrored() throws {
        let auto = try Self.parse("skeleton width=100 dir=auto\n  rect 20x10\n")
        #expect(auto.dir == .auto)
        #expect(!auto.mirrored)
        #expect(auto.animation.angle == 90)
        let page = auto.rightToLeft()
        #expect(page.mirrored)
        #expect(page.animation.angle == 270)
        let rtl = try Self.parse("skeleton width=100 dir=rtl\n  rect 20x10\n")
        #expect(rtl.dir == .rtl)
        #expect(rtl.mirrored)
        #expect(rtl.animation.angle == 270)
        #expect(rtl.rightToLeft() == rtl)
    }

    @Test func theAngleIsMirroredWithTheBoxes() throws {
        let spec = try Self.parse("skeleton width=100 dir=auto\n  animation shimmer angle=30\n  rect 20x10\n")
        #expect(spec.rightToLeft().animation.angle == 330)
        let down = try Self.parse("skeleton width=100 dir=auto\n  animation shimmer direction=top-to-bottom\n  rect 20x10\n")
        #expect(down.rightToLeft().animation.angle == 180)
        let up = try Self.parse("skeleton width=100 dir=auto\n  animation shimmer direction=bottom-to-top\n  rect 20x10\n")
        #expect(up.rightToLeft().animation.angle == 0)
    }

    @Test func badValuesGetLocatedMessages() {
        #expect(Self.diagnose("skeleton dir=up\n  rect 20x10\n") == ["1:14: invalid dir 'up'; expected ltr, rtl or auto"])
        #expect(Self.diagnose("skeleton width=100 dir=rtll\n  rect 20x10\n") == ["1:24: invalid dir 'rtll'; did you mean 'rtl'?"])
        #expect(Self.diagnose("skeleton\n  rect 20x10 dir=rtl\n").count == 1)
    }

    @Test func aRectAtTheLeftLandsAtTheRight() throws {
        let spec = try Self.parse("""
            skeleton width=100 height=10 dir=auto
              appearance base=#000000 background=#FFFFFF
              animation none
              rect 20x10

            """)
        #expect(LayoutEngine.layout(spec).items.map(\.frame) == [Rect(x: 0, y: 0, width: 20, height: 10)])
        let mirrored = spec.rightToLeft()
        #expect(LayoutEngine.layout(mirrored).items.map(\.frame) == [Rect(x: 80, y: 0, width: 20, height: 10)])
        let image = Self.paint(mirrored, time: 0)
        #expect((0..<100).filter { Self.red(image, $0, 5) == 0 } == Array(80..<100))
    }

    @Test func rowsAlignmentsAndTheShorterLastLineChangeSides() throws {
        let spec = try Self.parse("""
            skeleton width=100 dir=auto
              row gap=10
                circle 20
                rect 30x10
              text lines=2 line-height=10 spacing=5 last=0.5

            """)
        let frames = LayoutEngine.layout(spec.rightToLeft()).items.map(\.frame)
        #expect(frames == [Rect(x: 80, y: 0, width: 20, height: 20), Rect(x: 40, y: 0, width: 30, height: 10),
                           Rect(x: 0, y: 20, width: 100, height: 10), Rect(x: 50, y: 35, width: 50, height: 10)])
    }

    @Test func theSweepBandIsMirroredAtEveryTime() throws {
        let spec = try Self.parse("""
            skeleton width=100 height=10 dir=auto
              appearance base=#000000 highlight=#FFFFFF background=#FFFFFF
              animation shimmer duration=2s band=0.3 easing=linear
              rect 100x10

            """)
        for time in [0.0, 0.5, 0.9, 1.3] {
            let ltr = Self.paint(spec, time: time)
            let rtl = Self.paint(spec.rightToLeft(), time: time)
            for y in 0..<10 {
                #expect((0..<100).map { Self.red(rtl, $0, y) } == (0..<100).map { Self.red(ltr, 99 - $0, y) })
            }
        }
        // At t = 0.5 s (e = 0.25) the band's centre is at p = -15 + 0.25·130 = 17.5 from the
        // left edge written; right to left it is 17.5 from the right edge.
        let rtl = Self.paint(spec.rightToLeft(), time: 0.5)
        #expect(Self.red(rtl, 82, 5) == 255)
        #expect(Self.red(rtl, 17, 5) == 0)
    }

    /// The SwiftUI export mirrors by flipping the drawing (site/reference/layout.md,
    /// "Direction"): that is the painter's mirror only if its mirrored frame is the
    /// written frame flipped, at every scale, time and theme, for each kind of motion
    /// and each layout feature that changes sides: byte for byte but for a band edge's
    /// rounding (at most 1 in a channel).
    @Test(arguments: [
        "  animation shimmer duration=1.5s angle=70\n  row padding=\"16 24 16 8\" gap=12 align=start\n    circle 44\n"
            + "    column gap=8 grow=1\n      text lines=3 last=60%\n      rect width=40% height=10 radius=5\n    capsule 60x20\n",
        "  animation gradient angle=120\n  column padding=10 gap=6 align=end\n    rect 120x14 radius=7\n    text lines=2 last=35%\n",
        "  animation pulse duration=1.2s\n  row justify=space-between padding=\"8 30 8 4\"\n    rect 50x20\n    circle 20\n",
        "  animation shimmer scope=shape direction=right-to-left band=0.5\n  row gap=10 padding=12\n    rect 180x30 radius=6\n"
            + "    column gap=4 grow=1\n      text lines=2 last=50%\n",
        "  animation shimmer direction=top-left-to-bottom-right repeat=reverse\n  row fill=#F2F2F7 radius=12 padding=\"10 40 10 10\" gap=8\n"
            + "    rect 30x30 radius=15\n    rect height=12 grow=1\n",
        // A node with a band of its own, at its own angle, beside the component's.
        "  animation shimmer duration=1.5s angle=100\n  row padding=\"8 30 8 4\" gap=10\n    rect 40x40 radius=8\n"
            + "    column gap=6 grow=1 animation=\"shimmer angle=60 band=0.7\"\n      text lines=2 last=40%\n",
    ])
    func theMirroredFrameIsTheWrittenFrameFlipped(body: String) throws {
        let spec = try Self.parse("skeleton width=300 dir=auto\n" + body)
        var compared = 0, identical = 0
        for scale in [1, 2] {
            for theme in [Theme.light, .dark] {
                for time in [0.0, 0.35, 0.8, 1.45] {
                    let ltr = Painter.paint(spec, layout: LayoutEngine.layout(spec), time: time, scale: scale, theme: theme)
                    let mirrored = spec.rightToLeft()
                    let rtl = Painter.paint(mirrored, layout: LayoutEngine.layout(mirrored), time: time, scale: scale, theme: theme)
                    #expect(rtl.width == ltr.width && rtl.height == ltr.height)
                    var flipped = ltr.pixels
                    for y in 0..<ltr.height {
                        for x in 0..<ltr.width {
                            let from = (y * ltr.width + ltr.width - 1 - x) * 4, to = (y * ltr.width + x) * 4
                            for c in 0..<4 { flipped[to + c] = ltr.pixels[from + c] }
                        }
                    }
                    let differing = zip(flipped, rtl.pixels).filter { $0 != $1 }.count
                    let worst = zip(flipped, rtl.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
                    // The mirrored sweep's angle (360 - a) has its own sin and cos roundings,
                    // so a band edge can land one unit differently: never by more.
                    #expect(worst <= 1, "scale \(scale) \(theme) t=\(time): \(differing) bytes differ, worst by \(worst)")
                    #expect(differing * 1000 <= ltr.pixels.count, "scale \(scale) \(theme) t=\(time): \(differing) bytes differ")
                    if differing == 0 { identical += 1 }
                    // A frame that is its own mirror would prove nothing.
                    #expect(flipped != ltr.pixels)
                    compared += 1
                }
            }
        }
        #expect(compared == 16)
        #expect(identical >= 15)
    }
}
