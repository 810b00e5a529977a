import SkeletonCore

/// Writes one spec as a SwiftUI `View` (site/reference/swiftui-export.md has the mapping).
///
/// Invariant: every size in the output is one the layout engine computed, so the view
/// lays out exactly as the painter's image at the spec's reference width: stacks carry
/// the spec's structure, spacing, padding and alignment; every node gets the frame the
/// engine gave it, or a flexible one that SwiftUI resolves to it at that width
/// (`SwiftUIFluidFrames`; the spec's percentages and `grow` said in a comment).
struct SwiftUIViewWriter {
    let spec: Spec
    let layout: SpecLayout
    let frames: [SourcePosition: Rect]
    let typeName: String
    let label: String
    /// The frames that follow the offered width: a fluid spec's, or a fixed spec's
    /// `grow` and percentages where SwiftUI gives them the engine's width.
    var fluid: SwiftUIFluidFrames?
    private let out = SwiftLines()
    /// The motion the environment gives the node being written: still (`stillModifier`),
    /// a node's own (`motionModifier`) or the component's; a node whose motion is the
    /// same needs no modifier of its own.
    private var stillOpen = false
    private var motionOpen: Animation?

    init(spec: Spec, typeName: String, label: String) {
        let spec = Self.asWritten(spec)
        self.spec = spec
        let result = LayoutEngine.layoutWithNodeFrames(spec)
        layout = result.layout
        frames = result.frames
        fluid = SwiftUIFluidFrames(spec, frames: result.frames) ?? SwiftUIFluidFrames(fixed: spec)
        self.typeName = typeName
        self.label = label
    }

    mutating func write(origin: String) -> String {
        // Title and origin (a doc's path) are untrusted: one line of comment text each.
        out.line("/// " + SwiftSourceText.comment(spec.title ?? "Untitled") + ": the skeleton of "
                 + SwiftSourceText.comment(origin) + ".")
        out.line("public struct " + typeName + ": View {")
        out.indent {
            out.line("/// Shows the frame at `time` seconds after the skeleton appears (nil: live).")
            out.line("public var time: Double?")
            out.line("")
            out.line("public init(time: Double? = nil) {")
            out.indent { out.line("self.time = time") }
            out.line("}")
            out.line("")
            out.line("public var body: some View {")
            out.indent {
                out.line("SkeletonComponent(style: Self.style, label: " + SwiftSourceText.stringLiteral(label) + ", time: time) {")
                decideFixed(spec.children, row: false, content: spec.width, gap: 0, flexible: false)
                out.indent { writeStack(children: spec.children, isRow: false, gap: 0, align: .stretch) }
                out.line("}")
            }
            out.line("}")
            out.line("")
            writeStyle()
        }
        out.line("}")
        return out.text
    }

    /// A `dir=rtl` spec as written: the view lays it out left to right and
    /// `SkeletonComponent` flips the drawing (`mirror: .always`), so the band's angle, and
    /// each node's own, goes back to the written one (the parser stored 360 - a) and the
    /// flip turns it again.
    static func asWritten(_ spec: Spec) -> Spec {
        guard spec.mirrored else { return spec }
        var written = spec
        written.mirrored = false
        written.animation.angle = Spec.mirroredAngle(spec.animation.angle)
        written.children = spec.children.map { $0.mirroringMotion() }
        return written
    }

    // MARK: Style

    private mutating func writeStyle() {
        let a = spec.appearance
        let motion = spec.animation
        out.line("static let style = SkeletonStyle(")
        out.indent {
            out.line("width: " + SwiftLiteral.number(layout.width) + ", height: " + SwiftLiteral.number(layout.height) + ",")
            out.line("base: " + SwiftLiteral.color(light: a.base, dark: a.darkBase) + ",")
            out.line("highlight: " + SwiftLiteral.color(light: a.highlight, dark: a.darkHighlight) + ",")
            out.line("background: " + SwiftLiteral.color(light: a.background, dark: a.darkBackground) + ",")
            out.line("animation: SkeletonAnimation(kind: ." + Self.kindName(motion.kind)
                     + ", duration: " + SwiftLiteral.number(motion.duration)
                     + ", angle: " + SwiftLiteral.number(motion.angle)
                     + ", band: " + SwiftLiteral.number(motion.band) + ",")
            let rhythm = Self.rhythmArguments(motion)
            out.line("                             delay: " + SwiftLiteral.number(motion.delay)
                     + ", easing: ." + Self.easingName(motion.easing) + (rhythm.isEmpty ? ")," : ","))
            if !rhythm.isEmpty { out.line("                             " + rhythm.joined(separator: ", ") + "),") }
            var last = ["pulseMinimum: " + SwiftLiteral.number(motion.pulseTo)]
            if let bounds = spec.fluid { last.append(Self.fluidArgument(bounds, height: spec.height)) }
            switch spec.dir {
            case .ltr: break
            case .rtl: last.append("mirror: .always")
            case .auto: last.append("mirror: .followsLayoutDirection")
            }
            for (index, argument) in last.enumerated() { out.line(argument + (index == last.count - 1 ? "" : ",")) }
        }
        out.line(")")
    }

