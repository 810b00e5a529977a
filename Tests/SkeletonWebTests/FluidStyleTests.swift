import SkeletonCore
import Testing
@testable import SkeletonWeb

/// A fluid component's CSS: it fits its container, and its band is drawn in percent of
/// the component box, so it stays one band at every width (FluidStyle.swift).
@Suite struct FluidStyleTests {
    @Test func theBoxFitsItsContainerAndTheBandIsAGradientAtTheSweepAngle() throws {
        let spec = try #require(SpecParser.parse("""
            skeleton "Fluid" width=fill min-width=200 max-width=600
              animation shimmer duration=2s band=0.3 stagger=100ms
              repeat 2 gap=8
                rect height=10 radius=4
            """).spec)
        let component = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec))
        let s = "." + component.scope
        #expect(component.css.hasPrefix(s + "{position:relative;display:flex;flex-direction:column;width:100%;"
                                        + "min-width:200px;max-width:600px;overflow:hidden;background:var(--sk-bg)}\n"))
        #expect(component.css.contains(s + " .sk-c{flex-direction:column;width:100%}\n"))
        #expect(component.css.contains(s + " .sk-s{-webkit-mask-image:linear-gradient(#000 0 0);"
                                       + "mask-image:linear-gradient(#000 0 0);background:var(--sk-b)}\n"))
        #expect(component.css.contains("@property --sk-p{syntax:\"<percentage>\";inherits:false;initial-value:0%}\n"))
        #expect(component.css.contains(s + " .sk-s::after{content:\"\";position:absolute;left:0;top:0;width:100%;height:100%;"
            + "--sk-a:90deg;--sk-w:15%;background:linear-gradient(var(--sk-a),var(--sk-h0) -100%,var(--sk-h0) calc(var(--sk-p) - var(--sk-w)),"
            + "var(--sk-h) var(--sk-p),var(--sk-h0) calc(var(--sk-p) + var(--sk-w)),var(--sk-h0) 200%);animation:" + component.scope
            + "-sweep 2s linear infinite;box-sizing:border-box;margin:0;border:0;padding:0}\n"))
        // The mask follows the rounded box; no clip-path, which Chromium does not snap.
        #expect(component.css.contains(s + " .sk-i0{border-radius:4px}\n"))
        #expect(!component.css.contains("clip-path:inset(0"))
        // The second copy is 100 ms behind: its phase is 1.9 s into the cycle.
        #expect(component.css.contains(s + " .sk-i1::after{animation-delay:-1.9s}\n"))
        #expect(component.css.contains("@keyframes " + component.scope + "-sweep{from{--sk-p:-15%}to{--sk-p:115%}}\n"))
        #expect(!component.css.contains("matrix("))
    }

    @Test func aFluidPulseHasNoLayerToMask() throws {
        let spec = try #require(SpecParser.parse("""
            skeleton width=fill
              animation pulse duration=2s
              rect height=10 radius=4
            """).spec)
        let component = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec))
        let s = "." + component.scope
        #expect(component.css.contains(s + " .sk-s{background:var(--sk-b);animation:" + component.scope + "-pulse 2s "))
        #expect(!component.css.contains("mask-image"))
    }

    @Test func aFixedComponentKeepsItsCSS() throws {
        let spec = try #require(SpecParser.parse("skeleton width=200\n  rect height=10\n").spec)
        let css = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec)).css
        #expect(css.contains("width:200px"))
        #expect(css.contains("matrix("))
        #expect(!css.contains("--sk-p"))
    }
}

/// `aspect=` is CSS `aspect-ratio`, so the browser keeps the ratio as the width changes.
@Suite struct AspectStyleTests {
    @Test func aRectWithARatioHasNoHeightButAnAspectRatio() throws {
        let spec = try #require(SpecParser.parse("skeleton width=fill\n  rect aspect=16:9 radius=8\n").spec)
        let component = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec))
        #expect(component.css.contains("aspect-ratio:16/9}"))
        #expect(!component.css.contains("height:211"))
    }

    /// The fraction the spec wrote, not a rounded decimal: with `1.777778` a 296-wide
    /// image was 166.4999 tall in WebKit against the painter's 166.5, and its edge
    /// snapped a pixel short (a failing verify at 320 points).
    @Test func theRatioIsWrittenAsItsFraction() throws {
        func css(_ aspect: String) throws -> String {
            let spec = try #require(SpecParser.parse("skeleton width=fill\n  rect aspect=" + aspect + "\n").spec)
            let text = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec)).css
            let start = try #require(text.range(of: "aspect-ratio:"))
            return String(text[start.upperBound...].prefix { $0 != ";" && $0 != "}" })
        }
        #expect(try css("16:9") == "16/9")
        #expect(try css("4:3") == "4/3")
        #expect(try css("2:1") == "2")
        #expect(try css("1.5:1") == "3/2")
        #expect(try css("999:1000") == "999/1000")
        #expect(try css("1:1234") == "0.00081")
    }
}
