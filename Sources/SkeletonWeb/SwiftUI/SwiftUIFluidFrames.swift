import SkeletonCore

/// Which frames of a fluid spec (`skeleton width=fill`, site/reference/swiftui-export.md
/// "Fluid width") follow the width the view is offered. The layout engine lays the spec
/// out at its reference width and at a wider one: a node whose width differs gets a
/// flexible width in SwiftUI (`maxWidth: .infinity`, or a share of it for a
/// percentage), one whose height differs (an `aspect=` rect, a container holding one)
/// lets its height follow. Nodes that keep their size keep the fixed frame. A fixed
/// spec's flexible frames are its `grow` and percentages (`init(fixed:)`).
struct SwiftUIFluidFrames {
    /// Node positions whose width follows the container's.
    var widths: Set<SourcePosition>
    /// Node positions whose height follows the width.
    let heights: Set<SourcePosition>
    /// Made by `init(fixed:)`.
    var fixed = false

    init?(_ spec: Spec, frames: [SourcePosition: Rect]) {
        guard spec.fluid != nil else { return nil }
        // Any other width shows what moves; 97 points more keeps every share distinct.
        let wider = LayoutEngine.layoutWithNodeFrames(spec.at(width: spec.width + 97)).frames
        var widths: Set<SourcePosition> = []
        var heights: Set<SourcePosition> = []
        for (position, frame) in frames {
            guard let other = wider[position] else { continue }
            if other.width != frame.width { widths.insert(position) }
            if other.height != frame.height { heights.insert(position) }
        }
        self.widths = widths
        self.heights = heights
    }

    /// A fixed spec (site/reference/swiftui-export.md, "Percentages and grow"): a row's
    /// `grow` items, `width=N%` nodes, and inside them what stretches with them, get
    /// flexible frames where SwiftUI's stacks give them exactly the layout engine's width
    /// at the spec's width: a VStack offers each child its whole width, an HStack shares
    /// what its fixed children leave equally among the flexible ones. Elsewhere (unequal
    /// shares, a percentage in a row) the frame stays the resolved number.
    /// `decide` adds them container by container, as the writer reaches each (one
    /// traversal, the writer's, keeps the wasm build small).
    init(fixed spec: Spec) {
        widths = []
        heights = []
        fixed = true
    }

    /// Adds the flexible frames among a container's `children`: `content` is the width
    /// its stack offers them, `flexible` whether the container itself is flexible. In a
    /// row, the grown items when they end up equally wide and fill it (an HStack shares
    /// what its fixed children leave equally among the flexible ones); in a column, a
    /// percentage that is its share, and in a flexible one an auto width that is all of
    /// it (a VStack offers each child its whole width). Kept short: the wasm build
    /// carries this code.
    @inline(never) mutating func decide(_ children: [Node], row: Bool, content: Double, gap: Double, flexible: Bool,
                                        _ frames: [SourcePosition: Rect]) {
        var used = gap * Double(children.count - 1)
        var share = -1.0
        var equal = true
        for child in children {
            let w = frames[child.position]?.width ?? 0
            used += w
            if row && child.grow > 0 {
                equal = equal && (share < 0 || abs(w - share) <= 1e-6)
                share = w
            }
        }
        equal = equal && abs(used - content) <= 1e-6
        for child in children where child.aspect == nil {
            let w = frames[child.position]?.width ?? 0
            var target = content
            var percent = false
            if case .percent(let p) = child.width {
                target = p / 100 * content
                percent = true
            } else if !flexible || child.width != .auto {
                target = -1
            }
            if row ? child.grow > 0 && equal && !percent : abs(w - target) <= 1e-6 { widths.insert(child.position) }
        }
    }

    /// The frame of a node that follows the width: as wide as offered (for a
    /// percentage, `skeletonFraction` takes its share first), its height fixed unless it
    /// follows the width too.
    func modifier(_ node: Node, _ frame: Rect, alignment: String?) -> String? {
        guard widths.contains(node.position) else { return nil }
        let align = alignment.map { ", alignment: ." + $0 } ?? ""
        let h = SwiftLiteral.number(frame.height)
        let filled = ".frame(maxWidth: .infinity, minHeight: " + h + ", maxHeight: " + h + align + ")"
        if case .percent(let p) = node.width {
            // A fixed spec's container fills its share, so its content keeps its alignment.
            return (fixed && node.kind.isContainer ? filled : "")
                + ".skeletonFraction(" + SwiftLiteral.number(p / 100) + ", height: " + h + ")"
        }
        if node.aspect != nil || heights.contains(node.position) { return ".frame(maxWidth: .infinity" + align + ")" }
        return filled
    }
}