    /// The rhythm arguments that differ from SkeletonAnimation's defaults (which are
    /// the spec language's), so views of specs without them read as before.
    static func rhythmArguments(_ motion: Animation) -> [String] {
        var arguments: [String] = []
        if motion.interval != 0 { arguments.append("interval: " + SwiftLiteral.number(motion.interval)) }
        if motion.repeatMode == .reverse { arguments.append("reverses: true") }
        if motion.pulseFrom != Defaults.pulseFrom { arguments.append("pulseFrom: " + SwiftLiteral.number(motion.pulseFrom)) }
        if motion.scope == .shape { arguments.append("scope: .shape") }
        if motion.fade != 0 { arguments.append("fade: " + SwiftLiteral.number(motion.fade)) }
        if motion.intensity != 0 { arguments.append("intensity: " + SwiftLiteral.number(motion.intensity)) }
        if motion.iterations != 0 { arguments.append("repeatCount: " + String(motion.iterations)) }
        if motion.bandShape == .radial { arguments.append("radial: true") }
        return arguments
    }

    static func kindName(_ kind: AnimationKind) -> String {
        switch kind {
        case .none: return "none"
        case .gradient: return "gradient"
        case .pulse: return "pulse"
        case .shimmer: return "shimmer"
        }
    }

    static func easingName(_ easing: Easing) -> String {
        switch easing {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInOut: return "easeInOut"
        }
    }

    // MARK: Nodes

    /// A stack of `children`: HStack for a row, VStack for a column (the root and
    /// `repeat` are columns).
    private mutating func writeStack(children: [Node], isRow: Bool, gap: Double, align: Align,
                                     spacing: Double? = nil) {
        let stack = isRow ? "HStack" : "VStack"
        let alignment = isRow ? Self.verticalName(align) : Self.horizontalName(align)
        out.line(stack + "(alignment: ." + alignment + ", spacing: " + SwiftLiteral.number(spacing ?? gap) + ") {")
        out.indent {
            for child in children { writeNode(child, parentIsRow: isRow) }
        }
        out.line("}")
    }

    /// `animation=none` on a node (site/reference/animation.md, "A still node"): its
    /// subtree's shapes see the component's style without an animation, so they take the
    /// full base colour and no band, as the painter draws them.
    static let stillModifier = ".transformEnvironment(\\.skeletonStyle) { $0.animation.kind = .none } // animation=none"

    /// A node's own motion (site/reference/animation.md, "Motion per node"): its
    /// subtree's shapes see the component's style with that animation, a band per shape.
    static func motionModifier(_ m: Animation) -> String {
        var arguments = ["kind: ." + kindName(m.kind), "duration: " + SwiftLiteral.number(m.duration),
                         "angle: " + SwiftLiteral.number(m.angle), "band: " + SwiftLiteral.number(m.band),
                         "delay: " + SwiftLiteral.number(m.delay), "easing: ." + easingName(m.easing)]
        arguments += rhythmArguments(m)
        var body = "$0.animation = SkeletonAnimation(" + arguments.joined(separator: ", ") + ")"
        if m.kind == .pulse { body += "; $0.pulseMinimum = " + SwiftLiteral.number(m.pulseTo) }
        return ".transformEnvironment(\\.skeletonStyle) { " + body + " } // animation=" + kindName(m.kind)
    }

