// The flexbox algorithm behind LayoutEngine (see its doc comment for the CSS it equals).
// Two passes: `naturalHeight` measures a node's content height at a given width, and
// `place` positions a node's children inside its final frame and emits items.
// Widths flow top down; heights come from measurement, then flexing and stretching.

/// One flex item of a container: a child node, or a copy of a `repeat` child.
struct FlexChild {
    var node: Node
    /// Animation offset added for this copy (0 outside repeats).
    var timeOffset: Double
}

struct FlexEngine {
    let defaultStagger: Double
    private(set) var items: [LayoutItem] = []
    /// Every node's border box, the first copy's when a `repeat` places it several times;
    /// nil unless asked for (only exporters that rebuild the tree need it).
    private(set) var nodeFrames: [SourcePosition: Rect]?

    /// Mirrors every item and recorded node frame across a component `width` wide
    /// (x' = width - x - w): the layout as drawn right to left.
    mutating func mirror(width: Double) {
        for i in items.indices {
            items[i].frame.x = width - items[i].frame.x - items[i].frame.width
        }
        if let frames = nodeFrames {
            var mirrored = frames
            for (key, frame) in frames { mirrored[key]?.x = width - frame.x - frame.width }
            nodeFrames = mirrored
        }
    }

    init(defaultStagger: Double, recordingFrames: Bool = false) {
        self.defaultStagger = defaultStagger
        if recordingFrames { nodeFrames = [:] }
    }

    // MARK: Children and factors

    func children(of node: Node) -> [FlexChild] {
        guard case .repeat(let count) = node.kind else {
            return node.children.map { FlexChild(node: $0, timeOffset: 0) }
        }
        let stagger = node.stagger ?? defaultStagger
        var result: [FlexChild] = []
        result.reserveCapacity(max(0, count) * node.children.count)
        var copy = 0
        while copy < count {
            for child in node.children {
                result.append(FlexChild(node: child, timeOffset: Double(copy) * stagger))
            }
            copy += 1
        }
        return result
    }

    static func isRow(_ node: Node) -> Bool {
        if case .row = node.kind { return true }
        return false
    }

    static func isText(_ node: Node) -> Bool {
        if case .text = node.kind { return true }
        return false
    }

    /// flex-grow along a row's main axis (widths).
    static func rowGrow(_ node: Node) -> Double {
        if node.grow > 0 { return node.grow }
        if case .spacer = node.kind { return 1 }
        return 0
    }

    /// flex-grow along a column's main axis (heights).
    static func columnGrow(_ node: Node) -> Double {
        if node.grow > 0 { return node.grow }
        if case .spacer = node.kind { return 1 }
        return 0
    }

    /// Smallest border box: a box never shrinks below its padding.
    static func minWidth(_ node: Node) -> Double {
        node.kind.isContainer ? node.padding.left + node.padding.right : 0
    }

    static func minHeight(_ node: Node) -> Double {
        node.kind.isContainer ? node.padding.top + node.padding.bottom : 0
    }

    // MARK: Measuring

    /// Max-content border-box width (the width an auto-width, unstretched item takes).
    func intrinsicWidth(_ node: Node) -> Double {
        if case .points(let w) = node.width { return max(w, Self.minWidth(node)) }
        guard node.kind.isContainer else { return 0 }
        if let grid = GridShape(node) { return gridIntrinsicWidth(node, grid) }
        let kids = children(of: node)
        var content = 0.0
        if Self.isRow(node) {
            for kid in kids { content += intrinsicWidth(kid.node) }
            if kids.count > 1 { content += node.gap * Double(kids.count - 1) }
        } else {
            for kid in kids { content = max(content, intrinsicWidth(kid.node)) }
        }
        return content + node.padding.left + node.padding.right
    }

