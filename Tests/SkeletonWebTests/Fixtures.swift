import SkeletonCore
@testable import SkeletonWeb

/// Hand-built specs and layouts, so emitter tests do not depend on the parser or the
/// layout engine (they pin the emitter's own behaviour).
enum Fixture {
    static let at = SourcePosition(line: 1, column: 1)

    static func animation(_ kind: AnimationKind, duration: Double = 1.5, angle: Double = 90, band: Double = 0.4,
                          delay: Double = 0, stagger: Double = 0, easing: Easing = .linear) -> Animation {
        Animation(kind: kind, duration: duration, direction: .leftToRight, band: band, angle: angle,
                  delay: delay, stagger: stagger, easing: easing)
    }

    static func spec(title: String? = "Row", width: Double = 100, height: Double? = nil,
                     animation: Animation = Fixture.animation(.shimmer), children: [Node]) -> Spec {
        Spec(title: title, width: width, height: height, appearance: Defaults.appearance, animation: animation,
             children: children, position: at)
    }

    static func rect(_ w: Double, _ h: Double, radius: Double? = nil) -> Node {
        Node(kind: .rect, position: at, width: .points(w), height: .points(h), radius: radius)
    }

    /// A shape item of spec node number `node` (see `Node.numberedCount`).
    static func shape(_ x: Double, _ y: Double, _ w: Double, _ h: Double, node: Int, radius: Double = 0,
                      kind: ShapeKind = .rect, offset: Double = 0, light: RGBA? = nil, dark: RGBA? = nil) -> LayoutItem {
        LayoutItem(role: .shape(kind), frame: Rect(x: x, y: y, width: w, height: h), radius: radius,
                   lightColor: light, darkColor: dark, timeOffset: offset, source: at, node: node)
    }

    /// A 100 × 20 component with one 40 × 10 rect at (10, 5) inside a padded row.
    static func oneRect(animation: Animation = Fixture.animation(.shimmer), title: String? = "Row") -> (Spec, SpecLayout) {
        let row = Node(kind: .row, position: at, padding: Insets(top: 5, right: 10, bottom: 5, left: 10),
                       children: [rect(40, 10)])
        let spec = spec(title: title, animation: animation, children: [row])
        return (spec, SpecLayout(width: 100, height: 20, items: [shape(10, 5, 40, 10, node: 1)]))
    }

    /// `repeat 3` of one 20 × 10 rect, gap 5, with `stagger` per copy.
    static func repeated(animation: Animation, stagger: Double) -> (Spec, SpecLayout) {
        let node = Node(kind: .repeat(count: 3), position: at, gap: 5, stagger: stagger, children: [rect(20, 10)])
        let spec = spec(width: 50, animation: animation, children: [node])
        let items = (0..<3).map { shape(0, Double($0) * 15, 20, 10, node: 1, offset: Double($0) * stagger) }
        return (spec, SpecLayout(width: 50, height: 40, items: items))
    }

    /// The component of `repeated(animation:stagger:)`, emitted.
    static func repeatedComponent(animation: Animation, stagger: Double) -> WebComponent {
        let (spec, layout) = repeated(animation: animation, stagger: stagger)
        return ComponentEmitter.emit(spec, layout: layout)
    }

    /// Lines of `text` that contain `needle`.
    static func lines(_ text: String, containing needle: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.contains(needle) }
    }

    static func count(_ needle: String, in text: String) -> Int {
        var count = 0
        var rest = Substring(text)
        while let range = rest.firstRange(of: needle) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}
