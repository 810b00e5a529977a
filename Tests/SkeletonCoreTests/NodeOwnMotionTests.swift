import Testing
@testable import SkeletonCore

/// A node's own kind or timing (site/reference/animation.md, "Motion per node"):
/// `animation=pulse` or `animation="shimmer duration=1s"` on a node moves its subtree on
/// its own, while the other nodes keep the component's animation.
@Suite struct NodeOwnMotionTests {
    @Test func aQuotedValueIsReadAsAnAnimationLine() throws {
        let spec = try cleanSpec("""
            skeleton width=100
              animation shimmer
              row animation="pulse duration=2s to=0.4"
                rect height=10
                rect height=10 animation=none
              column animation=none
                rect height=10 animation=shimmer
              rect height=10
            """)
        let pulse = try #require(spec.children[0].motion)
        #expect(pulse.kind == .pulse)
        #expect(pulse.duration == 2)
        #expect(pulse.pulseFrom == 1)
        #expect(pulse.pulseTo == 0.4)
        #expect(pulse.easing == .easeInOut)
        #expect(pulse.scope == .component)
        // The subtree inherits; the innermost animation= wins.
        #expect(spec.children[0].children[0].motion == pulse)
        #expect(spec.children[0].children[1].still)
        #expect(spec.children[0].children[1].motion == nil)
        let shimmer = try #require(spec.children[1].children[0].motion)
        #expect(shimmer.kind == .shimmer && shimmer.scope == .shape && shimmer.duration == 1.5 && shimmer.band == 0.4)
        #expect(!spec.children[1].children[0].still)
        #expect(spec.children[2].motion == nil && !spec.children[2].still)
        let items = LayoutEngine.layout(spec).items
        #expect(items.map { $0.motion?.kind } == [.pulse, nil, .shimmer, nil])
        #expect(items.map(\.still) == [false, true, false, false])
    }