    /// Border-box height of `node` when its height is auto, at border-box `width`.
    func naturalHeight(_ node: Node, width: Double) -> Double {
        switch node.kind {
        case .rect, .capsule, .spacer:
            // `aspect=`: the height follows the width (CSS aspect-ratio).
            return node.aspect.map { width / $0 } ?? 0
        case .circle:
            if case .points(let h) = node.height { return h }
            return 0
        case .text(let metrics):
            return Self.textHeight(metrics)
        case .row, .column, .repeat:
            let contentWidth = max(0, width - node.padding.left - node.padding.right)
            if let grid = GridShape(node) {
                return gridContentHeight(node, grid, contentWidth: contentWidth) + node.padding.top + node.padding.bottom
            }
            let kids = children(of: node)
            var content = 0.0
            if Self.isRow(node) {
                let widths = rowWidths(node, kids, contentWidth: contentWidth)
                for (index, kid) in kids.enumerated() {
                    content = max(content, outerHeight(kid.node, width: widths[index], parentContentHeight: nil))
                }
            } else {
                for kid in kids {
                    let w = columnItemWidth(kid.node, align: node.align, contentWidth: contentWidth)
                    content += outerHeight(kid.node, width: w, parentContentHeight: nil)
                }
                if kids.count > 1 { content += node.gap * Double(kids.count - 1) }
            }
            return content + node.padding.top + node.padding.bottom
        }
    }

    static func textHeight(_ metrics: TextMetrics) -> Double {
        let lines = max(0, metrics.lines)
        guard lines > 0 else { return 0 }
        return Double(lines) * metrics.lineHeight + Double(lines - 1) * metrics.spacing + 2 * metrics.inset
    }

    /// Border-box height an item asks for: its explicit height, a percentage of a
    /// definite parent content height, else its content height.
    func outerHeight(_ node: Node, width: Double, parentContentHeight: Double?) -> Double {
        switch node.height {
        case .points(let h):
            return max(h, Self.minHeight(node))
        case .percent(let p) where parentContentHeight != nil:
            return max(p / 100 * parentContentHeight!, Self.minHeight(node))
        default:
            return naturalHeight(node, width: width)
        }
    }

    /// Width of an item of a column (its cross size).
    func columnItemWidth(_ node: Node, align: Align, contentWidth: Double) -> Double {
        switch node.width {
        case .points(let w):
            return max(w, Self.minWidth(node))
        case .percent(let p):
            return max(p / 100 * contentWidth, Self.minWidth(node))
        case .auto:
            if Self.isText(node) || align == .stretch { return max(contentWidth, Self.minWidth(node)) }
            return intrinsicWidth(node)
        }
    }

    /// Flex base width of an item of a row (its main size before growing).
    func rowBasis(_ node: Node, contentWidth: Double) -> Double {
        switch node.width {
        case .points(let w):
            return max(w, Self.minWidth(node))
        case .percent(let p):
            return max(p / 100 * contentWidth, Self.minWidth(node))
        case .auto:
            return intrinsicWidth(node)
        }
    }

    /// Final widths of a row's items: bases plus their share of positive free space.
    func rowWidths(_ row: Node, _ kids: [FlexChild], contentWidth: Double) -> [Double] {
        let bases = kids.map { rowBasis($0.node, contentWidth: contentWidth) }
        let grows = kids.map { Self.rowGrow($0.node) }
        return Self.grow(bases, grows, space: contentWidth, gap: row.gap)
    }

    /// Distributes positive free space by grow factors (CSS flexbox §9.7 without
    /// shrinking or min/max clamps, which our mapping rules out).
    static func grow(_ bases: [Double], _ grows: [Double], space: Double, gap: Double) -> [Double] {
        var used = 0.0
        var totalGrow = 0.0
        for index in bases.indices {
            used += bases[index]
            totalGrow += grows[index]
        }
        if bases.count > 1 { used += gap * Double(bases.count - 1) }
        let free = space - used
        // Below 1e-9 pt the "free space" is rounding noise from re-adding measured sizes.
        guard free > 1e-9, totalGrow > 0 else { return bases }
        var sizes = bases
        for index in sizes.indices where grows[index] > 0 {
            // Factors summing below 1 take only that fraction of the free space.
            let share = totalGrow >= 1 ? grows[index] / totalGrow : grows[index]
            sizes[index] += free * share
        }
        return sizes
    }

    /// Leading offset and spacing between items for `justify-content`.
    static func justify(_ justify: Justify, free: Double, count: Int, gap: Double) -> (lead: Double, between: Double) {
        switch justify {
        case .start:
            return (0, gap)
        case .end:
            return (free, gap)
        case .center:
            return (free / 2, gap)
        case .spaceBetween:
            guard free > 0, count > 1 else { return (0, gap) }
            return (0, gap + free / Double(count - 1))
        case .spaceAround:
            guard free > 0, count > 0 else { return (free / 2, gap) }
            let each = free / Double(count)
            return (each / 2, gap + each)
        case .spaceEvenly:
            guard free > 0, count > 0 else { return (free / 2, gap) }
            let each = free / Double(count + 1)
            return (each, gap + each)
        }
    }

