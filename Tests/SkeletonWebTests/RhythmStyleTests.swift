@testable import SkeletonCore
import Testing
@testable import SkeletonWeb

/// The CSS of the rhythm attributes: keyframes written from the shared cycle keys,
/// per-shape band layers, the fade-in and the app's switch that ends the skeleton.
@Suite struct RhythmStyleTests {
    static func motion(_ kind: AnimationKind, duration: Double = 1.5, angle: Double = 90, easing: Easing = .linear,
                       interval: Double = 0, repeatMode: AnimationRepeat = .restart, from: Double = 1,
                       to: Double = 0.5, scope: SweepScope = .component, delay: Double = 0,
                       fade: Double = 0) -> Animation {
        Animation(kind: kind, duration: duration, direction: .leftToRight, band: 0.4, angle: angle, delay: delay,
                  stagger: 0, easing: easing, interval: interval, repeatMode: repeatMode, pulseFrom: from,
                  pulseTo: to, scope: scope, fade: fade)
    }

    static func css(_ animation: Animation, frozenAt: Double? = nil) -> (String, String) {
        let (spec, layout) = Fixture.oneRect(animation: animation)
        let component = ComponentEmitter.emit(spec, layout: layout, label: nil, options: EmitOptions(frozenAt: frozenAt))
        return (component.css, component.scope)
    }

    static let layer = "content:\"\";position:absolute;left:0;top:0;"
    // The layer's box is reset against a page's `::after` rules (site/reference/rendering.md).
    static let paint = "transform-origin:0 0;background:linear-gradient(90deg,var(--sk-h0),var(--sk-h),var(--sk-h0));"
        + "box-sizing:border-box;margin:0;border:0;padding:0;"

