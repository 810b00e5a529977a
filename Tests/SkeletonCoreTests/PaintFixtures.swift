@testable import SkeletonCore

/// Helpers for painter tests: pixel access and hand-made layouts (the painter does
/// not read an item's node number, so they all say 0).
enum PaintFixture {
    static let white = RGBA(255, 255, 255)
    static let black = RGBA(0, 0, 0)

    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> RGBA {
        let i = (y * image.width + x) * 4
        return RGBA(image.pixels[i], image.pixels[i + 1], image.pixels[i + 2], image.pixels[i + 3])
    }

    static func item(_ frame: Rect, radius: Double = 0, kind: ShapeKind = .rect, color: RGBA? = nil,
                     darkColor: RGBA? = nil, timeOffset: Double = 0) -> LayoutItem {
        LayoutItem(role: .shape(kind), frame: frame, radius: radius, lightColor: color, darkColor: darkColor,
                   timeOffset: timeOffset, source: SourcePosition(line: 2, column: 3), node: 0)
    }

    static func surface(_ frame: Rect, fill: RGBA, darkFill: RGBA? = nil) -> LayoutItem {
        LayoutItem(role: .surface, frame: frame, radius: 0, lightColor: fill, darkColor: darkFill,
                   timeOffset: 0, source: SourcePosition(line: 2, column: 3), node: 0)
    }

    /// Paints `items` on a w × h component with the given animation.
    static func paint(_ items: [LayoutItem], width: Double, height: Double, animation: Animation = Fixture.animation(.none),
                      appearance: Appearance = Defaults.appearance, time: Double = 0, scale: Int = 1,
                      theme: Theme = .light) -> RGBAImage {
        let spec = Fixture.spec(width: width, height: height, animation: animation, appearance: appearance, [])
        return Painter.paint(spec, layout: SpecLayout(width: width, height: height, items: items), time: time,
                             scale: scale, theme: theme)
    }

    /// Appearance with a black base and an opaque white highlight on white, so that
    /// highlight strength reads directly off a channel.
    static let contrast = Appearance(base: RGBA(0, 0, 0), highlight: RGBA(255, 255, 255), background: RGBA(255, 255, 255),
                                     darkBase: RGBA(0, 0, 0), darkHighlight: RGBA(255, 255, 255),
                                     darkBackground: RGBA(0, 0, 0))

    /// Round-half-up of (s·a + d·(255 − a)) / 255: the opaque source-over rule.
    static func blend(_ s: UInt8, _ d: UInt8, alpha a: Int) -> UInt8 {
        UInt8((Int(s) * a + Int(d) * (255 - a) + 127) / 255)
    }
}
