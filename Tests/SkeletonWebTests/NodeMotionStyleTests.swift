import Foundation
@testable import SkeletonCore
import Testing
@testable import SkeletonWeb

/// The CSS of `animation=none` on a node (site/reference/animation.md, "A still node"):
/// its shapes lose their band layer (shimmer, gradient) or their pulse, and nothing else
/// changes.
@Suite struct NodeMotionStyleTests {
    @Test func aStillShapeUnderAShimmerHasNoLayer() throws {
        let (css, s) = try parsedCSS("""
            skeleton width=100
              animation shimmer duration=1s
              rect height=10
              rect height=10 radius=2 animation=none
            """)
        #expect(Fixture.lines(css, containing: ".sk-i1") == [
            "\(s) .sk-i1{border-radius:2px}",
            "\(s) .sk-i1::after{display:none}",
        ])
        #expect(Fixture.lines(css, containing: ".sk-i0::after") == [
            "\(s) .sk-i0::after{height:12px;transform:matrix(1,0,0,1,-40,-1)}",
        ])
    }

    @Test func aStillSubtreeUnderAPulseStopsAtFullOpacity() throws {
        let (css, s) = try parsedCSS("""
            skeleton width=100
              animation pulse duration=2s from=0.9 to=0.4
              rect height=10
              column animation=none
                text lines=2
            """)
        #expect(Fixture.lines(css, containing: ".sk-i1") == ["\(s) .sk-i1{animation:none;opacity:1}"])
        #expect(Fixture.lines(css, containing: ".sk-i2") == ["\(s) .sk-i2{animation:none;opacity:1}"])
        #expect(Fixture.lines(css, containing: ".sk-i0") == [])
    }

    /// `animation=none` under `animation none` changes nothing but the scope.
    @Test func underAStillComponentNothingIsAdded() throws {
        let (still, s) = try parsedCSS("""
            skeleton width=100
              animation none
              rect height=10 animation=none
            """)
        let (plain, t) = try parsedCSS("""
            skeleton width=100
              animation none
              rect height=10
            """)
        #expect(s != t)
        #expect(still.replacingOccurrences(of: s, with: t) == plain)
    }
}
