import SkeletonCore

/// Which frames of a fluid spec (`skeleton width=fill`, site/reference/swiftui-export.md
/// "Fluid width") follow the width the view is offered. The layout engine lays the spec
/// out at its reference width and at a wider one: a node whose width differs gets a
/// flexible width in SwiftUI (`maxWidth: .infinity`, or a share of it for a
/// percentage), one whose height differs (an `aspect=` rect, a container holding one)
/// lets its height follow. Nodes that keep their size keep the fixed frame, so a fixed
/// spec's export never reaches this type.
struct SwiftUIFluidFrames {
    /// Node positions whose width follows the container's.
    let widths: Set<SourcePosition>
    /// Node positions whose height follows the width.
    let heights: Set<SourcePosition>

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

    /// The frame of a node that follows the width: as wide as offered (for a
    /// percentage, `skeletonFraction` takes its share first), its height fixed unless it
    /// follows the width too.
    func modifier(_ node: Node, _ frame: Rect, alignment: String?) -> String? {
        guard widths.contains(node.position) else { return nil }
        let align = alignment.map { ", alignment: ." + $0 } ?? ""
        if case .percent(let p) = node.width {
            return ".skeletonFraction(" + SwiftLiteral.number(p / 100) + ", height: " + SwiftLiteral.number(frame.height) + ")"
        }
        if node.aspect != nil || heights.contains(node.position) { return ".frame(maxWidth: .infinity" + align + ")" }
        let h = SwiftLiteral.number(frame.height)
        return ".frame(maxWidth: .infinity, minHeight: " + h + ", maxHeight: " + h + align + ")"
    }
}
