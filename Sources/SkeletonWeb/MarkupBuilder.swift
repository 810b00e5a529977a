import SkeletonCore

/// Walks the spec tree in the layout engine's order, writing one `div` per node and
/// pairing every painted element with its `LayoutItem` (same order: a container's
/// surface before its children, text bars top to bottom, `repeat` copies flattened).
///
/// Class names inside a component (all prefixed `sk-` so a host page's own short
/// class names cannot hit them):
/// - `sk-nK`: spec node K (pre-order over the spec as written, so every copy of a
///   `repeat` shares its children's rules);
/// - `sk-tK`: the bars of text node K;
/// - `sk-s`: every shape (base colour, animation);
/// - `sk-iJ`: the element painting layout item J (its radius, colours, animation phase).
struct MarkupBuilder {
    let items: [LayoutItem]
    private(set) var html: String = ""
    /// `sk-nK` / `sk-tK` rules, in node order, each `(selector suffix, declarations)`.
    private(set) var nodeRules: [(String, [String])] = []
    /// Every element that paints an item: item index and whether it is a surface.
    private(set) var paintedItems: [Int] = []

    private var nextNode = 0
    private var nextItem = 0
    /// False while writing the second and later copies of a `repeat`: their node
    /// rules were written with the first copy.
    private var writingNodeRules = true

    init(items: [LayoutItem]) {
        self.items = items
    }

    mutating func write(_ nodes: [Node], indent: Int) {
        for node in nodes { write(node, in: .column, indent: indent) }
    }

    private mutating func write(_ node: Node, in parent: FlexMapping.Parent, indent: Int) {
        let index = nextNode
        nextNode += 1
        let nodeClass = "sk-n" + String(index)
        if writingNodeRules {
            let declarations = FlexMapping.declarations(for: node, in: parent)
            if !declarations.isEmpty { nodeRules.append((nodeClass, declarations)) }
        }
        let pad = String(repeating: " ", count: indent)
        switch node.kind {
        case .row, .column, .repeat:
            var classes = nodeClass
            if node.fill != nil || node.darkFill != nil { classes += " " + takeItem() }
            html += pad + "<div class=\"" + classes + "\">\n"
            let childParent: FlexMapping.Parent
            if case .row = node.kind { childParent = .row } else { childParent = .column }
            if case .repeat(let count) = node.kind {
                let firstChildNode = nextNode
                var afterChildren = nextNode
                var copy = 0
                let wasWriting = writingNodeRules
                while copy < count {
                    nextNode = firstChildNode
                    writingNodeRules = wasWriting && copy == 0
                    for child in node.children { write(child, in: childParent, indent: indent + 2) }
                    afterChildren = nextNode
                    copy += 1
                }
                writingNodeRules = wasWriting
                if count <= 0 { afterChildren = firstChildNode }
                nextNode = afterChildren
            } else {
                for child in node.children { write(child, in: childParent, indent: indent + 2) }
            }
            html += pad + "</div>\n"
        case .rect, .circle, .capsule:
            html += pad + "<div class=\"sk-s " + nodeClass + " " + takeItem() + "\"></div>\n"
        case .text(let metrics):
            let barClass = "sk-t" + String(index)
            if writingNodeRules {
                nodeRules.append((barClass, ["width:100%", "height:" + CSSNumber.px(metrics.lineHeight)]))
                if metrics.lines > 0 && metrics.lastLineFraction != 1 {
                    nodeRules.append((barClass + ":last-child", ["width:" + CSSNumber.percent(metrics.lastLineFraction * 100)]))
                }
            }
            html += pad + "<div class=\"" + nodeClass + "\">\n"
            var line = 0
            while line < metrics.lines {
                html += pad + "  <div class=\"sk-s " + barClass + " " + takeItem() + "\"></div>\n"
                line += 1
            }
            html += pad + "</div>\n"
        case .spacer:
            html += pad + "<div class=\"" + nodeClass + "\"></div>\n"
        }
    }

    /// The class of the next layout item, recording it for the per-item rules.
    private mutating func takeItem() -> String {
        let index = nextItem
        nextItem += 1
        if index < items.count { paintedItems.append(index) }
        return "sk-i" + String(index)
    }
}
