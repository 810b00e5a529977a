// Output of layout: what the painter paints and the emitter positions.

public struct Rect: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var right: Double { x + width }
    public var bottom: Double { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The part of the box inside `other` (empty when they do not meet).
    public func clipped(to other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        return Rect(x: left, y: top, width: max(0, min(right, other.right) - left), height: max(0, min(bottom, other.bottom) - top))
    }

    /// The smallest box holding both.
    public func union(_ other: Rect) -> Rect {
        let left = min(x, other.x), top = min(y, other.y)
        return Rect(x: left, y: top, width: max(right, other.right) - left, height: max(bottom, other.bottom) - top)
    }
}

public enum ShapeKind: Equatable, Hashable, Sendable {
    case rect, circle, capsule, textLine
}

/// One painted item, in paint order (tree order: a container's surface before its
/// children). Frames are in points relative to the component's top-left corner.
public struct LayoutItem: Equatable, Hashable, Sendable {
    public enum Role: Equatable, Hashable, Sendable {
        /// A static container fill (`fill=`): never animated.
        case surface
        /// A skeleton shape: base colour, animated.
        case shape(ShapeKind)
    }
    public var role: Role
    public var frame: Rect
    /// Corner radius in points, already clamped to half the shorter side.
    public var radius: Double
    /// Explicit colours (fill for surfaces, `color=` for shapes); nil = theme base.
    public var lightColor: RGBA?
    public var darkColor: RGBA?
    /// Animation time offset (seconds) from `repeat ... stagger=`; the shape animates as
    /// if at time t - timeOffset.
    public var timeOffset: Double
    /// The node that produced this item.
    public var source: SourcePosition
    /// The same node's number in the spec's pre-order numbering (`Node.numberedCount`):
    /// every copy of a `repeat` and every bar of a `text` share their node's number.
    /// The HTML emitter finds an element's items by it (the element's `sk-nK` class).
    public var node: Int
    /// The node (or an ancestor) is `animation=none`: painted in its colour at every time.
    public var still = false
    /// The node's own animation (`Node.motion`); nil: the component's.
    public var motion: Animation?

    public init(role: Role, frame: Rect, radius: Double, lightColor: RGBA?, darkColor: RGBA?,
                timeOffset: Double, source: SourcePosition, node: Int) {
        self.role = role
        self.frame = frame
        self.radius = radius
        self.lightColor = lightColor
        self.darkColor = darkColor
        self.timeOffset = timeOffset
        self.source = source
        self.node = node
    }
}

/// A laid-out spec: its size in points and its items in paint order.
public struct SpecLayout: Equatable, Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var items: [LayoutItem]
    public init(width: Double, height: Double, items: [LayoutItem]) {
        self.width = width
        self.height = height
        self.items = items
    }
}
