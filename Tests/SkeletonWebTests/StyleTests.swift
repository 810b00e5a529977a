import SkeletonCore
import Testing
@testable import SkeletonWeb

@Suite struct StyleTests {
    @Test func shimmerBandLayerAndKeyframesForLeftToRight() {
        let (spec, layout) = Fixture.oneRect()
        let component = ComponentEmitter.emit(spec, layout: layout)
        let s = "." + component.scope
        // L = 100, B = 40: the layer is the band (40 wide), travelling L + B. It is as
        // tall as its shape's stretch across the sweep plus a point each side (10 + 2),
        // not the component's (20 + 2).
        #expect(Fixture.lines(component.css, containing: "::after") == [
            "\(s) .sk-s::after{content:\"\";position:absolute;left:0;top:0;width:40px;transform-origin:0 0;"
                + "background:linear-gradient(90deg,var(--sk-h0),var(--sk-h),var(--sk-h0));"
                + "box-sizing:border-box;margin:0;border:0;padding:0;"
                + "animation:\(component.scope)-sweep 1.5s linear infinite}",
            // Origin (pmin − B, qₛ − 1) = (−40, 4), minus the shape's (10, 5).
            "\(s) .sk-i0::after{height:12px;transform:matrix(1,0,0,1,-50,-1)}",
            "\(s) .sk-s::after{animation:none;display:none}",
            "[data-motion=\"reduce\"] \(s) .sk-s::after{animation:none;display:none}",
        ])
        #expect(Fixture.lines(component.css, containing: "@keyframes") == [
            "@keyframes \(component.scope)-sweep{from{translate:0 0}to{translate:140px 0}}",
        ])
        #expect(Fixture.lines(component.css, containing: "@media") == [
            "@media (prefers-color-scheme: dark){",
            "@media (prefers-reduced-motion: reduce){",
        ])
    }

    @Test func themesForcedByAncestorOutrankTheMediaQuery() {
        let (spec, layout) = Fixture.oneRect()
        let component = ComponentEmitter.emit(spec, layout: layout)
        let s = "." + component.scope
        #expect(Fixture.lines(component.css, containing: "--sk-b:") == [
            "\(s){--sk-b:#dedee3;--sk-h:#ffffff73;--sk-h0:#ffffff00;--sk-bg:#ffffff}",
            "\(s){--sk-b:#3a3a3c;--sk-h:#ffffff1a;--sk-h0:#ffffff00;--sk-bg:#1c1c1e}",
            "[data-theme=\"light\"] \(s){--sk-b:#dedee3;--sk-h:#ffffff73;--sk-h0:#ffffff00;--sk-bg:#ffffff}",
            "[data-theme=\"dark\"] \(s){--sk-b:#3a3a3c;--sk-h:#ffffff1a;--sk-h0:#ffffff00;--sk-bg:#1c1c1e}",
        ])
        // The dark media block holds exactly the dark variables.
        let media = component.css.split(separator: "@media (prefers-color-scheme: dark){\n")[1]
        #expect(media.hasPrefix("\(s){--sk-b:#3a3a3c;--sk-h:#ffffff1a;--sk-h0:#ffffff00;--sk-bg:#1c1c1e}\n}\n"))
    }

    @Test func diagonalLayerReproducesThePaintersSweepCoordinate() {
        // 135°: u = (√½, √½). Over a 100 × 50 box p spans [0, 150·√½].
        let geometry = SweepAxis(angleDegrees: 135, width: 100, height: 50)
        #expect(geometry.pMin == 0)
        #expect(abs(geometry.pMax - 150 * 0.5.squareRoot()) < 1e-12)
        #expect(abs(geometry.qMin - (-100 * 0.5.squareRoot())) < 1e-12)
        let animation = Fixture.animation(.shimmer, angle: 135, band: 0.5)
        let node = Node(kind: .rect, position: Fixture.at, width: .points(30), height: .points(20))
        let spec = Fixture.spec(width: 100, height: 50, animation: animation, children: [node])
        let layout = SpecLayout(width: 100, height: 50, items: [Fixture.shape(20, 10, 30, 20, node: 0)])
        let component = ComponentEmitter.emit(spec, layout: layout)
        let s = "." + component.scope
        // v = (−√½, √½), so q spans [−100·√½, 50·√½]. L = 106.066, B = 53.033.
        // The shape's corners have q from −40·√½ = −28.284 (at (50, 10)) to 10·√½ =
        // 7.071 (at (20, 30)): the layer is 35.355 + 2 tall. Origin (p = −B,
        // q = −29.284) = p·u + q·v = (−16.793, −58.207), minus the shape's (20, 10).
        #expect(Fixture.lines(component.css, containing: " .sk-i0::after") == [
            "\(s) .sk-i0::after{height:37.355px;transform:matrix(0.707107,0.707107,-0.707107,0.707107,-36.793,-68.207)}",
        ])
        #expect(Fixture.lines(component.css, containing: "@keyframes") == [
            "@keyframes \(component.scope)-sweep{from{translate:0 0}to{translate:112.5px 112.5px}}",
        ])
    }

    @Test func pulseKeyframesEaseInOutBetweenOneAndHalf() {
        // ease-in-out: what the parser gives a pulse without `easing=`.
        let (spec, layout) = Fixture.oneRect(animation: Fixture.animation(.pulse, duration: 2, easing: .easeInOut))
        let component = ComponentEmitter.emit(spec, layout: layout)
        let s = "." + component.scope
        #expect(Fixture.lines(component.css, containing: "animation") == [
            "\(s) .sk-s{position:relative;overflow:hidden;background:var(--sk-b);"
                + "animation:\(component.scope)-pulse 2s ease-in-out infinite}",
            "\(s) .sk-s{animation:none}",
            "[data-motion=\"reduce\"] \(s) .sk-s{animation:none}",
        ])
        #expect(Fixture.lines(component.css, containing: "@keyframes") == [
            "@keyframes \(component.scope)-pulse{0%,100%{opacity:1}50%{opacity:0.5}}",
        ])
        #expect(!component.css.contains("::after"))
    }

    @Test func gradientIsAStaticLayerAcrossTheComponent() {
        let (spec, layout) = Fixture.oneRect(animation: Fixture.animation(.gradient))
        let component = ComponentEmitter.emit(spec, layout: layout)
        let s = "." + component.scope
        #expect(Fixture.lines(component.css, containing: "::after") == [
            "\(s) .sk-s::after{content:\"\";position:absolute;left:0;top:0;width:100px;transform-origin:0 0;"
                + "background:linear-gradient(90deg,var(--sk-h0),var(--sk-h),var(--sk-h0));"
                + "box-sizing:border-box;margin:0;border:0;padding:0}",
            "\(s) .sk-i0::after{height:12px;transform:matrix(1,0,0,1,-10,-1)}",
        ])
        #expect(!component.css.contains("animation"))
        #expect(!component.css.contains("prefers-reduced-motion"))
    }

    @Test func noneHasNoLayerNoAnimation() {
        let (spec, layout) = Fixture.oneRect(animation: Fixture.animation(.none))
        let css = ComponentEmitter.emit(spec, layout: layout).css
        #expect(!css.contains("::after"))
        #expect(!css.contains("animation"))
        #expect(!css.contains("@keyframes"))
    }

    @Test func repeatStaggerBecomesPhaseDelays() {
        let component = Fixture.repeatedComponent(animation: Fixture.animation(.shimmer), stagger: 0.2)
        let s = "." + component.scope
        // Offsets 0, 0.2, 0.4 of a 1.5 s loop: phase delays 0, −1.3 s, −1.1 s.
        #expect(Fixture.lines(component.css, containing: "animation-delay") == [
            "\(s) .sk-i1::after{height:12px;transform:matrix(1,0,0,1,-20,-1);animation-delay:-1.3s}",
            "\(s) .sk-i2::after{height:12px;transform:matrix(1,0,0,1,-20,-1);animation-delay:-1.1s}",
        ])
        let pulsed = Fixture.repeatedComponent(animation: Fixture.animation(.pulse, duration: 1), stagger: 0.25)
        #expect(Fixture.lines(pulsed.css, containing: "animation-delay") == [
            ".\(pulsed.scope) .sk-i1{animation-delay:-0.75s}",
            ".\(pulsed.scope) .sk-i2{animation-delay:-0.5s}",
        ])
    }

    @Test func delayHidesTheComponentThenStartsTheTimeline() {
        let component = Fixture.repeatedComponent(animation: Fixture.animation(.shimmer, delay: 0.5), stagger: 0.2)
        let s = "." + component.scope
        #expect(Fixture.lines(component.css, containing: "\(s){position") == [
            "\(s){position:relative;display:flex;flex-direction:column;width:50px;overflow:hidden;"
                + "background:var(--sk-bg);animation:\(component.scope)-in 0s 0.5s both}",
        ])
        #expect(Fixture.lines(component.css, containing: "-in{") == [
            "@keyframes \(component.scope)-in{from{opacity:0}to{opacity:1}}",
        ])
        #expect(Fixture.lines(component.css, containing: "animation-delay") == [
            "\(s) .sk-i0::after{height:12px;transform:matrix(1,0,0,1,-20,-1);animation-delay:0.5s}",
            "\(s) .sk-i1::after{height:12px;transform:matrix(1,0,0,1,-20,-1);animation-delay:-0.8s}",
            "\(s) .sk-i2::after{height:12px;transform:matrix(1,0,0,1,-20,-1);animation-delay:-0.6s}",
        ])
    }

    @Test func frozenComponentIsPausedAtTheRequestedTime() {
        let (spec, layout) = Fixture.repeated(animation: Fixture.animation(.shimmer, delay: 0.5), stagger: 0.2)
        let frozen = ComponentEmitter.emit(spec, layout: layout, label: nil, options: EmitOptions(frozenAt: 0.75))
        let live = ComponentEmitter.emit(spec, layout: layout)
        #expect(frozen.scope != live.scope)
        #expect(!frozen.css.contains("-in "))
        #expect(Fixture.lines(frozen.css, containing: "infinite") == [
            ".\(frozen.scope) .sk-s::after{content:\"\";position:absolute;left:0;top:0;width:20px;"
                + "transform-origin:0 0;background:linear-gradient(90deg,var(--sk-h0),var(--sk-h),var(--sk-h0));"
                + "box-sizing:border-box;margin:0;border:0;padding:0;"
                + "animation:\(frozen.scope)-sweep 1.5s linear infinite paused}",
        ])
        #expect(Fixture.lines(frozen.css, containing: "animation-delay").map { $0.split(separator: ";").last! } == [
            "animation-delay:-0.75s}", "animation-delay:-2.05s}", "animation-delay:-1.85s}",
        ])
    }

    @Test func phaseDelayWrapsIntoOnePeriod() {
        #expect(AnimationTiming.phaseDelay(offset: 0, animation: Fixture.animation(.shimmer, duration: 1.5)) == 0)
        #expect(AnimationTiming.phaseDelay(offset: 1.5, animation: Fixture.animation(.shimmer, duration: 1.5)) == 0)
        #expect(AnimationTiming.phaseDelay(offset: 2, animation: Fixture.animation(.shimmer, duration: 1.5)) == 0.5 - 1.5)
        #expect(AnimationTiming.phaseDelay(offset: -0.25, animation: Fixture.animation(.shimmer, duration: 1)) == -0.25)
    }
}
