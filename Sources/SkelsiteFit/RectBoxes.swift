import SkeletonCore

// The boxes `fit` measures are SkeletonCore's `Rect`s in CSS pixels, as
// `getBoundingClientRect` gives them; what the measure asks of them beyond the layout's.
extension Rect {
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The part of the box inside `other` (empty when they do not meet).
    public func clipped(to other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// The smallest box holding both.
    public func union(_ other: Rect) -> Rect {
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
