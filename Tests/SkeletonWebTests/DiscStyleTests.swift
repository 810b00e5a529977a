import SkeletonCore
import Testing
@testable import SkeletonWeb

/// How the CSS draws discs (DiscStyle.swift, site/reference/rendering.md "Circles"):
/// a one-device-pixel radial ramp, as the painter covers them, not `border-radius`.
@Suite struct DiscStyleTests {
    static let ramp = "radial-gradient(closest-side,#000 calc(100% - var(--sk-aa)),#0000 calc(100% + var(--sk-aa)))"

    @Test func aDiscShapeIsMaskedByTheRampAndARoundedRectKeepsItsRadius() throws {
        let spec = try #require(SpecParser.parse("""
            skeleton width=120
              animation shimmer
              row gap=4
                circle 24
                rect width=30 height=30 radius=15
                rect width=30 height=30 radius=8
                capsule 40x10
            """).spec)
        let component = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec))
        let s = "." + component.scope
        let mask = "{-webkit-mask-image:" + Self.ramp + ";mask-image:" + Self.ramp + ";outline:1px solid transparent}\n"
        #expect(component.css.contains(s + " .sk-i0" + mask))
        #expect(component.css.contains(s + " .sk-i1" + mask))
        #expect(component.css.contains(s + " .sk-i2{border-radius:8px}\n"))
        #expect(component.css.contains(s + " .sk-i3{border-radius:5px}\n"))
        // The ramp is half a device pixel each side of the radius at every whole scale.
        #expect(component.css.contains(";--sk-aa:0.5px}\n@media (min-resolution:2dppx){" + s + "{--sk-aa:0.25px}}\n"
                                       + "@media (min-resolution:3dppx){" + s + "{--sk-aa:0.166667px}}\n"
                                       + "@media (min-resolution:4dppx){" + s + "{--sk-aa:0.125px}}\n"))
    }

    @Test func aDiscSurfaceIsPaintedWithTheRampSoItsChildrenAreNotCut() throws {
        let spec = try #require(SpecParser.parse("""
            skeleton width=80
              row width=70 height=70 radius=35 fill=#D1D1D6 dark-fill=#48484A align=center justify=center
                circle 60
            """).spec)
        let component = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec))
        let s = "." + component.scope
        let light = "radial-gradient(closest-side,#d1d1d6 calc(100% - var(--sk-aa)),#0000 calc(100% + var(--sk-aa)))"
        let dark = "radial-gradient(closest-side,#48484a calc(100% - var(--sk-aa)),#0000 calc(100% + var(--sk-aa)))"
        #expect(component.css.contains(s + " .sk-i0{background:" + light + "}\n"))
        #expect(component.css.contains("[data-theme=\"dark\"] " + s + " .sk-i0{background:" + dark + "}\n"))
        #expect(!component.css.contains(s + " .sk-i0{border-radius"))
        #expect(!component.css.contains(s + " .sk-i0{-webkit-mask-image"))
    }

    @Test func noDiscNoRamp() throws {
        let spec = try #require(SpecParser.parse("skeleton width=100\n  rect height=10 radius=4\n").spec)
        let css = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec)).css
        #expect(!css.contains("--sk-aa") && !css.contains("mask-image"))
    }

    @Test func inAFluidComponentOnlyCirclesAreDiscs() throws {
        let spec = try #require(SpecParser.parse("""
            skeleton width=fill
              animation shimmer
              row gap=4
                circle 24
                rect width=24 height=24 radius=12
            """).spec)
        let component = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec))
        let s = "." + component.scope
        #expect(component.css.contains(s + " .sk-i0{-webkit-mask-image:" + Self.ramp))
        #expect(component.css.contains(s + " .sk-i1{border-radius:12px}\n"))
    }
}
