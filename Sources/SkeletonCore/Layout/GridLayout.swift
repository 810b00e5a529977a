// `repeat N columns=C`: the copies as a grid (site/reference/repeat.md, "Grids").
// The CSS it equals: the repeat is `display: grid` with
// `grid-template-columns: repeat(C, minmax(0, 1fr))`, `column-gap: gap`,
// `row-gap: row-gap` (default `gap`), `align-content` from `justify` (start unless
// given, so a taller box never stretches the rows); each copy is one cell, a flex
// column with no gap whose `align-items` is the repeat's `align`, stretched to its
// row's height.

/// The numbers of a grid: copies, columns, rows, and the gaps between them.
struct GridShape {
    let copies: Int
    let columns: Int
    let columnGap: Double
    let rowGap: Double

    /// nil unless `node` is a `repeat` with `columns=`.
    init?(_ node: Node) {
        guard case .repeat(let count) = node.kind, let columns = node.columns, columns > 0 else { return nil }
        copies = max(0, count)
        self.columns = columns
        columnGap = node.gap
        rowGap = node.rowGap ?? node.gap
    }

    /// Rows holding the copies; the last one may be partly empty.
    var rows: Int { (copies + columns - 1) / columns }

    /// Every column's width: the content width less the gaps, shared equally (also
    /// when there are fewer copies than columns: the empty tracks keep their share).
    func cellWidth(contentWidth: Double) -> Double {
        max(0, (contentWidth - columnGap * Double(columns - 1)) / Double(columns))
    }
}

extension FlexEngine {
    /// One copy's cell: a column of the repeat's children, no gap, the repeat's align.
    static func cell(of node: Node) -> Node {
        Node(kind: .column, position: node.position, align: node.align, children: node.children)
    }

    /// Height of one cell at `width`. Every copy holds the same children, so every
    /// cell, and so every row, is this tall.
    func cellHeight(_ node: Node, width: Double) -> Double {
        naturalHeight(Self.cell(of: node), width: width)
    }

    /// Max-content width: C columns as wide as the widest child, plus the gaps.
    func gridIntrinsicWidth(_ node: Node, _ grid: GridShape) -> Double {
        var widest = 0.0
        for child in node.children { widest = max(widest, intrinsicWidth(child)) }
        let content = widest * Double(grid.columns) + grid.columnGap * Double(grid.columns - 1)
        return content + node.padding.left + node.padding.right
    }

    func gridContentHeight(_ node: Node, _ grid: GridShape, contentWidth: Double) -> Double {
        let rows = grid.rows
        guard rows > 0 else { return 0 }
        let row = cellHeight(node, width: grid.cellWidth(contentWidth: contentWidth))
        return Double(rows) * row + grid.rowGap * Double(rows - 1)
    }

    /// Places copy i in row i / C, column i mod C; `justify` distributes the rows
    /// down the content box as it does a column's items.
    mutating func placeGrid(_ node: Node, _ grid: GridShape, number: Int, frame: Rect, timeOffset: Double) {
        let rows = grid.rows
        guard rows > 0, !node.children.isEmpty else { return }
        let contentX = frame.x + node.padding.left
        let contentY = frame.y + node.padding.top
        let contentWidth = max(0, frame.width - node.padding.left - node.padding.right)
        let contentHeight = max(0, frame.height - node.padding.top - node.padding.bottom)
        let width = grid.cellWidth(contentWidth: contentWidth)
        let cell = Self.cell(of: node)
        let height = cellHeight(node, width: width)
        let used = Double(rows) * height + grid.rowGap * Double(rows - 1)
        let (lead, between) = Self.justify(node.justify, free: contentHeight - used, count: rows, gap: grid.rowGap)
        let stagger = node.stagger ?? defaultStagger
        var copy = 0
        while copy < grid.copies {
            let row = copy / grid.columns
            let column = copy % grid.columns
            let x = contentX + Double(column) * (width + grid.columnGap)
            let y = contentY + lead + Double(row) * (height + between)
            // The cell shares the repeat's number, so its children keep their own.
            placeColumn(cell, number: number, frame: Rect(x: x, y: y, width: width, height: height),
                        definiteHeight: true, timeOffset: timeOffset + Double(copy) * stagger)
            copy += 1
        }
    }
}