    /// 1.5 s out, a 0.5 s rest past the end edge, 1.5 s back (ease-in mirrored is
    /// ease-out), a 0.5 s rest before the start edge: T = 4 s.
    @Test func returningShimmerWithRestsIsOneKeyframesRule() {
        let (css, scope) = Self.css(Self.motion(.shimmer, easing: .easeIn, interval: 0.5, repeatMode: .reverse))
        let s = "." + scope
        #expect(Fixture.lines(css, containing: "@keyframes") == [
            "@keyframes \(scope)-sweep{0%{translate:0 0;animation-timing-function:ease-in}"
                + "37.5%{translate:140px 0;animation-timing-function:linear}"
                + "50%{translate:140px 0;animation-timing-function:ease-out}"
                + "87.5%{translate:0 0;animation-timing-function:linear}100%{translate:0 0}}",
        ])
        #expect(Fixture.lines(css, containing: "\(s) .sk-s::after{content") == [
            "\(s) .sk-s::after{" + Self.layer + "width:40px;" + Self.paint
                + "animation:\(scope)-sweep 4s linear infinite}",
        ])
    }

    /// The pulse's opacities and easing; its rest holds `from`, which the shape also
    /// has as its own opacity (the t = 0 frame reduced motion shows).
    @Test func pulseDepthEasingAndRest() {
        let (css, scope) = Self.css(Self.motion(.pulse, duration: 2, easing: .easeIn, interval: 1, from: 0.9, to: 0.3))
        let s = "." + scope
        #expect(Fixture.lines(css, containing: ".sk-s{") == [
            "\(s) .sk-s{position:relative;overflow:hidden;background:var(--sk-b);"
                + "animation:\(scope)-pulse 3s linear infinite;opacity:0.9}",
            "\(s) .sk-s{animation:none}",
            "[data-motion=\"reduce\"] \(s) .sk-s{animation:none}",
        ])
        #expect(Fixture.lines(css, containing: "@keyframes") == [
            "@keyframes \(scope)-pulse{0%{opacity:0.9;animation-timing-function:ease-in}"
                + "33.3333%{opacity:0.3;animation-timing-function:ease-out}"
                + "66.6667%{opacity:0.9;animation-timing-function:linear}100%{opacity:0.9}}",
        ])
    }

    /// A linear pulse without a rest keeps the short form, with its own opacities.
    @Test func plainPulseKeepsTheShortForm() {
        let (css, scope) = Self.css(Self.motion(.pulse, duration: 2, easing: .linear, to: 0.4))
        #expect(Fixture.lines(css, containing: "@keyframes") == [
            "@keyframes \(scope)-pulse{0%,100%{opacity:1}50%{opacity:0.4}}",
        ])
        #expect(css.contains("animation:\(scope)-pulse 2s linear infinite}"))
        #expect(!css.contains("opacity:1;") && !css.contains("animation-timing-function"))
    }

    /// scope=shape: the rect (40 × 10 at 10, 5) carries its own band, 16 wide, from
    /// p = −16 of its own box; one keyframes rule moves every layer (1 + 0.4)/0.4 = 350%
    /// of its width.
    @Test func perShapeLayerLeftToRight() {
        let (css, scope) = Self.css(Self.motion(.shimmer, scope: .shape))
        let s = "." + scope
        #expect(Fixture.lines(css, containing: "::after") == [
            "\(s) .sk-s::after{" + Self.layer + Self.paint + "animation:\(scope)-sweep 1.5s linear infinite}",
            "\(s) .sk-i0::after{width:16px;height:12px;translate:-16px -1px}",
            "\(s) .sk-s::after{animation:none;display:none}",
            "[data-motion=\"reduce\"] \(s) .sk-s::after{animation:none;display:none}",
        ])
        #expect(Fixture.lines(css, containing: "@keyframes") == [
            "@keyframes \(scope)-sweep{from{transform:translateX(0%)}to{transform:translateX(350%)}}",
        ])
    }

    /// Downwards (180°): u = (0, 1), v = (−1, 0); over the 40 × 10 box L = 10, B = 4,
    /// q spans [−40, 0]; the layer starts at p = −4, q = −41, i.e. (41, −4), turned 90°.
    @Test func perShapeLayerTopToBottomWithARest() {
        let (css, scope) = Self.css(Self.motion(.shimmer, angle: 180, interval: 0.5, scope: .shape))
        #expect(Fixture.lines(css, containing: ".sk-i0::after") == [
            ".\(scope) .sk-i0::after{width:4px;height:42px;translate:41px -4px;rotate:90deg}",
        ])
        #expect(Fixture.lines(css, containing: "@keyframes") == [
            "@keyframes \(scope)-sweep{0%{transform:translateX(0%);animation-timing-function:linear}"
                + "75%{transform:translateX(350%);animation-timing-function:linear}100%{transform:translateX(350%)}}",
        ])
    }

    /// The painter's per-shape band and the CSS layer put the band's centre at the same
    /// place: layer start + B/2 + e·(L + B) along the shape's own axis.
    @Test(arguments: [90.0, 135, 200, 333])
    func perShapeLayerCentreIsThePaintersCentre(angle: Double) throws {
        let animation = Self.motion(.shimmer, angle: angle, scope: .shape)
        let frame = Rect(x: 10, y: 5, width: 40, height: 10)
        let axis = SweepAxis(angleDegrees: angle, width: 40, height: 10)
        let band = 0.4 * axis.length
        for time in [0.3, 0.75, 1.2] {
            let painted = try #require(Timeline(animation, width: 100, height: 20, scale: 1)
                .shimmerSweep(at: time, over: frame, RGBA(255, 255, 255)))
            let e = try #require(animation.amount(at: time))
            // CSS: the layer's left edge starts at p = pmin − B (shape coordinates) and
            // moves e·(1 + band)/band of its width B; the shape sits at p = 10·ux + 5·uy.
            let css = axis.pMin - band + e * (1 + 0.4) / 0.4 * band + band / 2 + 10 * axis.ux + 5 * axis.uy
            #expect(abs(painted.centre - css) < 1e-9, "angle \(angle), t \(time)")
        }
    }

    /// Every keyframe's value is the painter's amount at that moment of the cycle.
    @Test func keyframesAreThePaintersAmountsAtTheKeys() throws {
        for animation in [Self.motion(.shimmer, easing: .easeOut, interval: 0.7, repeatMode: .reverse),
                          Self.motion(.pulse, easing: .easeIn, interval: 0.2)] {
            for key in animation.cycleKeys.dropLast() {
                let amount = try #require(animation.amount(at: key.at * animation.period))
                #expect(abs(amount - key.value) < 1e-9, "\(animation.kind) at \(key.at)")
            }
        }
    }

    @Test func fadeInAfterTheDelayAndFadeOutWhenTheAppEndsIt() {
        let (css, scope) = Self.css(Self.motion(.shimmer, delay: 0.3, fade: 0.25))
        let s = "." + scope
        #expect(Fixture.lines(css, containing: "\(scope)-in") == [
            "\(s){position:relative;display:flex;flex-direction:column;width:100px;overflow:hidden;"
                + "background:var(--sk-bg);animation:\(scope)-in 0.25s ease-in-out 0.3s both}",
            "@keyframes \(scope)-in{from{opacity:0}to{opacity:1}}",
        ])
        #expect(Fixture.lines(css, containing: "aria-busy") == [
            "\(s)[aria-busy=\"false\"]{filter:opacity(0);visibility:hidden;"
                + "transition:filter 0.25s ease-in-out,visibility 0.25s}",
        ])
        // A fade without a delay fades in at once; frozen (verify) it shows at once.
        let (undelayed, undelayedScope) = Self.css(Self.motion(.shimmer, fade: 0.25))
        #expect(undelayed.contains("animation:\(undelayedScope)-in 0.25s ease-in-out 0s both}"))
        let (frozen, frozenScope) = Self.css(Self.motion(.shimmer, delay: 0.3, fade: 0.25), frozenAt: 0.5)
        #expect(!frozen.contains("\(frozenScope)-in"))
    }

    /// Without `fade=` the switch hides the component at once.
    @Test func endingWithoutAFadeHidesAtOnce() {
        let (css, scope) = Self.css(Self.motion(.pulse))
        #expect(Fixture.lines(css, containing: "aria-busy") == [".\(scope)[aria-busy=\"false\"]{visibility:hidden}"])
    }

    /// The rhythm attributes are part of the scope; without them the scope is unchanged.
    @Test func scopeTellsRhythmsApart() {
        let plain = Self.css(Self.motion(.shimmer)).1
        #expect(plain == Self.css(Fixture.animation(.shimmer)).1)
        var seen: Set<String> = [plain]
        for variant in [Self.motion(.shimmer, interval: 0.5), Self.motion(.shimmer, repeatMode: .reverse),
                        Self.motion(.shimmer, from: 0.9), Self.motion(.shimmer, to: 0.4),
                        Self.motion(.shimmer, scope: .shape), Self.motion(.shimmer, fade: 0.25)] {
            #expect(seen.insert(Self.css(variant).1).inserted)
        }
    }
}
