import Testing
@testable import SkeletonCore

/// The cycle rule (Rules/AnimationRhythm.swift) and what the painter draws with it:
/// rests, return sweeps, pulse depth and easing, per-shape bands.
@Suite struct RhythmPaintTests {
    static func shimmer(duration: Double = 1, interval: Double = 0, repeatMode: AnimationRepeat = .restart,
                        easing: Easing = .linear, scope: SweepScope = .component) -> Animation {
        Animation(kind: .shimmer, duration: duration, direction: .leftToRight, band: 0.4, angle: 90, delay: 0,
                  stagger: 0, easing: easing, interval: interval, repeatMode: repeatMode, scope: scope)
    }

    static func pulse(duration: Double = 2, interval: Double = 0, easing: Easing = .linear,
                      from: Double = 1, to: Double = 0.4) -> Animation {
        Animation(kind: .pulse, duration: duration, direction: .leftToRight, band: 0.4, angle: 90, delay: 0,
                  stagger: 0, easing: easing, interval: interval, pulseFrom: from, pulseTo: to)
    }

    // MARK: The rule

    @Test func keysOfAReturningShimmerWithRests() {
        let a = Self.shimmer(duration: 1.5, interval: 0.5, repeatMode: .reverse, easing: .easeIn)
        #expect(a.period == 4)
        #expect(a.cycleKeys == [
            CycleKey(at: 0, value: 0, easing: .easeIn),
            CycleKey(at: 0.375, value: 1, easing: .linear),
            CycleKey(at: 0.5, value: 1, easing: .easeIn, backwards: true),
            CycleKey(at: 0.875, value: 0, easing: .linear),
            CycleKey(at: 1, value: 0, easing: .linear),
        ])
    }

    @Test func keysOfAPulseWithARest() {
        let a = Self.pulse(duration: 2, interval: 0.5, easing: .easeOut)
        #expect(a.period == 2.5)
        #expect(a.cycleKeys == [
            CycleKey(at: 0, value: 0, easing: .easeOut),
            CycleKey(at: 0.4, value: 1, easing: .easeOut, backwards: true),
            CycleKey(at: 0.8, value: 0, easing: .linear),
            CycleKey(at: 1, value: 0, easing: .linear),
        ])
    }

    @Test func stillAnimationsHaveNoKeys() {
        var gradient = Self.shimmer(interval: 1)
        gradient.kind = .gradient
        #expect(gradient.cycleKeys == [])
        #expect(gradient.amount(at: 0.5) == nil)
    }

    /// The amount at chosen times: the sweep moves for `duration`, rests past the end
    /// edge for `interval`, and (reverse) comes back on the outbound curve played backwards.
    @Test func amountFollowsTheKeys() throws {
        let a = Self.shimmer(duration: 1.5, interval: 0.5, repeatMode: .reverse, easing: .easeIn)
        #expect(a.amount(at: 0) == 0)
        #expect(a.amount(at: 0.75) == EasingCurve.value(.easeIn, at: 0.5))
        #expect(a.amount(at: 1.75) == 1)
        // 0.6 s into the return leg shows what 0.6 s before the end of the outbound one did.
        let back = try #require(a.amount(at: 2 + 0.6))
        let out = try #require(a.amount(at: 1.5 - 0.6))
        #expect(abs(back - out) < 1e-12)
        #expect(a.amount(at: 3.75) == 0)
        #expect(a.amount(at: 4 + 0.75) == a.amount(at: 0.75))
        #expect(a.amount(at: .nan) == nil)
    }

    @Test func pulseOpacityGoesFromFromToToAndRestsAtFrom() {
        let a = Self.pulse(duration: 2, interval: 0.5, easing: .linear, from: 1, to: 0.4)
        #expect(a.pulseOpacity(at: 0) == 1)
        #expect(abs(a.pulseOpacity(at: 0.5) - 0.7) < 1e-12)
        #expect(abs(a.pulseOpacity(at: 1) - 0.4) < 1e-12)
        #expect(abs(a.pulseOpacity(at: 1.5) - 0.7) < 1e-12)
        #expect(a.pulseOpacity(at: 2.25) == 1)
        let rising = Self.pulse(from: 0.6, to: 1)
        #expect(rising.pulseOpacity(at: 0) == 0.6)
        #expect(abs(rising.pulseOpacity(at: 1) - 1) < 1e-12)
    }

    /// With no rhythm attribute the rule is bit for bit the one skelsite always used:
    /// e = easing((t mod T)/T) for a shimmer, 1 − 0.5·ease-in-out(phase) for a pulse.
    @Test(arguments: [0, 0.1, 0.37, 0.5, 0.75, 0.999, 1.2, 2.63])
    func plainCyclesAreTheOriginalFormulas(time: Double) throws {
        let shimmer = Self.shimmer(duration: 1.3, easing: .easeInOut)
        let f = try #require(shimmer.timeInCycle(at: time)) / 1.3
        #expect(shimmer.amount(at: time) == EasingCurve.value(.easeInOut, at: f))
        let pulse = Self.pulse(duration: 1.6, easing: .easeInOut, from: 1, to: 0.5)
        let g = try #require(pulse.timeInCycle(at: time)) / 1.6
        let phase = g < 0.5 ? 2 * g : 2 - 2 * g
        #expect(pulse.pulseOpacity(at: time) == 1 - (1 - 0.5) * EasingCurve.value(.easeInOut, at: phase))
    }

    // MARK: Pixels

    /// Black shapes, an opaque white highlight on white: a pixel's red channel is the
    /// highlight level there.
    static func paint(_ animation: Animation, time: Double, items: [LayoutItem] = Self.twoBars) -> RGBAImage {
        PaintFixture.paint(items, width: 100, height: 10, animation: animation, appearance: PaintFixture.contrast,
                           time: time)
    }

    /// A 20-point bar at x 0 and a 60-point bar at x 40, both the full 10 points tall.
    static let twoBars = [PaintFixture.item(Rect(x: 0, y: 0, width: 20, height: 10)),
                          PaintFixture.item(Rect(x: 40, y: 0, width: 60, height: 10))]

    static func red(_ image: RGBAImage, _ x: Int) -> UInt8 { PaintFixture.pixel(image, x, 5).r }

    /// Half way through a linear sweep each shape's own band is centred on that shape:
    /// the short bar's centre 10 (band 8: k = 1 − 0.5/4 at pixel 9), the long bar's 70
    /// (band 24: k = 1 − 0.5/12 at pixel 69). One component band (centre 50, half
    /// width 20) leaves the short bar dark.
    @Test func perShapeBandsCrossEachShapeOnItsOwn() {
        let own = Self.paint(Self.shimmer(scope: .shape), time: 0.5)
        #expect(Self.red(own, 9) == 223)
        #expect(Self.red(own, 10) == 223)
        #expect(Self.red(own, 69) == 244)
        #expect(Self.red(own, 70) == 244)
        #expect(Self.red(own, 5) == 0)  // 4.5 from the centre: outside the band
        #expect(Self.red(own, 0) == 0)
        #expect(Self.red(own, 40) == 0)
        let shared = Self.paint(Self.shimmer(scope: .component), time: 0.5)
        #expect((0..<20).allSatisfy { Self.red(shared, $0) == 0 })
        #expect(Self.red(shared, 49) == 249)
        // At t = 0 every band is outside its shape: the plain base.
        #expect(Self.paint(Self.shimmer(scope: .shape), time: 0) == Self.paint(Self.shimmer(), time: 0))
    }

    @Test func duringTheIntervalTheBandIsOff() {
        let rested = Self.shimmer(duration: 1, interval: 1)
        let still = Self.paint(rested, time: 0)
        #expect(Self.paint(rested, time: 1.5) == still)
        #expect(Self.paint(rested, time: 1.999) == still)
        // While it moves it is where a sweep without a rest is, a cycle later too.
        #expect(Self.paint(rested, time: 0.5) == Self.paint(Self.shimmer(duration: 1), time: 0.5))
        #expect(Self.paint(rested, time: 2.5) == Self.paint(Self.shimmer(duration: 1), time: 0.5))
        #expect(Self.paint(rested, time: 0.5) != still)
    }

    @Test func aReturnSweepRetracesTheOutboundOne() {
        let a = Self.shimmer(duration: 1, interval: 0.5, repeatMode: .reverse, easing: .easeIn)
        // Return leg 1.5 ..< 2.5: 1.5 + y shows the outbound frame at 1 − y.
        #expect(Self.paint(a, time: 1.75) == Self.paint(a, time: 0.75))
        #expect(Self.paint(a, time: 2.25) == Self.paint(a, time: 0.25))
        // The rests: past the end edge, then before the start edge; both plain.
        #expect(Self.paint(a, time: 1.25) == Self.paint(a, time: 0))
        #expect(Self.paint(a, time: 2.75) == Self.paint(a, time: 0))
        #expect(Self.paint(a, time: 0.75) != Self.paint(a, time: 0.25))
    }

    /// Pulse from 1 to 0.4, linear, over 2 s: a black shape on white at opacity o is
    /// 255·(1 − o) after rounding its alpha.
    @Test func pulseDepthAndEasing() {
        let one = [PaintFixture.item(Rect(x: 0, y: 0, width: 100, height: 10))]
        func grey(_ a: Animation, _ t: Double) -> UInt8 {
            Self.red(Self.paint(a, time: t, items: one), 50)
        }
        let linear = Self.pulse(easing: .linear, from: 1, to: 0.4)
        #expect(grey(linear, 0) == 0)
        func shade(_ opacity: Double) -> UInt8 { PaintFixture.blend(0, 255, alpha: Int(255 * opacity + 0.5)) }
        #expect(grey(linear, 0.5) == shade(linear.pulseOpacity(at: 0.5)))  // o = 0.7
        #expect(grey(linear, 1) == shade(0.4))
        #expect(grey(linear, 1) == 153)
        // ease-in dims slowly at first: at a quarter of the pulse it is still brighter
        // than linear; the way back is the same curve played backwards.
        let easedIn = Self.pulse(easing: .easeIn, from: 1, to: 0.4)
        #expect(grey(easedIn, 0.5) < grey(linear, 0.5))
        #expect(grey(easedIn, 1.5) == grey(easedIn, 0.5))
        // A rest at `from`.
        let rested = Self.pulse(duration: 2, interval: 1, easing: .linear)
        #expect(grey(rested, 2.5) == 0)
        #expect(grey(rested, 3.5) == grey(linear, 0.5))
    }
}
