import SkeletonCore

/// The measure of `skelsite fit` (site/guides/fit-the-content.md): pure functions of
/// the boxes the browser reports.
public enum FitMeasure {
    /// The viewport a swap is scored on: the width under test (the component's
    /// container) × 800 CSS pixels, the component at its top left and the rest of the
    /// page below it (a block 800 pixels tall) filling it.
    public static let viewportHeight = 800.0

    /// The content's root minus the skeleton's root: positive when the content is larger.
    public static func rootDelta(skeleton: Rect, content: Rect) -> (width: Double, height: Double) {
        (content.width - skeleton.width, content.height - skeleton.height)
    }

    /// One element present before and after the swap: its box in each frame.
    public struct Move: Equatable, Sendable {
        public var before: Rect
        public var after: Rect
        public init(before: Rect, after: Rect) {
            self.before = before
            self.after = after
        }

        /// The greater of the horizontal and vertical move of its starting point (its
        /// top left: the spec's flow-relative start in a left-to-right horizontal page).
        public var distance: Double { max(abs(after.x - before.x), abs(after.y - before.y)) }
    }

    /// The layout-shift score of one frame, as the Layout Instability API defines it:
    /// the unstable elements are those whose starting point moved and that show in the
    /// viewport in either frame; the impact fraction is the area of the union of their
    /// visible boxes before and after over the viewport's area; the distance fraction
    /// is the greatest move distance over the viewport's larger dimension, at most 1.
    public static func score(_ moves: [Move], viewport: Rect) -> (score: Double, impact: Double, distance: Double) {
        var region: [Rect] = []
        var greatest = 0.0
        for move in moves where move.distance > 0 {
            let before = move.before.clipped(to: viewport), after = move.after.clipped(to: viewport)
            if before.isEmpty && after.isEmpty { continue }
            if !before.isEmpty { region.append(before) }
            if !after.isEmpty { region.append(after) }
            greatest = max(greatest, move.distance)
        }
        let viewportArea = viewport.width * viewport.height
        guard viewportArea > 0, !region.isEmpty else { return (0, 0, 0) }
        let impact = min(1, unionArea(region) / viewportArea)
        let distance = min(1, greatest / max(viewport.width, viewport.height))
        return (impact * distance, impact, distance)
    }

    /// The area covered by any of `boxes` (overlaps counted once): the boxes' edges cut
    /// the plane into a grid, and each covered cell counts once.
    public static func unionArea(_ boxes: [Rect]) -> Double {
        let shown = boxes.filter { !$0.isEmpty }
        let xs = Array(Set(shown.flatMap { [$0.x, $0.x + $0.width] })).sorted()
        let ys = Array(Set(shown.flatMap { [$0.y, $0.y + $0.height] })).sorted()
        guard xs.count > 1, ys.count > 1 else { return 0 }
        var area = 0.0
        for i in 0..<(xs.count - 1) {
            let midX = (xs[i] + xs[i + 1]) / 2
            for j in 0..<(ys.count - 1) {
                let midY = (ys[j] + ys[j + 1]) / 2
                if shown.contains(where: { midX > $0.x && midX < $0.x + $0.width && midY > $0.y && midY < $0.y + $0.height }) {
                    area += (xs[i + 1] - xs[i]) * (ys[j + 1] - ys[j])
                }
            }
        }
        return area
    }

    /// How far a part's box may be from its shape's, on each edge and in each size, and
    /// still fit it: half a CSS pixel, so a text box whose height the engine rounds to
    /// its own sub-pixel unit (Firefox's 1/60 px, WebKit's 1/64 px) is not flagged.
    public static let partTolerance = 0.5

    /// A part of the content (`data-skeleton="name"`) against the skeleton's shape it
    /// is matched with, both relative to their roots' top left.
    public struct Part: Equatable, Sendable {
        public var name: String
        public var shape: Rect
        public var content: Rect
        /// The spec node that draws the shape (its pre-order number, the `sk-nK` class
        /// of the component's HTML); -1 when the page did not say.
        public var node: Int = -1
        public var dx: Double { content.x - shape.x }
        public var dy: Double { content.y - shape.y }
        public var dwidth: Double { content.width - shape.width }
        public var dheight: Double { content.height - shape.height }
        /// Every edge and size within `partTolerance`.
        public var matches: Bool {
            max(abs(dx), abs(dy), abs(dwidth), abs(dheight)) <= FitMeasure.partTolerance
        }
    }

    /// The content's marked parts matched in order with the skeleton's shapes (the spec
    /// language has no node names): the first marked part with the first shape, and so
    /// on. Parts or shapes left over have no partner and are not compared. `nodes` are
    /// the shapes' spec node numbers, in the same order.
    public static func parts(shapes: [Rect], nodes: [Int] = [], skeletonRoot: Rect,
                             marked: [(name: String, box: Rect)], contentRoot: Rect) -> [Part] {
        zip(shapes, marked).enumerated().map { index, pair in
            let (shape, part) = pair
            return Part(name: part.name,
                        shape: Rect(x: shape.x - skeletonRoot.x, y: shape.y - skeletonRoot.y,
                                      width: shape.width, height: shape.height),
                        content: Rect(x: part.box.x - contentRoot.x, y: part.box.y - contentRoot.y,
                                        width: part.box.width, height: part.box.height),
                        node: index < nodes.count ? nodes[index] : -1)
        }
    }
}