    private mutating func writeNode(_ node: Node, parentIsRow: Bool) {
        let outer = (stillOpen, motionOpen)
        let opens = node.still != stillOpen || (!node.still && node.motion != motionOpen)
        let modifier = !opens ? "" : node.motion.map { Self.motionModifier($0) } ?? Self.stillModifier
        let opensStill = opens
        (stillOpen, motionOpen) = (node.still, node.motion)
        defer { (stillOpen, motionOpen) = outer }
        let frame = frames[node.position] ?? Rect(x: 0, y: 0, width: 0, height: 0)
        switch node.kind {
        case .rect, .circle, .capsule:
            out.line(shapeExpression(node, frame: frame) + colorSuffix(node))
            out.indent {
                if fluid?.widths.contains(node.position) == true, let ratio = node.aspect {
                    out.line(".aspectRatio(" + Self.ratio(ratio) + ", contentMode: .fit)")
                }
                out.line(frameModifier(frame, alignment: nil, node) + sizeComment(node, frame: frame))
                if opensStill { out.line(modifier) }
            }
        case .spacer:
            let size = parentIsRow ? "width: " + SwiftLiteral.number(frame.width)
                                   : "height: " + SwiftLiteral.number(frame.height)
            out.line("Spacer(minLength: 0)")
            out.indent { out.line(".frame(" + size + ")" + sizeComment(node, frame: frame)) }
        case .text(let metrics):
            writeText(node, metrics, frame: frame)
            if opensStill { out.line(modifier) }
        case .row, .column, .repeat:
            writeContainer(node, frame: frame)
            if opensStill { out.line(modifier) }
        }
    }

    private mutating func writeText(_ node: Node, _ metrics: TextMetrics, frame: Rect) {
        out.line("VStack(alignment: .leading, spacing: " + SwiftLiteral.number(metrics.spacing) + ") {")
        out.indent {
            let lines = max(0, metrics.lines)
            let full = frame.width
            let last = frame.width * metrics.lastLineFraction
            let bar = textBarShape(node, height: metrics.lineHeight) + colorSuffix(node)
            let flexible = fluid?.widths.contains(node.position) == true
            if lines > 1 {
                out.line("ForEach(0..<" + String(lines - 1) + ") { _ in")
                out.indent {
                    out.line(bar)
                    out.indent { out.line(flexible ? Self.flexibleBar(1, metrics.lineHeight)
                                          : ".frame(width: " + SwiftLiteral.number(full) + ", height: "
                                          + SwiftLiteral.number(metrics.lineHeight) + ")") }
                }
                out.line("}")
            }
            if lines > 0 {
                out.line(bar)
                out.indent {
                    out.line((flexible ? Self.flexibleBar(metrics.lastLineFraction, metrics.lineHeight)
                              : ".frame(width: " + SwiftLiteral.number(last) + ", height: "
                             + SwiftLiteral.number(metrics.lineHeight) + ")")
                             + (lines > 1 || metrics.lastLineFraction != 1
                                ? " // last line: " + CSSNumber.format(metrics.lastLineFraction * 100) + "%" : ""))
                }
            }
        }
        out.line("}")
        // size= and leading=: half the leading above the first bar and below the last.
        if metrics.inset != 0 { out.line(".padding(.vertical, " + SwiftLiteral.number(metrics.inset) + ")") }
        out.line(frameModifier(frame, alignment: "topLeading", node) + sizeComment(node, frame: frame))
    }

    /// A fixed spec's flexible frames among a container's children
    /// (`SwiftUIFluidFrames.decide`), decided before they are written.
    private mutating func decideFixed(_ children: [Node], row: Bool, content: Double, gap: Double, flexible: Bool) {
        if fluid?.fixed == true { fluid?.decide(children, row: row, content: content, gap: gap, flexible: flexible, frames) }
    }

