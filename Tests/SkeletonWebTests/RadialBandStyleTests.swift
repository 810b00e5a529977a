import Foundation
@testable import SkeletonCore
import Testing
@testable import SkeletonWeb

/// The CSS and SwiftUI of `band-shape=radial` (site/reference/animation.md, "A radial
/// band"): a square layer of the highlight under a radial mask, placed where the
/// painter's disc starts.
@Suite struct RadialBandStyleTests {
    static func emit(_ text: String) throws -> WebComponent {
        let spec = try #require(SpecParser.parse(text).spec)
        return ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec))
    }

    @Test func oneDiscAcrossTheComponent() throws {
        let c = try Self.emit("skeleton width=100 height=20\n  animation shimmer duration=2s band=0.4 band-shape=radial\n  rect 100x20\n")
        let s = c.scope
        #expect(Fixture.lines(c.css, containing: ".sk-s::after{content") == [
            ".\(s) .sk-s::after{content:\"\";position:absolute;left:0;top:0;width:40px;height:40px;transform-origin:0 0;"
                + "background:var(--sk-h);-webkit-mask-image:radial-gradient(closest-side,#000,#0000);"
                + "mask-image:radial-gradient(closest-side,#000,#0000);"
                + "box-sizing:border-box;margin:0;border:0;padding:0;animation:\(s)-sweep 2s linear infinite}",
        ])
        // The disc's centre starts at (−20, 10): its square's corner at (−40, −10).
        #expect(c.css.contains(".\(s) .sk-i0::after{transform:translate(-40px,-10px)}"))
        // It travels L + B = 140 along the axis, as a stripe's layer does.
        #expect(c.css.contains("to{translate:140px 0}"))
    }

    @Test func intensityHoldsTheMiddleOfTheRadius() throws {
        let c = try Self.emit("skeleton width=100 height=20\n  animation shimmer band-shape=radial intensity=0.3\n  rect 100x20\n")
        #expect(c.css.contains("mask-image:radial-gradient(closest-side,#000 30%,#0000);"))
        #expect(!c.css.contains("--sk-i0"))
    }

    @Test func perShapeDiscsAreSquaresOfTheirOwnBand() throws {
        let c = try Self.emit("skeleton width=200 height=10\n  animation shimmer band=0.4 band-shape=radial scope=shape\n  row\n    rect 60x10\n    rect 140x10\n")
        let s = c.scope
        // B = 0.4 · 60 = 24: the square's corner at p = −24, q = (0 + 10 − 24) / 2 = −7.
        #expect(c.css.contains(".\(s) .sk-i0::after{width:24px;height:24px;translate:-24px -7px}"))
        #expect(c.css.contains(".\(s) .sk-i1::after{width:56px;height:56px;translate:-56px -23px}"))
        // Unturned squares move by their own sides: (L + B) / B = 1.4 / 0.4 of them.
        #expect(c.css.contains("to{transform:translate(350%,0%)}"))
    }

    @Test func theSwiftUIStyleSaysRadial() throws {
        let spec = try #require(SpecParser.parse("skeleton width=100\n  animation shimmer band-shape=radial\n  rect height=10\n").spec)
        let view = SwiftUIExport.viewsFile([ExportedSpec(spec: spec, origin: "a")])
        #expect(view.contains("delay: 0, easing: .linear,\n                                     radial: true),"))
        let plain = try #require(SpecParser.parse("skeleton width=100\n  animation shimmer\n  rect height=10\n").spec)
        #expect(!SwiftUIExport.viewsFile([ExportedSpec(spec: plain, origin: "a")]).contains("radial"))
    }
}
