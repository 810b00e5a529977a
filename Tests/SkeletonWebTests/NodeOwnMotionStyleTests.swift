import Foundation
@testable import SkeletonCore
import Testing
@testable import SkeletonWeb

/// The CSS of a node's own motion (site/reference/animation.md, "Motion per node"): its
/// own @keyframes, a pulse on its shapes or a band layer per shape, and reduced motion
/// stopping it with the rest.
@Suite struct NodeOwnMotionStyleTests {
    @Test func aPulseNodeInAShimmeringComponent() throws {
        let (css, s) = try parsedCSS("""
            skeleton width=100
              animation shimmer duration=2s
              rect height=10
              rect height=10 radius=2 animation="pulse duration=2s to=0.4"
            """)
        let name = String(s.dropFirst())
        #expect(Fixture.lines(css, containing: ".sk-i1") == [
            "\(s) .sk-i1{border-radius:2px;animation:\(name)-m0 2s ease-in-out infinite}",
            "\(s) .sk-i1::after{display:none}",
        ])
        #expect(Fixture.lines(css, containing: "-m0{") == ["@keyframes \(name)-m0{0%,100%{opacity:1}50%{opacity:0.4}}"])
        #expect(Fixture.lines(css, containing: ".sk-s{animation:none}") == [
            "\(s) .sk-s{animation:none}",
            "[data-motion=\"reduce\"] \(s) .sk-s{animation:none}",
        ])
    }

    @Test func aShimmerNodeInAPulsingComponent() throws {
        let (css, s) = try parsedCSS("""
            skeleton width=100
              animation pulse duration=2s from=0.9
              rect height=10
              rect height=10 width=50 animation="shimmer band=1 duration=1s interval=1s"
            """)
        let name = String(s.dropFirst())
        #expect(Fixture.lines(css, containing: ".sk-i1") == [
            "\(s) .sk-i1{animation:none;opacity:1}",
            "\(s) .sk-i1::after{content:\"\";position:absolute;left:0;top:0;width:50px;height:12px;translate:-50px -1px;"
                + "transform-origin:0 0;background:linear-gradient(90deg,var(--sk-h0),var(--sk-h),var(--sk-h0));"
                + "box-sizing:border-box;margin:0;border:0;padding:0;animation:\(name)-m0 2s linear infinite}",
        ])
        #expect(Fixture.lines(css, containing: "-m0{") == [
            "@keyframes \(name)-m0{0%{transform:translateX(0%);animation-timing-function:linear}"
                + "50%{transform:translateX(200%);animation-timing-function:linear}100%{transform:translateX(200%)}}",
        ])
        #expect(Fixture.lines(css, containing: ".sk-s::after{animation:none") == [
            "\(s) .sk-s::after{animation:none;display:none}",
            "[data-motion=\"reduce\"] \(s) .sk-s::after{animation:none;display:none}",
        ])
    }

    /// Without a node's own motion nothing is added: the still-node and plain CSS are
    /// as before (the site's compare checks every bundled spec byte for byte).
    @Test func specsWithoutOneHaveNoNodeKeyframes() throws {
        let (css, _) = try parsedCSS("""
            skeleton width=100
              animation pulse
              rect height=10 animation=none
            """)
        #expect(!css.contains("-m0"))
    }

    /// `dir=auto`: the mirrored rules move a node's own band with renamed keyframes
    /// (`-rtl-m0`), as the component's sweep's are, so the two directions never share one.
    @Test func aNodesOwnBandIsMirroredUnderDirAuto() throws {
        let (css, s) = try parsedCSS("""
            skeleton width=200 dir=auto
              animation shimmer duration=2s
              rect height=10
              rect height=10 animation="shimmer duration=2s angle=60"
            """)
        let scope = String(s.dropFirst())
        #expect(css.contains("@keyframes \(scope)-m0{"))
        #expect(css.contains("@keyframes \(scope)-rtl-m0{"))
        #expect(css.contains("[dir=\"rtl\"] \(s) .sk-i1::after{"))
        #expect(css.components(separatedBy: "animation:\(scope)-rtl-m0 2s linear infinite").count == 2)
    }
}