    private mutating func writeContainer(_ node: Node, frame: Rect) {
        let isRow: Bool
        if case .row = node.kind { isRow = true } else { isRow = false }
        do {
            // A grid's cells are fixed: its children fill a cell, not the repeat.
            let cells = Double(node.columns ?? 1)
            let content = frame.width - node.padding.left - node.padding.right
            decideFixed(node.children, row: isRow, content: (content - node.gap * (cells - 1)) / cells, gap: node.gap,
                        flexible: node.columns == nil && fluid?.widths.contains(node.position) == true)
        }
        let kids = flexChildFrames(node, isRow: isRow)
        var (spacing, alignment) = mainAxis(node, isRow: isRow, kids: kids, frame: frame)
        if case .repeat(let count) = node.kind, let columns = node.columns {
            let grid = gridGeometry(node, count: count, columns: columns, frame: frame)
            alignment = grid.alignment
            writeGrid(node, grid)
        } else if case .repeat(let count) = node.kind {
            let stagger = node.stagger ?? spec.animation.stagger
            out.line("VStack(alignment: ." + Self.horizontalName(node.align) + ", spacing: "
                     + SwiftLiteral.number(spacing) + ") {")
            out.indent {
                out.line("ForEach(0..<" + String(max(0, count)) + ") { " + (stagger != 0 ? "copy" : "_") + " in")
                out.indent {
                    out.line("Group {")
                    out.indent { for child in node.children { writeNode(child, parentIsRow: false) } }
                    out.line("}")
                    // Copy i animates as if at t − i·stagger (nested repeats add up).
                    if stagger != 0 {
                        out.line(".skeletonTimeOffset(Double(copy) * " + SwiftLiteral.number(stagger) + ")")
                    }
                }
                out.line("}")
            }
            out.line("}")
        } else {
            writeStack(children: node.children, isRow: isRow, gap: node.gap, align: node.align, spacing: spacing)
        }
        do {
            let p = node.padding
            if p.top != 0 || p.right != 0 || p.bottom != 0 || p.left != 0 {
                if p.top == p.right && p.right == p.bottom && p.bottom == p.left {
                    out.line(".padding(" + SwiftLiteral.number(p.top) + ")")
                } else {
                    out.line(".padding(EdgeInsets(top: " + SwiftLiteral.number(p.top) + ", leading: "
                             + SwiftLiteral.number(p.left) + ", bottom: " + SwiftLiteral.number(p.bottom)
                             + ", trailing: " + SwiftLiteral.number(p.right) + "))")
                }
            }
            out.line(frameModifier(frame, alignment: alignment, node) + sizeComment(node, frame: frame))
            if node.fill != nil || node.darkFill != nil {
                let clear = RGBA(0, 0, 0, 0)
                let light = node.fill ?? clear
                let dark = node.darkFill ?? light
                let radius = max(0, min(node.radius ?? 0, min(frame.width, frame.height) / 2))
                out.line(".skeletonSurface(" + SwiftLiteral.color(light: light, dark: dark) + ", radius: "
                         + SwiftLiteral.number(radius) + ")")
            }
        }
    }

    /// A grid `repeat`: rows of `columns` cells (a partial last row leaves its
    /// columns empty), every cell the size the layout engine gave the first one.
    /// What a grid's stack needs: its rows, the cells' size, and the spacing and frame
    /// alignment that put the rows where the layout engine's `justify` put them.
    struct GridGeometry {
        var count: Int
        var columns: Int
        var rows: Int
        var cellWidth: Double
        var cellHeight: Double
        var rowSpacing: Double
        var alignment: String
    }

    private func gridGeometry(_ node: Node, count: Int, columns: Int, frame: Rect) -> GridGeometry {
        let rows = (max(0, count) + columns - 1) / columns
        let contentWidth = max(0, frame.width - node.padding.left - node.padding.right)
        let contentHeight = max(0, frame.height - node.padding.top - node.padding.bottom)
        let rowGap = node.rowGap ?? node.gap
        let cellWidth = max(0, (contentWidth - node.gap * Double(columns - 1)) / Double(columns))
        var cellHeight = 0.0
        if let first = node.children.first.flatMap({ frames[$0.position] }) {
            var bottom = first.y
            for child in node.children { if let f = frames[child.position] { bottom = max(bottom, f.y + f.height) } }
            cellHeight = bottom - first.y
        }
        let free = contentHeight - Double(rows) * cellHeight - rowGap * Double(max(0, rows - 1))
        var spacing = rowGap
        var vertical = "start"
        switch node.justify {
        case .start: break
        case .center: vertical = "center"
        case .end: vertical = "end"
        case .spaceBetween:
            if free > 0 && rows > 1 { spacing += free / Double(rows - 1) }
        case .spaceAround:
            vertical = "center"
            if free > 0 && rows > 0 { spacing += free / Double(rows) }
        case .spaceEvenly:
            vertical = "center"
            if free > 0 && rows > 0 { spacing += free / Double(rows + 1) }
        }
        let alignment = vertical.hasSameBytes(as: "start") ? "topLeading" : vertical.hasSameBytes(as: "end") ? "bottomLeading" : "leading"
        return GridGeometry(count: count, columns: columns, rows: rows, cellWidth: cellWidth, cellHeight: cellHeight,
                            rowSpacing: spacing, alignment: alignment)
    }

