import SkeletonCore

/// The CSS declarations of one spec node: the mapping documented at the top of
/// SkeletonCore/Layout/LayoutEngine.swift, which the layout engine implements. The
/// declarations common to every node (box-sizing, display: flex, flex-shrink: 0, ...)
/// are one shared rule (see StyleSheet); this adds what varies per node.
enum FlexMapping {
    /// Where a node sits: decides how an auto-width `text` fills space.
    enum Parent {
        case row, column
    }

    static func declarations(for node: Node, in parent: Parent) -> [String] {
        var out: [String] = []
        switch node.kind {
        case .row:
            out.append("flex-direction:row")
            out += containerDeclarations(node)
        case .repeat where node.columns != nil:
            out += gridDeclarations(node)
        case .column, .repeat:
            out.append("flex-direction:column")
            out += containerDeclarations(node)
        case .text(let metrics):
            out.append("flex-direction:column")
            if metrics.spacing != 0 { out.append("gap:" + CSSNumber.px(metrics.spacing)) }
            if metrics.inset != 0 { out.append("padding:" + CSSNumber.px(metrics.inset) + " 0") }
        case .rect, .circle, .capsule, .spacer:
            break
        }
        out += sizeDeclarations(node)
        out += growDeclarations(node, in: parent)
        return out
    }

    private static func containerDeclarations(_ node: Node) -> [String] {
        var out: [String] = []
        if node.gap != 0 { out.append("gap:" + CSSNumber.px(node.gap)) }
        out += paddingDeclarations(node)
        out += alignDeclarations(node)
        switch node.justify {
        case .start: break // CSS's initial value
        case .center: out.append("justify-content:center")
        case .end: out.append("justify-content:flex-end")
        case .spaceBetween: out.append("justify-content:space-between")
        case .spaceAround: out.append("justify-content:space-around")
        case .spaceEvenly: out.append("justify-content:space-evenly")
        }
        return out
    }

    private static func paddingDeclarations(_ node: Node) -> [String] {
        let pad = node.padding
        guard pad.top != 0 || pad.right != 0 || pad.bottom != 0 || pad.left != 0 else { return [] }
        return ["padding:" + CSSNumber.px(pad.top) + " " + CSSNumber.px(pad.right) + " "
                + CSSNumber.px(pad.bottom) + " " + CSSNumber.px(pad.left)]
    }

    /// A grid `repeat` (SkeletonCore/Layout/GridLayout.swift): C equal columns, the
    /// gaps, and the rows distributed by `justify`; `align-content` is always written,
    /// because CSS's `normal` would stretch the rows in a taller box.
    private static func gridDeclarations(_ node: Node) -> [String] {
        let columns = node.columns ?? 1
        var out = ["display:grid", "grid-template-columns:repeat(" + String(columns) + ",minmax(0,1fr))"]
        let rowGap = node.rowGap ?? node.gap
        if node.gap != 0 || rowGap != 0 { out.append("gap:" + CSSNumber.px(rowGap) + " " + CSSNumber.px(node.gap)) }
        out += paddingDeclarations(node)
        switch node.justify {
        case .start: out.append("align-content:start")
        case .center: out.append("align-content:center")
        case .end: out.append("align-content:end")
        case .spaceBetween: out.append("align-content:space-between")
        case .spaceAround: out.append("align-content:space-around")
        case .spaceEvenly: out.append("align-content:space-evenly")
        }
        return out
    }

    /// One copy's cell: a column with the repeat's `align` (no gap), stretched by the
    /// grid to its row's height.
    static func gridCellDeclarations(_ node: Node) -> [String] {
        ["flex-direction:column"] + alignDeclarations(node)
    }

    private static func alignDeclarations(_ node: Node) -> [String] {
        var out: [String] = []
        switch node.align {
        case .stretch: break // CSS's initial value
        case .start: out.append("align-items:flex-start")
        case .center: out.append("align-items:center")
        case .end: out.append("align-items:flex-end")
        }
        return out
    }

    private static func sizeDeclarations(_ node: Node) -> [String] {
        var out: [String] = []
        if let width = length(node.width) { out.append("width:" + width) }
        if let height = length(node.height) { out.append("height:" + height) }
        if let aspect = node.aspect { out.append("aspect-ratio:" + AspectRatioText.css(aspect)) }
        return out
    }

    static func length(_ length: Length) -> String? {
        switch length {
        case .auto: return nil
        case .points(let value): return CSSNumber.px(value)
        case .percent(let value): return CSSNumber.percent(value)
        }
    }

    /// flex-grow (and for text, align-self), per the layout's rules: spacers grow by 1
    /// unless told otherwise; auto-width text stretches across a column.
    private static func growDeclarations(_ node: Node, in parent: Parent) -> [String] {
        var grow = node.grow
        var out: [String] = []
        switch node.kind {
        case .spacer:
            if grow <= 0 { grow = 1 }
        case .text:
            // A paragraph spans its column whatever the column's align; in a row it is
            // an ordinary item (max-content width 0: it needs width= or grow=).
            if node.width == .auto && parent == .column { out.append("align-self:stretch") }
        default:
            break
        }
        if grow > 0 { out.append("flex-grow:" + CSSNumber.format(grow, places: 4)) }
        return out
    }
}