    @Test func badValuesAreLocated() {
        #expect(located("""
            skeleton width=100
              animation shimmer
              rect height=10 animation=puls
              rect height=10 animation="duration=2s"
              rect height=10 animation="pulse delay=1s"
              rect height=10 animation="shimmer scope=component"
              rect height=10 animation=gradient
              rect height=10 animation="pulse duration=0s"
              rect height=10 animation="pulse to=1"
              spacer animation=pulse
              rect height=10 animation="shimmer band-shape=radial"
            """) == [
            "3:28: invalid animation 'puls'; did you mean 'pulse'?",
            "4:29: a node's animation starts with its kind: none, pulse or shimmer, like animation=pulse or animation=\"pulse duration=2s\"",
            "5:35: delay is a setting of the whole component; put it on the animation line, not in a node's animation",
            "6:37: a node's own band is always one per shape; remove scope=component",
            "7:28: a node's animation is none, pulse or shimmer; gradient shades the whole component, on its animation line",
            "8:44: duration must be greater than 0s",
            "9:38: the pulse would not change: from and to are both 1; give them different opacities",
            "10:10: unknown attribute 'animation' on spacer; spacer takes width, height or grow",
            "11:37: band-shape is a setting of the whole component; put it on the animation line, not in a node's animation",
        ])
    }

    @Test func aNodeMovesOnlyWhereTheComponentDoesAndIsFixedAndLeftToRight() {
        #expect(located("""
            skeleton width=100
              animation none
              rect height=10 animation=none
              rect height=10 animation="pulse duration=2s"
            """) == [
            "4:29: a node's own animation moves only in a component that moves; give the component that animation "
                + "on its animation line and set animation=none on the nodes that stay still",
        ])
        #expect(located("""
            skeleton width=fill
              rect height=10 animation=pulse
            """) == [
            "2:28: a node's own animation is not supported in a fluid component yet; give the skeleton a width in points",
        ])
        // Right to left is drawn (mirrored with the component): no error.
        #expect(located("""
            skeleton width=100 dir=auto
              rect height=10 animation=pulse
            """) == [])
    }

    /// Right to left, a node's own band is mirrored with the component's: its angle too
    /// (a → 360 − a), and mirroring again gives the written angles back.
    @Test func aNodesOwnAngleIsMirroredRightToLeft() throws {
        let spec = try cleanSpec("""
            skeleton width=200 dir=auto
              animation shimmer angle=100
              row
                rect height=10 grow=1 animation="shimmer angle=70"
                rect height=10 grow=1

            """)
        let mirrored = spec.rightToLeft()
        #expect(mirrored.animation.angle == 260)
        #expect(mirrored.children[0].children[0].motion?.angle == 290)
        #expect(mirrored.children[0].children[1].motion == nil)
        let back = mirrored.children.map { $0.mirroringMotion() }
        #expect(back[0].children[0].motion?.angle == 70)
        let pinned = try cleanSpec("skeleton width=200 dir=rtl\n  rect height=10 animation=\"shimmer angle=70\"\n")
        #expect(pinned.children[0].motion?.angle == 290)
    }

    /// A pulse node's opacity at the middle of its pulse, beside shapes that keep the
    /// component's shimmer (band over the left half at t = 0.5 s of a 2 s sweep).
    @Test func aPulseNodeDimsWhileTheRestShimmers() throws {
        let spec = try cleanSpec("""
            skeleton width=40
              appearance base=#000000 highlight=#ffffff background=#ffffff
              animation shimmer duration=2s band=0.5
              rect height=10
              rect height=10 animation="pulse duration=2s to=0.4"
            """)
        let layout = LayoutEngine.layout(spec)
        let start = Painter.paint(spec, layout: layout, time: 0, scale: 1, theme: .light)
        #expect(PaintFixture.pixel(start, 10, 5) == RGBA(0, 0, 0, 255))
        #expect(PaintFixture.pixel(start, 10, 15) == RGBA(0, 0, 0, 255))
        let middle = Painter.paint(spec, layout: layout, time: 1, scale: 1, theme: .light)
        // Opacity 0.4 of black over white: 255 × 0.6 = 153, the same across the shape.
        #expect(PaintFixture.pixel(middle, 5, 15) == RGBA(153, 153, 153, 255))
        #expect(PaintFixture.pixel(middle, 35, 15) == RGBA(153, 153, 153, 255))
        // The shimmering rect: the band's centre (strength 1) at x = 20, so the pixel
        // whose centre is 20.5 gets 0.95 of the highlight: 255 × 0.95 ≈ 242.
        #expect(PaintFixture.pixel(middle, 20, 5) == RGBA(242, 242, 242, 255))
        #expect(PaintFixture.pixel(middle, 2, 5) == RGBA(0, 0, 0, 255))
    }

    /// A shimmer node under a pulsing component: a band of its own over its own box,
    /// at full opacity, while the other shape dims.
    @Test func aShimmerNodeHasItsOwnBandUnderAPulse() throws {
        let spec = try cleanSpec("""
            skeleton width=40
              appearance base=#000000 highlight=#ffffff background=#ffffff
              animation pulse duration=2s to=0.4
              rect height=10
              rect height=10 width=20 animation="shimmer duration=2s band=1"
            """)
        let layout = LayoutEngine.layout(spec)
        let middle = Painter.paint(spec, layout: layout, time: 1, scale: 1, theme: .light)
        #expect(PaintFixture.pixel(middle, 30, 5) == RGBA(153, 153, 153, 255))
        // The 20-point rect's band (as wide as the rect) is centred on it at t = 1.
        // Pixel centres 10.5 and 0.5: 0.95 and 0.05 of the highlight.
        #expect(PaintFixture.pixel(middle, 10, 15) == RGBA(242, 242, 242, 255))
        #expect(PaintFixture.pixel(middle, 0, 15) == RGBA(13, 13, 13, 255))
    }
}