    /// Cross-axis offset of an item of size `size` in a line of size `cross`.
    static func alignOffset(_ align: Align, size: Double, cross: Double) -> Double {
        switch align {
        case .start, .stretch: return 0
        case .center: return (cross - size) / 2
        case .end: return cross - size
        }
    }

    // MARK: Placing

    /// Emits the items of `node` laid out in `frame` (its border box).
    /// `definiteHeight` says whether percentage heights of its children resolve.
    /// `number` is the node's number (`LayoutItem.node`).
    mutating func place(_ node: Node, number: Int, frame: Rect, definiteHeight: Bool, timeOffset: Double) {
        if nodeFrames != nil, nodeFrames?[node.position] == nil { nodeFrames?[node.position] = frame }
        switch node.kind {
        case .spacer:
            return
        case .rect:
            emitShape(.rect, node, number, frame, defaultRadius: 0, timeOffset: timeOffset)
        case .circle:
            emitShape(.circle, node, number, frame, defaultRadius: min(frame.width, frame.height) / 2,
                      timeOffset: timeOffset)
        case .capsule:
            emitShape(.capsule, node, number, frame, defaultRadius: min(frame.width, frame.height) / 2,
                      timeOffset: timeOffset)
        case .text(let metrics):
            emitText(metrics, node, number, frame, timeOffset: timeOffset)
        case .row, .column, .repeat:
            if node.paintsSurface {
                items.append(LayoutItem(role: .surface, frame: frame, radius: Self.clampRadius(node.radius ?? 0, frame),
                                        lightColor: node.fill, darkColor: node.darkFill, timeOffset: timeOffset,
                                        source: node.position, node: number))
            }
            if let grid = GridShape(node) {
                placeGrid(node, grid, number: number, frame: frame, timeOffset: timeOffset)
            } else if Self.isRow(node) {
                placeRow(node, number: number, frame: frame, definiteHeight: definiteHeight, timeOffset: timeOffset)
            } else {
                placeColumn(node, number: number, frame: frame, definiteHeight: definiteHeight, timeOffset: timeOffset)
            }
        }
    }

    /// The numbers of a container's flex items (`children(of:)`, copies included),
    /// given the container's own number.
    static func childNumbers(_ node: Node, number: Int, count: Int) -> [Int] {
        var perChild: [Int] = []
        perChild.reserveCapacity(node.children.count)
        var next = number + 1
        for child in node.children {
            perChild.append(next)
            next += child.numberedCount
        }
        guard !perChild.isEmpty else { return [] }
        return (0..<count).map { perChild[$0 % perChild.count] }
    }

    private mutating func placeRow(_ node: Node, number: Int, frame: Rect, definiteHeight: Bool, timeOffset: Double) {
        let kids = children(of: node)
        guard !kids.isEmpty else { return }
        let numbers = Self.childNumbers(node, number: number, count: kids.count)
        let contentX = frame.x + node.padding.left
        let contentY = frame.y + node.padding.top
        let contentWidth = max(0, frame.width - node.padding.left - node.padding.right)
        let contentHeight = max(0, frame.height - node.padding.top - node.padding.bottom)
        let widths = rowWidths(node, kids, contentWidth: contentWidth)
        var used = 0.0
        for w in widths { used += w }
        used += node.gap * Double(kids.count - 1)
        let (lead, between) = Self.justify(node.justify, free: contentWidth - used, count: kids.count, gap: node.gap)
        var x = contentX + lead
        for (index, kid) in kids.enumerated() {
            let child = kid.node
            let width = widths[index]
            var height: Double
            var childDefinite: Bool
            let stretched = child.height == .auto && node.align == .stretch
            switch child.height {
            case .points:
                height = outerHeight(child, width: width, parentContentHeight: nil)
                childDefinite = true
            case .percent where definiteHeight:
                height = outerHeight(child, width: width, parentContentHeight: contentHeight)
                childDefinite = true
            default:
                if stretched, !Self.isCircle(child) {
                    height = max(contentHeight, Self.minHeight(child))
                    childDefinite = true
                } else {
                    height = naturalHeight(child, width: width)
                    childDefinite = false
                }
            }
            let y = contentY + Self.alignOffset(node.align, size: height, cross: contentHeight)
            place(child, number: numbers[index], frame: Rect(x: x, y: y, width: width, height: height),
                  definiteHeight: childDefinite, timeOffset: timeOffset + kid.timeOffset)
            x += width + between
        }
    }

