@testable import SkeletonCore

/// Builders for specs in layout and paint tests, so tests do not depend on the parser.
enum Fixture {
    static let origin = SourcePosition(line: 1, column: 1)

    static func spec(width: Double = 375, height: Double? = nil, animation: Animation = Defaults.animation,
                     appearance: Appearance = Defaults.appearance, _ children: [Node]) -> Spec {
        Spec(title: "Test", width: width, height: height, appearance: appearance, animation: animation,
             children: children, position: origin)
    }

    static func node(_ kind: NodeKind, line: Int = 2, width: Length = .auto, height: Length = .auto,
                     grow: Double = 0, gap: Double = 0, padding: Insets = Insets(), align: Align = .stretch,
                     justify: Justify = .start, radius: Double? = nil, fill: RGBA? = nil,
                     color: RGBA? = nil, darkColor: RGBA? = nil, stagger: Double? = nil,
                     _ children: [Node] = []) -> Node {
        Node(kind: kind, position: SourcePosition(line: line, column: 3), width: width, height: height, grow: grow,
             gap: gap, padding: padding, align: align, justify: justify, radius: radius, fill: fill,
             color: color, darkColor: darkColor, stagger: stagger, children: children)
    }

    static func rect(_ w: Double, _ h: Double, line: Int = 3, radius: Double? = nil) -> Node {
        node(.rect, line: line, width: .points(w), height: .points(h), radius: radius)
    }

    static func circle(_ d: Double, line: Int = 3) -> Node {
        node(.circle, line: line, width: .points(d), height: .points(d))
    }

    static func text(lines: Int = 3, lineHeight: Double = 15, spacing: Double = 10, last: Double = 0.7,
                     line: Int = 3) -> Node {
        node(.text(TextMetrics(lines: lines, lineHeight: lineHeight, spacing: spacing, lastLineFraction: last)),
             line: line)
    }

    static func animation(_ kind: AnimationKind, duration: Double = 1, direction: SlideDirection = .leftToRight,
                          band: Double = 0.4, easing: Easing = .linear, stagger: Double = 0) -> Animation {
        Animation(kind: kind, duration: duration, direction: direction, band: band, angle: direction.cssDegrees,
                  delay: 0, stagger: stagger, easing: easing)
    }

    static func frames(_ layout: SpecLayout) -> [Rect] { layout.items.map(\.frame) }
}

extension Rect {
    init(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        self.init(x: x, y: y, width: w, height: h)
    }
}
