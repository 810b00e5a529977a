// `repeat fill` and `text lines=fill` count what fits their height
// (site/reference/repeat.md, "Filling a height"; text.md). The count is decided once,
// here, from the layout, and written into the spec as a plain count: the painter, the
// HTML/CSS, the SwiftUI export and the playground all read the resolved spec, so they
// cannot disagree about it, and the browser needs no script to count.
//
// Rules:
// - A fill node's own content counts as nothing while the layout measures (its
//   height is only what it is given: `height=`, a `grow` share, a stretch across a
//   row, a percentage of a definite height). H is that height less its padding.
// - Only whole copies (whole bars, whole grid rows) are counted; a partial one is left
//   out, so nothing is cut. At least one is always shown.
// - A copy's height is its children's own heights and gaps (percentage heights and
//   `grow` inside it count as their content).
// - `repeat fill`: K copies with gap g take K·(c + g) − g, c a copy's height with
//   its inner gaps, so K = ⌊(H + g) / (c + g)⌋. With `columns=C`, whole rows of
//   height h and row gap r: ⌊(H + r) / (h + r)⌋ rows of C copies.
// - `text lines=fill`: ⌊(H + spacing) / (line-height + spacing)⌋ bars.
// - A fill inside a `repeat fill` counts as nothing in the copy's height (it has the
//   height it is given), and is counted after the outer copies are.

enum FillResolver {
    /// Rounding noise from summing measured sizes must not drop a copy that fits exactly.
    static let slack = 1e-9

    static func needsResolving(_ nodes: [Node]) -> Bool {
        for node in nodes {
            if isUnresolvedFill(node) || needsResolving(node.children) { return true }
        }
        return false
    }

    /// A fill whose count is not decided yet (a decided one is at least 1).
    static func isUnresolvedFill(_ node: Node) -> Bool {
        switch node.kind {
        case .repeat(let count): return node.fillsHeight && count == 0
        case .text(let metrics): return metrics.fillsHeight && metrics.lines == 0
        default: return false
        }
    }

    /// The spec with every fill count decided, or the problems that stop it. Outer fills
    /// are counted first (an inner fill counts as nothing in its copy's height, which is
    /// what its given height makes it); a fill inside a `repeat fill` is placed, and so
    /// counted, in the next pass, once the outer copies exist.
    @inline(never)
    static func resolve(_ spec: Spec) -> (spec: Spec?, problems: [Diagnostic]) {
        var resolved = spec
        var pass = 0
        while needsResolving(resolved.children) && pass <= Limits.maxDepth {
            pass += 1
            var problems: [Diagnostic] = []
            let (_, frames) = LayoutEngine.layoutWithNodeFrames(resolved)
            let engine = FlexEngine(defaultStagger: resolved.animation.stagger)
            var counts: [(SourcePosition, Int)] = []
            collectCounts(resolved.children, frames: frames, engine: engine, &counts, &problems)
            guard problems.isEmpty else { return (nil, problems) }
            // Fills that are never placed (inside a repeat with no copies) fill nothing.
            guard !counts.isEmpty else { break }
            resolved.children = resolved.children.map { apply($0, counts) }
        }
        var total = 0
        for child in resolved.children { total = min(SpecBounds.saturation, total + expandedCount(child)) }
        if total > Limits.maxNodes {
            // Messages are joined, not interpolated, here: smaller in the wasm module.
            return (nil, [Diagnostic(.error, "too many nodes: with its fills counted the spec expands to "
                                     + SpecBounds.describe(total) + " nodes; a spec may have at most 10000",
                                     at: spec.position)])
        }
        return (resolved, [])
    }

    private static func collectCounts(_ nodes: [Node], frames: [SourcePosition: Rect], engine: FlexEngine,
                                      _ counts: inout [(SourcePosition, Int)], _ problems: inout [Diagnostic]) {
        for node in nodes {
            defer { collectCounts(node.children, frames: frames, engine: engine, &counts, &problems) }
            guard isUnresolvedFill(node) else { continue }
            // Not placed in this pass: inside a fill counted in this pass, or in no copy at all.
            guard let frame = frames[node.position] else { continue }
            var height = frame.height - node.padding.top - node.padding.bottom
            // Sizes from type: the half-leading above the first bar and below the last.
            if case .text(let metrics) = node.kind { height -= 2 * metrics.inset }
            let what = node.fillsHeight ? "repeat fill" : "text lines=fill"
            guard height > slack else {
                problems.append(Diagnostic(.error, what + " has no height to fill; give it height=, or grow=1 "
                                           + "inside a container with a fixed height", at: node.position))
                continue
            }
            let unit: Double
            let gap: Double
            var perUnit = 1
            let name = node.fillsHeight ? " copies" : " lines"
            if case .text(let metrics) = node.kind {
                unit = metrics.lineHeight + metrics.spacing
                gap = metrics.spacing
            } else if let grid = GridShape(node) {
                let contentWidth = max(0, frame.width - node.padding.left - node.padding.right)
                unit = engine.cellHeight(node, width: grid.cellWidth(contentWidth: contentWidth)) + grid.rowGap
                gap = grid.rowGap
                perUnit = grid.columns
            } else {
                let contentWidth = max(0, frame.width - node.padding.left - node.padding.right)
                let copy = Node(kind: .column, position: node.position, gap: node.gap, align: node.align,
                                children: node.children)
                unit = engine.naturalHeight(copy, width: contentWidth) + node.gap
                gap = node.gap
            }
            guard unit > slack else {
                problems.append(Diagnostic(.error, what + " cannot count" + name + " that take no height; give them a height",
                                           at: node.position))
                continue
            }
            let fitting = ((height + gap) / unit + slack).rounded(.down)
            // Both limits are 500 (Limits.maxRepeat, SpecDefaults.maxTextLines).
            let limit = Limits.maxRepeat
            let count = max(1, fitting < Double(limit + 1) ? Int(fitting) : limit + 1) * perUnit
            if count > limit {
                let shown = fitting < Double(limit + 1) ? String(count) : "more than 500"
                problems.append(Diagnostic(.error, what + " fits " + shown + name + " in its height; the limit is 500",
                                           at: node.position))
                continue
            }
            counts.append((node.position, count))
        }
    }

    /// (A list, not a dictionary: a spec has a few fills, and the wasm module stays small.)
    private static func apply(_ node: Node, _ counts: [(SourcePosition, Int)]) -> Node {
        var node = node
        if let count = counts.first(where: { $0.0 == node.position })?.1 {
            switch node.kind {
            case .repeat: node.kind = .repeat(count: count)
            case .text(var metrics):
                metrics.lines = count
                node.kind = .text(metrics)
            default: break
            }
        }
        node.children = node.children.map { apply($0, counts) }
        return node
    }

    /// Nodes after expanding repeats, as `SpecBounds` counts them.
    private static func expandedCount(_ node: Node) -> Int {
        var sum = 0
        for child in node.children { sum = min(SpecBounds.saturation, sum + expandedCount(child)) }
        if case .repeat(let count) = node.kind {
            let (product, overflow) = sum.multipliedReportingOverflow(by: max(0, count))
            return overflow ? SpecBounds.saturation : min(SpecBounds.saturation, product + 1)
        }
        return min(SpecBounds.saturation, sum + 1)
    }
}