    mutating func placeColumn(_ node: Node, number: Int, frame: Rect, definiteHeight: Bool,
                                      timeOffset: Double) {
        let kids = children(of: node)
        guard !kids.isEmpty else { return }
        let numbers = Self.childNumbers(node, number: number, count: kids.count)
        let contentX = frame.x + node.padding.left
        let contentY = frame.y + node.padding.top
        let contentWidth = max(0, frame.width - node.padding.left - node.padding.right)
        let contentHeight = max(0, frame.height - node.padding.top - node.padding.bottom)
        var widths: [Double] = []
        var bases: [Double] = []
        var grows: [Double] = []
        widths.reserveCapacity(kids.count)
        bases.reserveCapacity(kids.count)
        grows.reserveCapacity(kids.count)
        for kid in kids {
            let w = columnItemWidth(kid.node, align: node.align, contentWidth: contentWidth)
            widths.append(w)
            bases.append(outerHeight(kid.node, width: w, parentContentHeight: definiteHeight ? contentHeight : nil))
            grows.append(Self.columnGrow(kid.node))
        }
        let heights = Self.grow(bases, grows, space: contentHeight, gap: node.gap)
        var used = 0.0
        for h in heights { used += h }
        used += node.gap * Double(kids.count - 1)
        let (lead, between) = Self.justify(node.justify, free: contentHeight - used, count: kids.count, gap: node.gap)
        var y = contentY + lead
        for (index, kid) in kids.enumerated() {
            let child = kid.node
            let width = widths[index]
            let align: Align = (Self.isText(child) && child.width == .auto) ? .stretch : node.align
            let x = contentX + Self.alignOffset(align, size: width, cross: contentWidth)
            let childDefinite: Bool
            if case .points = child.height { childDefinite = true } else { childDefinite = definiteHeight }
            place(child, number: numbers[index], frame: Rect(x: x, y: y, width: width, height: heights[index]),
                  definiteHeight: childDefinite, timeOffset: timeOffset + kid.timeOffset)
            y += heights[index] + between
        }
    }

    static func isCircle(_ node: Node) -> Bool {
        if case .circle = node.kind { return true }
        return false
    }

    static func clampRadius(_ radius: Double, _ frame: Rect) -> Double {
        let limit = max(0, min(frame.width, frame.height) / 2)
        return max(0, min(radius, limit))
    }

    private mutating func emitShape(_ kind: ShapeKind, _ node: Node, _ number: Int, _ frame: Rect,
                                    defaultRadius: Double, timeOffset: Double) {
        items.append(LayoutItem(role: .shape(kind), frame: frame,
                                radius: Self.clampRadius(node.radius ?? defaultRadius, frame),
                                lightColor: node.color, darkColor: node.darkColor,
                                timeOffset: timeOffset, source: node.position, node: number))
        items[items.count - 1].still = node.still
        items[items.count - 1].motion = node.motion
    }

    private mutating func emitText(_ metrics: TextMetrics, _ node: Node, _ number: Int, _ frame: Rect,
                                   timeOffset: Double) {
        let lines = max(0, metrics.lines)
        var line = 0
        while line < lines {
            let isLast = line == lines - 1
            let width = isLast ? frame.width * metrics.lastLineFraction : frame.width
            let bar = Rect(x: frame.x, y: frame.y + metrics.inset + Double(line) * (metrics.lineHeight + metrics.spacing),
                           width: width, height: metrics.lineHeight)
            items.append(LayoutItem(role: .shape(.textLine), frame: bar,
                                    radius: Self.clampRadius(node.radius ?? 0, bar),
                                    lightColor: node.color, darkColor: node.darkColor,
                                    timeOffset: timeOffset, source: node.position, node: number))
            items[items.count - 1].still = node.still
            items[items.count - 1].motion = node.motion
            line += 1
        }
    }
}
