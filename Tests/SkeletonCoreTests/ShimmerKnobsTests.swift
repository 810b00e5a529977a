import Foundation
import Testing
@testable import SkeletonCore

/// Facebook Shimmer's remaining knobs on `animation` (site/reference/animation.md,
/// "Band intensity and a finite count"): `intensity=` and `iterations=`, parsed and
/// painted.
@Suite struct ShimmerKnobsTests {
    @Test func defaultsLeaveTheAnimationAsItWas() throws {
        let plain = try animation(ofLine: "animation shimmer")
        #expect(plain.intensity == 0)
        #expect(plain.iterations == 0)
        #expect(plain == Defaults.animation)
        #expect(try animation(ofLine: "animation shimmer intensity=0") == Defaults.animation)
    }

    @Test func valuesAreRead() throws {
        let a = try animation(ofLine: "animation shimmer intensity=0.5 iterations=3")
        #expect(a.intensity == 0.5)
        #expect(a.iterations == 3)
        #expect(try animation(ofLine: "animation shimmer intensity=25%").intensity == 0.25)
        #expect(try animation(ofLine: "animation shimmer intensity=1 iterations=1000").iterations == 1000)
    }

    static let badValues: [(String, [String])] = [
        ("animation shimmer intensity=2", ["2:31: intensity 2 is out of range; a share of the band is from 0 to 1 (0% to 100%)"]),
        ("animation shimmer intensity=-0.1", ["2:31: intensity -0.1 is out of range; a share of the band is from 0 to 1 (0% to 100%)"]),
        ("animation shimmer intensity=150%", ["2:31: intensity 150% is out of range; a share of the band is from 0 to 1 (0% to 100%)"]),
        ("animation shimmer intensity=half",
         ["2:31: invalid share of the band 'half' for intensity; expected a number from 0 to 1 like 0.4, or a percentage like 40%"]),
        ("animation shimmer iterations=0", ["2:32: iterations 0 is out of range; expected 1 to 1000"]),
        ("animation shimmer iterations=1001", ["2:32: iterations 1001 is out of range; expected 1 to 1000"]),
        ("animation shimmer iterations=1.5", ["2:32: invalid iterations '1.5'; expected a whole number like 3"]),
        // Leaving it out is forever; CSS's keyword is not a count.
        ("animation shimmer iterations=infinite", ["2:32: invalid iterations 'infinite'; expected a whole number like 3"]),
    ]

    @Test(arguments: badValues)
    func badValuesAreLocated(line: String, expected: [String]) {
        #expect(located(line: line) == expected)
    }

    // MARK: Pixels

    static func shimmer(intensity: Double = 0, iterations: Int = 0) -> Animation {
        Animation(kind: .shimmer, duration: 1, direction: .leftToRight, band: 0.4, angle: 90, delay: 0,
                  stagger: 0, easing: .linear, intensity: intensity, iterations: iterations)
    }

    /// One black bar 100 × 10 under an opaque white highlight: a pixel's red channel is
    /// the highlight level there.
    static func paint(_ animation: Animation, time: Double) -> RGBAImage {
        PaintFixture.paint([PaintFixture.item(Rect(x: 0, y: 0, width: 100, height: 10))], width: 100, height: 10,
                           animation: animation, appearance: PaintFixture.contrast, time: time)
    }

    static func reds(_ image: RGBAImage, _ range: ClosedRange<Int>) -> [UInt8] {
        range.map { PaintFixture.pixel(image, $0, 5).r }
    }