    /// A grid `repeat`: rows of `columns` cells (a partial last row leaves its
    /// columns empty), every cell the size the layout engine gave the first one.
    private mutating func writeGrid(_ node: Node, _ grid: GridGeometry) {
        let stagger = node.stagger ?? spec.animation.stagger
        let columns = String(grid.columns)
        let partial = grid.count % grid.columns != 0
        out.open("VStack(alignment: .leading, spacing: " + SwiftLiteral.number(grid.rowSpacing) + ") {")
        out.open("ForEach(0..<" + String(grid.rows) + ") { row in")
        out.open("HStack(alignment: .top, spacing: " + SwiftLiteral.number(node.gap) + ") {")
        out.open("ForEach(0..<" + columns + ") { column in")
        if partial { out.open("if row * " + columns + " + column < " + String(grid.count) + " {") }
        out.open("VStack(alignment: ." + Self.horizontalName(node.align) + ", spacing: 0) {")
        for child in node.children { writeNode(child, parentIsRow: false) }
        out.close()
        out.line(".frame(width: " + SwiftLiteral.number(grid.cellWidth) + ", height: " + SwiftLiteral.number(grid.cellHeight)
                 + ", alignment: ." + Self.topAlignmentName(node.align) + ")")
        // Copy i animates as if at t − i·stagger, row by row.
        if stagger != 0 {
            out.line(".skeletonTimeOffset(Double(row * " + columns + " + column) * " + SwiftLiteral.number(stagger) + ")")
        }
        if partial { out.close() }
        for _ in 0..<4 { out.close() }
    }

    /// A cell's frame alignment: its children at the top, placed across by `align`.
    static func topAlignmentName(_ align: Align) -> String {
        switch align {
        case .start, .stretch: return "topLeading"
        case .center: return "top"
        case .end: return "topTrailing"
        }
    }

    /// The frames of a container's flex items in order (a `repeat`'s first copy only).
    private func flexChildFrames(_ node: Node, isRow: Bool) -> [Rect] {
        var result: [Rect] = []
        for child in node.children {
            if let frame = frames[child.position] { result.append(frame) }
        }
        return result
    }

    /// The stack's spacing and its frame's alignment (main axis from `justify`, cross
    /// axis from `align`). `space-*` spacing is what the layout engine distributed.
    private func mainAxis(_ node: Node, isRow: Bool, kids: [Rect], frame: Rect) -> (Double, String) {
        var spacing = node.gap
        var main: String
        switch node.justify {
        case .start: main = "start"
        case .center: main = "center"
        case .end: main = "end"
        case .spaceBetween, .spaceAround, .spaceEvenly:
            main = node.justify == .spaceBetween ? "start" : "center"
            if kids.count >= 2 {
                let a = kids[0], b = kids[1]
                let between = isRow ? b.x - (a.x + a.width) : b.y - (a.y + a.height)
                if between > node.gap { spacing = between; main = "center" }
            }
        }
        let cross: String
        switch node.align {
        case .start, .stretch: cross = "start"
        case .center: cross = "center"
        case .end: cross = "end"
        }
        let horizontal = isRow ? main : cross
        let vertical = isRow ? cross : main
        return (spacing, Self.alignmentName(horizontal: horizontal, vertical: vertical))
    }

    static func alignmentName(horizontal: String, vertical: String) -> String {
        let v: String
        switch Spelling(vertical) {
        case "start": v = "top"
        case "end": v = "bottom"
        default: v = "center"
        }
        let h: String
        switch Spelling(horizontal) {
        case "start": h = "leading"
        case "end": h = "trailing"
        default: h = "center"
        }
        if v.hasSameBytes(as: "center") { return h }
        if h.hasSameBytes(as: "center") { return v }
        return v + (h.hasSameBytes(as: "leading") ? "Leading" : "Trailing")
    }

    static func verticalName(_ align: Align) -> String {
        switch align {
        case .start, .stretch: return "top"
        case .center: return "center"
        case .end: return "bottom"
        }
    }

