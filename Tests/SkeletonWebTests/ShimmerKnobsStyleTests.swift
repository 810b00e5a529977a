import Foundation
@testable import SkeletonCore
import Testing
@testable import SkeletonWeb

/// The CSS and SwiftUI of `intensity=` and `iterations=` (site/reference/animation.md,
/// "Band intensity and a finite count").
@Suite struct ShimmerKnobsStyleTests {
    static func motion(_ kind: AnimationKind, intensity: Double = 0, iterations: Int = 0) -> Animation {
        Animation(kind: kind, duration: 1.5, direction: .leftToRight, band: 0.4, angle: 90, delay: 0,
                  stagger: 0, easing: .linear, intensity: intensity, iterations: iterations)
    }

    static let layer = "content:\"\";position:absolute;left:0;top:0;width:40px;transform-origin:0 0;"
    static let reset = "box-sizing:border-box;margin:0;border:0;padding:0;"

    @Test func intensityAddsTwoStopsAndIterationsACount() {
        let (spec, layout) = Fixture.oneRect(animation: Self.motion(.shimmer, intensity: 0.5, iterations: 3))
        let component = ComponentEmitter.emit(spec, layout: layout)
        let scope = component.scope
        #expect(Fixture.lines(component.css, containing: ".sk-s::after{content") == [
            ".\(scope) .sk-s::after{" + Self.layer.replacingOccurrences(of: "transform-origin", with:
                "--sk-i0:25%;--sk-i1:75%;transform-origin")
                + "background:linear-gradient(90deg,var(--sk-h0),var(--sk-h) var(--sk-i0),var(--sk-h) var(--sk-i1),"
                + "var(--sk-h0));"
                + Self.reset + "animation:\(scope)-sweep 1.5s linear 3}",
        ])
    }

    @Test func withoutThemTheLayerIsAsBefore() {
        let (spec, layout) = Fixture.oneRect(animation: Self.motion(.shimmer))
        let component = ComponentEmitter.emit(spec, layout: layout)
        let scope = component.scope
        #expect(Fixture.lines(component.css, containing: ".sk-s::after{content") == [
            ".\(scope) .sk-s::after{" + Self.layer
                + "background:linear-gradient(90deg,var(--sk-h0),var(--sk-h),var(--sk-h0));"
                + Self.reset + "animation:\(scope)-sweep 1.5s linear infinite}",
        ])
    }

    /// A finite pulse counts too; staggered copies start at their offsets, so each runs
    /// its own N cycles, as the painter's `isAtRest` has it.
    @Test func finitePulseAndStaggeredCopies() {
        let pulsed = Fixture.repeatedComponent(animation: Self.motion(.pulse, iterations: 2), stagger: 0.25)
        let s = "." + pulsed.scope
        #expect(Fixture.lines(pulsed.css, containing: "-pulse 1.5s") == [
            "\(s) .sk-s{position:relative;overflow:hidden;background:var(--sk-b);"
                + "animation:\(pulsed.scope)-pulse 1.5s linear 2}",
        ])
        #expect(Fixture.lines(pulsed.css, containing: "animation-delay") == [
            "\(s) .sk-i1{animation-delay:0.25s}",
            "\(s) .sk-i2{animation-delay:0.5s}",
        ])
    }

    @Test func swiftUIArguments() {
        #expect(SwiftUIViewWriter.rhythmArguments(Self.motion(.shimmer, intensity: 0.5, iterations: 3))
                == ["intensity: 0.5", "repeatCount: 3"])
        #expect(SwiftUIViewWriter.rhythmArguments(Self.motion(.shimmer)) == [])
        let support = SwiftUIExport.supportSource
        #expect(support.contains("if repeatCount > 0 && (t < 0 || t >= Double(repeatCount) * period) { return nil }"))
        #expect(support.contains("stops.append(.init(color: peak, location: 0.5 - held))"))
    }
}
