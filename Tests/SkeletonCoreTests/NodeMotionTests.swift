import Testing
@testable import SkeletonCore

/// `animation=none` on a node (site/reference/animation.md, "A still node"): the node and
/// its subtree are painted in their colour at every time, while the rest keeps the
/// component's animation.
@Suite struct NodeMotionTests {
    static func parse(_ text: String) throws -> Spec { try cleanSpec(text) }

    @Test func aStillNodeMarksItsSubtree() throws {
        let spec = try Self.parse("""
            skeleton width=100
              rect height=10
              column animation=none
                row
                  rect height=10
            """)
        #expect(spec.children[0].still == false)
        #expect(spec.children[1].still)
        #expect(spec.children[1].children[0].still)
        #expect(spec.children[1].children[0].children[0].still)
        let layout = LayoutEngine.layout(spec)
        #expect(layout.items.map(\.still) == [false, true])
    }

    static let band = """
        skeleton width=100
          appearance base=#808080 highlight=#ffffff background=#ffffff
          animation shimmer duration=1s
          rect height=10
          rect height=10 animation=none
          text lines=2 line-height=4 spacing=2 animation=none
        """

    /// The moving rect's pixel under the band changes from frame to frame; the still
    /// rect's pixel below it, and the still text's, are the base colour in every frame.
    @Test func stillPixelsAreTheSameInEveryFrame() throws {
        let spec = try Self.parse(Self.band)
        let layout = LayoutEngine.layout(spec)
        var moving: [RGBA] = []
        for time in [0.0, 0.25, 0.5, 0.75] {
            let image = Painter.paint(spec, layout: layout, time: time, scale: 1, theme: .light)
            moving.append(PaintFixture.pixel(image, 50, 5))
            #expect(PaintFixture.pixel(image, 50, 15) == RGBA(128, 128, 128, 255))
            #expect(PaintFixture.pixel(image, 50, 21) == RGBA(128, 128, 128, 255))
        }
        #expect(moving == [RGBA(128, 128, 128, 255), RGBA(128, 128, 128, 255), RGBA(252, 252, 252, 255),
                           RGBA(128, 128, 128, 255)])
    }

    @Test func stillUnderAPulseKeepsFullColour() throws {
        let spec = try Self.parse("""
            skeleton width=20
              appearance base=#000000 background=#ffffff
              animation pulse duration=2s from=1 to=0.5
              rect height=10
              rect height=10 animation=none
            """)
        let layout = LayoutEngine.layout(spec)
        let image = Painter.paint(spec, layout: layout, time: 1, scale: 1, theme: .light)
        #expect(PaintFixture.pixel(image, 10, 5) == RGBA(127, 127, 127, 255))
        #expect(PaintFixture.pixel(image, 10, 15) == RGBA(0, 0, 0, 255))
    }

    @Test func badValuesAreLocated() {
        #expect(located("""
            skeleton width=100
              rect height=10 animation=nne
              spacer animation=none
            """) == [
            "2:28: invalid animation 'nne'; did you mean 'none'?",
            "3:10: unknown attribute 'animation' on spacer; spacer takes width, height or grow",
        ])
    }
}
