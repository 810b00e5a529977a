import Testing
@testable import SkeletonCore

/// The rhythm attributes of `animation` (interval=, repeat=, from=, to=, scope=, fade=):
/// their values, their defaults, and a located message for every bad value.
@Suite struct RhythmParserTests {
    @Test func withoutThemEveryRhythmAttributeHasItsDefault() throws {
        let plain = try animation(ofLine: "animation shimmer")
        #expect(plain.interval == 0)
        #expect(plain.repeatMode == .restart)
        #expect(plain.pulseFrom == 1)
        #expect(plain.pulseTo == 0.5)
        #expect(plain.scope == .component)
        #expect(plain.fade == 0)
        #expect(plain.period == 1.5)
        #expect(plain == Defaults.animation)
    }

    @Test func eachAttributeSetsItsValue() throws {
        let a = try animation(ofLine: "animation shimmer duration=1.5s interval=250ms repeat=reverse scope=shape fade=0.25s")
        #expect(a.interval == 0.25)
        #expect(a.repeatMode == .reverse)
        #expect(a.scope == .shape)
        #expect(a.fade == 0.25)
        #expect(a.period == 3.5)

        let pulse = try animation(ofLine: "animation pulse from=90% to=0.4 easing=linear interval=1s")
        #expect(pulse.pulseFrom == 0.9)
        #expect(pulse.pulseTo == 0.4)
        #expect(pulse.easing == .linear)
        #expect(pulse.period == 2.5)
        // A pulse already comes back: reverse does not lengthen its cycle.
        #expect(try animation(ofLine: "animation pulse repeat=reverse").period == 1.5)
        // Opacities 0 and 1 are allowed, either way round.
        let rising = try animation(ofLine: "animation pulse from=0 to=100%")
        #expect(rising.pulseFrom == 0)
        #expect(rising.pulseTo == 1)
        #expect(try animation(ofLine: "animation shimmer scope=component repeat=restart") == Defaults.animation)
    }

    static let badValues: [(String, [String])] = [
        ("animation shimmer interval=2", ["2:30: missing unit in '2' for interval; write 2s or 2000ms"]),
        ("animation shimmer interval=-1s", ["2:30: interval must not be negative; got '-1s'"]),
        ("animation shimmer repeat=backwards", ["2:28: invalid repeat 'backwards'; expected restart or reverse"]),
        ("animation shimmer repeat=revers", ["2:28: invalid repeat 'revers'; did you mean 'reverse'?"]),
        ("animation shimmer scope=shapes", ["2:27: invalid scope 'shapes'; did you mean 'shape'?"]),
        ("animation shimmer scope=card", ["2:27: invalid scope 'card'; expected component or shape"]),
        ("animation shimmer fade=0.25", ["2:26: missing unit in '0.25' for fade; write 0.25s or 250ms"]),
        ("animation pulse from=1.5", ["2:24: from 1.5 is out of range; an opacity is from 0 to 1 (0% to 100%)"]),
        ("animation pulse to=120%", ["2:22: to 120% is out of range; an opacity is from 0 to 1 (0% to 100%)"]),
        ("animation pulse to=-0.1", ["2:22: to -0.1 is out of range; an opacity is from 0 to 1 (0% to 100%)"]),
        ("animation pulse to=dim", ["2:22: invalid opacity 'dim' for to; expected a number from 0 to 1 like 0.4, or a percentage like 40%"]),
        ("animation pulse to=%", ["2:22: invalid opacity '%' for to; expected a number from 0 to 1 like 0.4, or a percentage like 40%"]),
        ("animation pulse from=0.5", ["2:24: the pulse would not change: from and to are both 0.5; give them different opacities"]),
        ("animation pulse from=0.3 to=0.3", ["2:31: the pulse would not change: from and to are both 0.3; give them different opacities"]),
        ("animation shimmer repeat=reverse intervall=1s", ["2:36: unknown attribute 'intervall' on animation; did you mean 'interval'?"]),
        ("animation pulse fromm=0.4", ["2:19: unknown attribute 'fromm' on animation; did you mean 'from'?"]),
    ]

    @Test(arguments: badValues)
    func badValueIsALocatedError(_ line: String, _ expected: [String]) {
        #expect(located(line: line) == expected)
    }

    /// A bad `to=` is reported once, not again as "both equal" with the default left in.
    @Test func aBadOpacityIsNotAlsoReportedAsEqual() {
        #expect(located(line: "animation pulse from=0.5 to=x") == [
            "2:31: invalid opacity 'x' for to; expected a number from 0 to 1 like 0.4, or a percentage like 40%",
        ])
    }

    /// Equal opacities do not matter to a shimmer, which has none.
    @Test func equalOpacitiesOnAShimmerAreNotAnError() throws {
        #expect(try animation(ofLine: "animation shimmer from=0.5").pulseFrom == 0.5)
    }
}
