import SkeletonCore

/// Walks the spec tree writing one `div` per node, and gives every element that paints
/// a `LayoutItem` that item's class: the items of node K (`LayoutItem.node`) go, in
/// layout order, to node K's painting elements in document order (a `repeat`'s copies
/// in turn, a text's bars top to bottom).
///
/// Class names inside a component (all prefixed `sk-` so a host page's own short
/// class names cannot hit them):
/// - `sk-nK`: spec node K (`Node.numberedCount`'s pre-order numbering, so every copy
///   of a `repeat` shares its children's rules);
/// - `sk-tK`: the bars of text node K;
/// - `sk-gK`: the cells of grid `repeat` node K, one per copy;
/// - `sk-s`: every shape (base colour, animation);
/// - `sk-iJ`: the element painting layout item J (its radius, colours, animation phase).
struct MarkupBuilder {
    private(set) var html: String = ""
    /// `sk-nK` / `sk-tK` rules, in node order, each `(selector suffix, declarations)`.
    private(set) var nodeRules: [(String, [String])] = []
    /// Every element that paints an item: the item's index, in document order.
    private(set) var paintedItems: [Int] = []

    /// Per node number, its items' indices not yet given to an element.
    private var unpainted: [[Int]]
    private var nextNode = 0
    /// False while writing the second and later copies of a `repeat`: their node
    /// rules were written with the first copy.
    private var writingNodeRules = true
    /// Right to left (`Spec.mirrored`): the root is `direction:rtl`, so flexbox mirrors
    /// rows and alignments itself; only padding, which CSS keeps physical, is swapped.
    private let mirrored: Bool

    init(items: [LayoutItem], mirrored: Bool = false) {
        self.mirrored = mirrored
        var byNode: [[Int]] = []
        for (index, item) in items.enumerated() where item.node >= 0 {
            while byNode.count <= item.node { byNode.append([]) }
            byNode[item.node].append(index)
        }
        // Reversed, so taking the next one is a removeLast.
        unpainted = byNode.map { Array($0.reversed()) }
    }

    mutating func write(_ nodes: [Node], indent: Int) {
        for node in nodes { write(node, in: .column, indent: indent) }
    }

    private mutating func write(_ node: Node, in parent: FlexMapping.Parent, indent: Int) {
        let index = nextNode
        nextNode += 1
        let nodeClass = "sk-n" + String(index)
        if writingNodeRules {
            var mapped = node
            if mirrored { (mapped.padding.left, mapped.padding.right) = (node.padding.right, node.padding.left) }
            let declarations = FlexMapping.declarations(for: mapped, in: parent)
            if !declarations.isEmpty { nodeRules.append((nodeClass, declarations)) }
        }
        let pad = String(repeating: " ", count: indent)
        switch node.kind {
        case .row, .column, .repeat:
            var classes = nodeClass
            if let item = takeItem(of: index) { classes += " " + item }
            html += pad + "<div class=\"" + classes + "\">\n"
            let childParent: FlexMapping.Parent
            if case .row = node.kind { childParent = .row } else { childParent = .column }
            if case .repeat(let count) = node.kind {
                let firstChildNode = nextNode
                var copy = 0
                let wasWriting = writingNodeRules
                // A grid wraps each copy in a cell (`sk-gK`, K the repeat's number).
                let cellClass = node.columns == nil ? nil : "sk-g" + String(index)
                if let cellClass, wasWriting { nodeRules.append((cellClass, FlexMapping.gridCellDeclarations(node))) }
                let copyIndent = cellClass == nil ? indent + 2 : indent + 4
                while copy < count {
                    nextNode = firstChildNode
                    writingNodeRules = wasWriting && copy == 0
                    if let cellClass { html += pad + "  <div class=\"" + cellClass + "\">\n" }
                    for child in node.children { write(child, in: childParent, indent: copyIndent) }
                    if cellClass != nil { html += pad + "  </div>\n" }
                    copy += 1
                }
                writingNodeRules = wasWriting
                nextNode = index + node.numberedCount
            } else {
                for child in node.children { write(child, in: childParent, indent: indent + 2) }
            }
            html += pad + "</div>\n"
        case .rect, .circle, .capsule:
            html += pad + "<div class=\"" + shapeClasses("sk-s " + nodeClass, node: index) + "\"></div>\n"
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
                html += pad + "  <div class=\"" + shapeClasses("sk-s " + barClass, node: index) + "\"></div>\n"
                line += 1
            }
            html += pad + "</div>\n"
        case .spacer:
            html += pad + "<div class=\"" + nodeClass + "\"></div>\n"
        }
    }

    /// `classes` and the class of the node's next item, if it has one left.
    private mutating func shapeClasses(_ classes: String, node: Int) -> String {
        guard let item = takeItem(of: node) else { return classes }
        return classes + " " + item
    }

    /// The class of node `node`'s next unpainted item, recording it for the per-item
    /// rules; nil when it has none (a container without a surface).
    private mutating func takeItem(of node: Int) -> String? {
        guard node < unpainted.count, let index = unpainted[node].popLast() else { return nil }
        paintedItems.append(index)
        return "sk-i" + String(index)
    }
}