    /// Half way, the 40-pixel band is centred on 50. With intensity 0.5 the middle half
    /// of it, pixels 40 to 59, is exactly the highlight; outside, the level falls
    /// linearly to nothing at the band's edges: k = (1 − d/20) / 0.5.
    @Test func intensityHoldsTheMiddleOfTheBandAtFullHighlight() {
        let image = Self.paint(Self.shimmer(intensity: 0.5), time: 0.5)
        #expect(Self.reds(image, 40...59).allSatisfy { $0 == 255 })
        #expect(PaintFixture.pixel(image, 39, 5).r == 242)   // d = 10.5: k = 0.95
        #expect(PaintFixture.pixel(image, 60, 5).r == 242)
        #expect(PaintFixture.pixel(image, 30, 5).r == 13)    // d = 19.5: k = 0.05
        #expect(PaintFixture.pixel(image, 29, 5).r == 0)
        #expect(PaintFixture.pixel(image, 70, 5).r == 0)
        // Without intensity the tent peaks below full at the pixel centres.
        let tent = Self.paint(Self.shimmer(), time: 0.5)
        #expect(PaintFixture.pixel(tent, 49, 5).r == 249)
        #expect(PaintFixture.pixel(tent, 40, 5).r == 134)
        // intensity=1: the whole band at full highlight, hard edges.
        let flat = Self.paint(Self.shimmer(intensity: 1), time: 0.5)
        #expect(Self.reds(flat, 30...69).allSatisfy { $0 == 255 })
        #expect(PaintFixture.pixel(flat, 29, 5).r == 0)
        #expect(PaintFixture.pixel(flat, 70, 5).r == 0)
    }

    /// After N cycles (and before a staggered copy's start) the component rests in its
    /// end state, the plain base, which is also its t = 0 frame.
    @Test func aFiniteCountEndsInTheBase() {
        let twice = Self.shimmer(iterations: 2)
        let forever = Self.shimmer()
        let base = Self.paint(forever, time: 0)
        #expect(Self.paint(twice, time: 0.5) == Self.paint(forever, time: 0.5))
        #expect(Self.paint(twice, time: 1.5) == Self.paint(forever, time: 0.5))
        #expect(Self.paint(twice, time: 1.5) != base)
        #expect(Self.paint(twice, time: 2) == base)
        #expect(Self.paint(twice, time: 2.5) == base)
        #expect(twice.amount(at: -0.25) == nil)
        #expect(forever.amount(at: -0.25) == 0.75)
        var pulse = twice
        pulse.kind = .pulse
        pulse.pulseTo = 0.4
        #expect(abs(pulse.pulseOpacity(at: 0.5) - 0.4) < 1e-12)
        #expect(pulse.pulseOpacity(at: 2.5) == 1)
    }

    // MARK: Visibility warnings

    static func warnings(_ text: String) -> [String] {
        let parsed = SpecParser.parse(text)
        #expect(parsed.diagnostics == [])
        return SpecVisibility.adding(to: parsed, source: Array(text.utf8)).diagnostics.map {
            "\($0.position.line):\($0.position.column): \($0.message)"
        }
    }

    /// A spotlight's base vanishes between sweeps on purpose: the band shows the shapes,
    /// so they are not reported; without the moving band (or on a still node) they are.
    @Test func aSpotlightBaseIsNotReportedWhileTheBandShowsIt() {
        let spotlight = """
            skeleton width=200
              appearance base=#BDBDBD00 highlight=#BDBDBD dark-base=#5C5C5E00 dark-highlight=#5C5C5E
              animation shimmer band=0.45 intensity=0.78
              rect height=20
            """
        #expect(Self.warnings(spotlight) == [])
        let still = spotlight.replacingOccurrences(of: "animation shimmer", with: "animation none")
        #expect(Self.warnings(still) == [
            "4:3: rect can hardly be seen in the light theme: the base colour #bdbdbd00 is 0.000 from the background "
                + "#ffffff under it in pixelmatch's YIQ distance (below 0.03 is reported); choose colours further apart",
            "4:3: rect can hardly be seen in the dark theme: the dark-base colour #5c5c5e00 is 0.000 from the dark "
                + "background #1c1c1e under it in pixelmatch's YIQ distance (below 0.03 is reported); choose colours "
                + "further apart",
        ])
        let stillNode = spotlight.replacingOccurrences(of: "rect height=20", with: "rect height=20 animation=none")
        #expect(Self.warnings(stillNode).count == 2)
        // A node's own motion decides for its shapes: its own shimmer shows them under a
        // pulsing component; its own pulse, under a shimmering one, does not.
        let ownBand = spotlight.replacingOccurrences(of: "animation shimmer band=0.45 intensity=0.78", with: "animation pulse")
            .replacingOccurrences(of: "rect height=20", with: "rect height=20 animation=\"shimmer band=0.45\"")
        #expect(Self.warnings(ownBand) == [])
        let ownPulse = spotlight.replacingOccurrences(of: "rect height=20", with: "rect height=20 animation=pulse")
        #expect(Self.warnings(ownPulse).count == 2)
    }
}