    static func horizontalName(_ align: Align) -> String {
        switch align {
        case .start, .stretch: return "leading"
        case .center: return "center"
        case .end: return "trailing"
        }
    }

    // MARK: Shapes

    private func shapeExpression(_ node: Node, frame: Rect) -> String {
        let limit = max(0, min(frame.width, frame.height) / 2)
        switch node.kind {
        case .circle where node.radius == nil:
            return "Circle()"
        case .capsule where node.radius == nil:
            return "Capsule(style: .circular)"
        case .circle, .capsule, .rect:
            let radius = max(0, min(node.radius ?? 0, limit))
            return radius == 0 ? "Rectangle()"
                : "RoundedRectangle(cornerRadius: " + SwiftLiteral.number(radius) + ", style: .circular)"
        default:
            return "Rectangle()"
        }
    }

    private func textBarShape(_ node: Node, height: Double) -> String {
        let radius = max(0, min(node.radius ?? 0, height / 2))
        return radius == 0 ? "Rectangle()"
            : "RoundedRectangle(cornerRadius: " + SwiftLiteral.number(radius) + ", style: .circular)"
    }

    /// `.skeleton()` in the theme's base, or the shape's own colours: in dark, `dark-color=`,
    /// else `color=`, else the dark base (the painter's rule).
    private func colorSuffix(_ node: Node) -> String {
        guard node.color != nil || node.darkColor != nil else { return ".skeleton()" }
        let light = node.color ?? spec.appearance.base
        let dark = node.darkColor ?? node.color ?? spec.appearance.darkBase
        return ".skeleton(" + SwiftLiteral.color(light: light, dark: dark) + ")"
    }

    private func frameModifier(_ frame: Rect, alignment: String?, _ node: Node? = nil) -> String {
        if let node, let flexible = fluid?.modifier(node, frame, alignment: alignment) { return flexible }
        return ".frame(width: " + SwiftLiteral.number(frame.width) + ", height: " + SwiftLiteral.number(frame.height)
            + (alignment.map { ", alignment: ." + $0 } ?? "") + ")"
    }

    /// What the spec said where the frame is a resolved size rather than the spec's own.
    private func sizeComment(_ node: Node, frame: Rect) -> String {
        var notes: [String] = []
        if case .percent(let p) = node.width { notes.append("width " + CSSNumber.format(p) + "%") }
        if case .percent(let p) = node.height { notes.append("height " + CSSNumber.format(p) + "%") }
        if node.grow > 0 { notes.append("grow=" + CSSNumber.format(node.grow)) }
        if case .spacer = node.kind, node.grow == 0 { notes.append("spacer") }
        return notes.isEmpty ? "" : " // " + notes.joined(separator: ", ")
    }

    /// `fluid: SkeletonFluid(minWidth: 260, maxWidth: 560)`: the view fills the width
    /// it is offered, within the spec's bounds.
    static func fluidArgument(_ bounds: FluidWidth, height: Double?) -> String {
        var parts: [String] = []
        if let low = bounds.minWidth { parts.append("minWidth: " + SwiftLiteral.number(low)) }
        if let high = bounds.maxWidth { parts.append("maxWidth: " + SwiftLiteral.number(high)) }
        if bounds.percent != 100 { parts.append("share: " + SwiftLiteral.number(bounds.percent / 100)) }
        if let height { parts.append("height: " + SwiftLiteral.number(height)) }
        return "fluid: SkeletonFluid(" + parts.joined(separator: ", ") + ")"
    }

    /// A text line of a fluid text node: the whole width offered, or its share of it.
    static func flexibleBar(_ fraction: Double, _ height: Double) -> String {
        let h = SwiftLiteral.number(height)
        if fraction == 1 { return ".frame(maxWidth: .infinity, minHeight: " + h + ", maxHeight: " + h + ")" }
        return ".skeletonFraction(" + SwiftLiteral.number(fraction) + ", height: " + h + ")"
    }

    /// `aspect=16:9` as `16 / 9` (CGFloat arithmetic, exact), else the ratio.
    static func ratio(_ value: Double) -> String {
        guard let (numerator, denominator) = AspectRatioText.fraction(value) else { return SwiftLiteral.number(value) }
        return SwiftLiteral.number(numerator) + (denominator == 1 ? "" : " / " + String(denominator))
    }
}
