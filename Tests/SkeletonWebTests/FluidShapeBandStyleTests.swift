import SkeletonCore
import Testing
@testable import SkeletonWeb

/// `scope=shape` on a fluid component (FluidStyle.swift): each shape is positioned and
/// its band layer is the shape's own box, so the gradient's line is the shape's own
/// sweep at every width; the rules and keyframes are those of the component's band,
/// with clear stops at −100% and 200% around the band (for Firefox).
@Suite struct FluidShapeBandStyleTests {
    @Test func theWholeStylesheetOfASmallSpec() throws {
        let spec = try #require(SpecParser.parse("""
            skeleton width=fill
              animation shimmer scope=shape duration=2s band=0.5
              rect height=10 radius=4
            """).spec)
        let component = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec))
        let scope = component.scope
        let s = "." + scope
        #expect(component.css == """
            \(s){position:relative;display:flex;flex-direction:column;width:100%;overflow:hidden;background:var(--sk-bg)}
            \(s){box-sizing:border-box;margin:0;border:0;padding:0;min-width:0;max-width:none;height:auto;min-height:0;max-height:none;float:none;vertical-align:baseline;direction:ltr;writing-mode:horizontal-tb;font-size:16px;line-height:normal}
            \(s)[aria-busy="false"]{visibility:hidden}
            \(s) .sk-label{position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
            \(s) .sk-c,\(s) .sk-c *{box-sizing:border-box;display:flex;flex-shrink:0;flex-basis:auto;min-width:0;min-height:0;margin:0;border:0;padding:0;flex-grow:0;flex-wrap:nowrap;justify-content:normal;align-items:normal;align-self:auto;align-content:normal;order:0;gap:0;width:auto;height:auto;max-width:none;max-height:none;position:static;vertical-align:baseline;direction:ltr;writing-mode:horizontal-tb;font-size:16px;line-height:normal;background:none}
            \(s) .sk-c{flex-direction:column;width:100%}
            \(s) .sk-n0{height:10px}
            \(s) .sk-s{position:relative;-webkit-mask-image:linear-gradient(#000 0 0);mask-image:linear-gradient(#000 0 0);background:var(--sk-b)}
            @property --sk-p{syntax:"<percentage>";inherits:false;initial-value:0%}
            \(s) .sk-s::after{content:"";position:absolute;left:0;top:0;width:100%;height:100%;--sk-a:90deg;--sk-w:25%;background:linear-gradient(var(--sk-a),var(--sk-h0) -100%,var(--sk-h0) calc(var(--sk-p) - var(--sk-w)),var(--sk-h) var(--sk-p),var(--sk-h0) calc(var(--sk-p) + var(--sk-w)),var(--sk-h0) 200%);animation:\(scope)-sweep 2s linear infinite;box-sizing:border-box;margin:0;border:0;padding:0}
            \(s) .sk-i0{border-radius:4px}
            \(s){--sk-b:#dedee3;--sk-h:#ffffff73;--sk-h0:#ffffff00;--sk-bg:#ffffff}
            @media (prefers-color-scheme: dark){
            \(s){--sk-b:#3a3a3c;--sk-h:#ffffff1a;--sk-h0:#ffffff00;--sk-bg:#1c1c1e}
            }
            [data-theme="light"] \(s){--sk-b:#dedee3;--sk-h:#ffffff73;--sk-h0:#ffffff00;--sk-bg:#ffffff}
            [data-theme="dark"] \(s){--sk-b:#3a3a3c;--sk-h:#ffffff1a;--sk-h0:#ffffff00;--sk-bg:#1c1c1e}
            @keyframes \(scope)-sweep{from{--sk-p:-25%}to{--sk-p:125%}}
            @media (prefers-reduced-motion: reduce){
            \(s) .sk-s::after{animation:none;display:none}
            }
            [data-motion="reduce"] \(s) .sk-s::after{animation:none;display:none}
            """ + "\n")
    }

    /// A still `gradient` per shape: the same positioned shape and layer, its three
    /// stops at 0, 50% and 100% of the shape's own sweep, so no outer stops.
    @Test func aGradientPerShapeSpansEachShape() throws {
        let spec = try #require(SpecParser.parse("skeleton width=fill\n  animation gradient scope=shape\n  rect height=10\n").spec)
        let component = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec))
        let s = "." + component.scope
        #expect(component.css.contains(s + " .sk-s{position:relative;-webkit-mask-image:linear-gradient(#000 0 0);"
                                       + "mask-image:linear-gradient(#000 0 0);background:var(--sk-b)}\n"))
        #expect(component.css.contains(s + " .sk-s::after{content:\"\";position:absolute;left:0;top:0;width:100%;height:100%;"
                                       + "--sk-a:90deg;background:linear-gradient(var(--sk-a),var(--sk-h0),var(--sk-h),var(--sk-h0));"
                                       + "box-sizing:border-box;margin:0;border:0;padding:0}\n"))
        #expect(!component.css.contains("@keyframes"))
    }

    /// Only the shape's rule changes: the component's one band keeps its unpositioned
    /// shapes (its gradient has the same outer stops), and a per-shape band on a fixed
    /// component keeps its layers in points.
    @Test func theComponentBandHasTheOuterStopsAndFixedSpecsAreUnchanged() throws {
        func css(_ text: String) throws -> String {
            let spec = try #require(SpecParser.parse(text).spec)
            return ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec)).css
        }
        let shared = try css("skeleton width=fill\n  animation shimmer\n  rect height=10\n")
        #expect(shared.contains(" .sk-s{-webkit-mask-image:linear-gradient(#000 0 0);"))
        // The component's one band has the same outer stops (Firefox, FluidStyle).
        #expect(shared.contains("linear-gradient(var(--sk-a),var(--sk-h0) -100%,var(--sk-h0) calc(var(--sk-p) - var(--sk-w)),"))
        #expect(shared.contains(",var(--sk-h0) 200%)"))
        let fixed = try css("skeleton width=200\n  animation shimmer scope=shape\n  rect height=10\n")
        #expect(fixed.contains(" .sk-s{position:relative;overflow:hidden;background:var(--sk-b)}"))
        #expect(fixed.contains(" .sk-i0::after{width:"))
        #expect(!fixed.contains("--sk-p"))
    }
}
