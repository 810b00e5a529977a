extension Node {
    /// Does this node paint a surface (a `.surface` layout item, one `sk-iJ` element in
    /// the HTML)? A container with `fill=` or `dark-fill=` does: a dark-only card is
    /// nothing in the light theme and the surface in the dark one. Shapes never do.
    public var paintsSurface: Bool {
        kind.isContainer && (fill != nil || darkFill != nil)
    }

    /// How many numbers this node and its descendants take in the pre-order numbering
    /// that `LayoutItem.node` and the HTML's `sk-nK` classes share: one for the node,
    /// plus its children's, except that the children of a `repeat` with no copies
    /// are not numbered (they produce nothing). Every copy of a `repeat` shares its
    /// children's numbers.
    public var numberedCount: Int {
        if case .repeat(let count) = kind, count <= 0 { return 1 }
        var total = 1
        for child in children { total += child.numberedCount }
        return total
    }
}
