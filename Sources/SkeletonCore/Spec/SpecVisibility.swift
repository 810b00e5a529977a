/// Warnings about skeletons that cannot be seen (site/reference/diagnostics.md,
/// "Warnings: skeletons that cannot be seen"):
///
/// - a shape whose colour, in either theme, is within `minimumDistance` of the surface
///   under it (the nearest `fill=` of its containers, else the background), measured
///   with pixelmatch's YIQ distance (ColourDistance.yiq); shapes in the base colour are
///   one warning per surface;
/// - a `fill=` or `color=` with no `dark-` counterpart that stays light in the dark
///   theme (relative luminance above `lightLuminance`, and not a vivid accent) on a
///   surface that is dark there: a white card that stays white in dark mode. Writing the
///   dark attribute, even with the same colour, says the light colour is meant.
///
/// One layout warning rides along: a `repeat` alone in a `row`, whose copies stack as a
/// column (site/reference/repeat.md, "Inside a row").
///
/// Warnings never stop a build. `check` and `build` add them after parsing; the parser
/// itself does not, so `render`, `export` and the playground are unchanged.
public enum SpecVisibility {
    /// Below this YIQ distance (pixelmatch's threshold scale) a shape is reported: it is
    /// `verify`'s threshold, so a browser that painted the surface in place of such a
    /// shape would pass, and it is about 8 levels of an sRGB grey (#F7F7F7 on white),
    /// which few screens show. The palest shape of the bundled docs, gray6 (#F2F2F7) on
    /// white, is 0.047.
    public static let minimumDistance: Double = 0.03

    /// Above this relative luminance a colour is light (white is 1, #BCBCBC about 0.5).
    public static let lightLuminance: Double = 0.5

    /// A vivid colour (its channels spread by `vividSpread` or more, as yellow #FFCC00)
    /// is an accent, not a light surface: accents stay light in a dark theme (iOS's dark
    /// yellow is #FFD60A), so only pale tints and greys get the dark-theme warning.
    public static let vividSpread = 128

    static func isVivid(_ c: RGBA) -> Bool {
        Int(max(c.r, c.g, c.b)) - Int(min(c.r, c.g, c.b)) >= vividSpread
    }

    /// `result` with the warnings of its spec added, in source order and capped like
    /// every diagnostic (DiagnosticCap). `source`, `firstLine` and `columnOffset` are what
    /// the spec was parsed from, so the warnings point at the attribute they are about.
    public static func adding(to result: ParseResult, source: [UInt8], firstLine: Int = 1,
                              columnOffset: Int = 0) -> ParseResult {
        guard let spec = result.spec else { return result }
        let found = findings(spec)
        if found.isEmpty { return result }
        let located = locate(found, source: source, firstLine: firstLine, columnOffset: columnOffset)
        var all = Array((result.diagnostics + located).enumerated())
        all.sort { a, b in
            let (p, q) = (a.element.position, b.element.position)
            if p.line != q.line { return p.line < q.line }
            if p.column != q.column { return p.column < q.column }
            return a.offset < b.offset
        }
        return ParseResult(spec: spec, diagnostics: DiagnosticCap.apply(all.map { $0.element }))
    }

    /// One warning, before its column is found: at `attribute` on the node's line (its
    /// value when `atValue`), or at the node's keyword when nil.
    public struct Finding: Equatable, Sendable {
        public var message: String
        public var node: SourcePosition
        public var attribute: String?
        public var atValue: Bool
    }

    /// The warnings of a parsed spec, in tree order.
    public static func findings(_ spec: Spec) -> [Finding] {
        var walk = Walk(appearance: spec.appearance)
        walk.sweeps = spec.animation.kind == .shimmer && spec.animation.moves
        let page = Surface(light: ColourDistance.composited(spec.appearance.background, over: Defaults.background),
                           dark: ColourDistance.composited(spec.appearance.darkBackground, over: Defaults.darkBackground),
                           lightName: "the background", darkName: "the dark background")
        walk.visit(spec.children, on: page)
        walk.reportBaseGroups()
        return walk.findings
    }

    /// The opaque colour under a node in each theme, what painted it ("the background",
    /// "the fill of the row on line 7") and the line of that container (nil: the background).
    struct Surface {
        var light: RGBA
        var dark: RGBA
        var lightName: String
        var darkName: String
        var lightLine: Int?
        var darkLine: Int?

        func colour(_ theme: Theme) -> RGBA { theme == .light ? light : dark }
        func name(_ theme: Theme) -> String { theme == .light ? lightName : darkName }
        func line(_ theme: Theme) -> Int? { theme == .light ? lightLine : darkLine }

        /// What a container with these fills shows its children (ThemeColours: in the dark
        /// theme `dark-fill`, else `fill`).
        func under(_ node: Node, kind: String) -> Surface {
            var next = self
            let line = node.position.line
            if let fill = node.fill {
                next.light = ColourDistance.composited(fill, over: light)
                next.lightName = "the fill of the \(kind) on line \(line)"
                next.lightLine = line
            }
            if let fill = node.darkFill ?? node.fill {
                next.dark = ColourDistance.composited(fill, over: dark)
                next.darkName = "the \(node.darkFill == nil ? "fill" : "dark-fill") of the \(kind) on line \(line)"
                next.darkLine = line
            }
            return next
        }
    }

    private struct Walk {
        let appearance: Appearance
        var findings: [Finding] = []
        /// Shapes painted in the theme's base too close to one surface: reported once, at the
        /// first, with how many more there are.
        struct BaseGroup {
            var theme: Theme
            var surface: Int?
            var finding: Int
            var more = 0
            var name: String
            var colour: RGBA
            var distance: Double
            var surfaceName: String
            var surfaceColour: RGBA
        }
        var baseGroups: [BaseGroup] = []

        /// A moving shimmer: its band shows base-coloured shapes (`bandShows`).
        var sweeps = false
        /// Inside a node under `animation=none`.
        var still = false

        init(appearance: Appearance) { self.appearance = appearance }

        /// A shape in a translucent base colour that the shimmer's band shows, at its
        /// peak, clearly against the surface: a base alpha meant to fade the shapes between
        /// sweeps, as in Facebook Shimmer's spotlight (site/reference/animation.md, "A band
        /// on nothing"). An opaque base that matches its surface is still a mistake.
        /// A node with a motion of its own (`motion`) sweeps when that is a moving shimmer,
        /// whatever the component does (site/reference/animation.md, "Motion per node").
        func bandShows(_ base: RGBA, theme: Theme, on surface: RGBA, motion: Animation?) -> Bool {
            let moving = motion.map { $0.kind == .shimmer && $0.moves } ?? sweeps
            guard moving, !still, base.a < 255 else { return false }
            let shown = ColourDistance.composited(base, over: surface)
            let peak = ColourDistance.composited(appearance.colours(for: theme).highlight, over: shown)
            return ColourDistance.yiq(peak, surface) >= SpecVisibility.minimumDistance
        }

        mutating func visit(_ nodes: [Node], on under: Surface) {
            let outer = still
            defer { still = outer }
            for node in nodes {
                still = outer || node.still
                let name = Self.kindName(node.kind)
                if node.kind.isContainer {
                    let surface = under.under(node, kind: name)
                    if let fill = node.fill, node.darkFill == nil {
                        staysLight(fill, attribute: "fill", node: node, name: name, on: under)
                    }
                    if node.kind == .row { loneRepeat(in: node) }
                    if case .repeat(let count) = node.kind, count <= 0 { continue }
                    visit(node.children, on: surface)
                    continue
                }
                if case .spacer = node.kind { continue }
                for theme in [Theme.light, .dark] { checkShape(node, name: name, theme: theme, on: under) }
                if let color = node.color, node.darkColor == nil {
                    staysLight(color, attribute: "color", node: node, name: name, on: under)
                }
            }
        }

        /// A `repeat` that is a row's only child: its copies stack as a column wherever it
        /// sits (site/reference/repeat.md, "Inside a row"), so the author most likely meant
        /// them along the row. A repeat beside other items is the documented side-by-side
        /// column and is not reported.
        mutating func loneRepeat(in row: Node) {
            guard row.children.count == 1, let only = row.children.first, only.columns == nil,
                  case .repeat(let count) = only.kind else { return }
            let n = only.fillsHeight ? "N" : String(count)
            let copies = only.fillsHeight ? "its copies" : count == 1 ? "its 1 copy" : "its \(count) copies"
            findings.append(Finding(
                message: "repeat \(only.fillsHeight ? "fill " : "")inside a row stacks \(copies) in a column, not along "
                    + "the row (a repeat is a column wherever it sits); to lay the copies side by side write "
                    + "repeat \(n) columns=\(n)",
                node: only.position, attribute: nil, atValue: false))
        }

        mutating func checkShape(_ node: Node, name: String, theme: Theme, on under: Surface) {
            let own = theme == .light ? node.color : (node.darkColor ?? node.color)
            let colour = own ?? appearance.colours(for: theme).base
            let surface = under.colour(theme)
            let distance = ColourDistance.yiq(ColourDistance.composited(colour, over: surface), surface)
            guard distance < SpecVisibility.minimumDistance else { return }
            guard own != nil else {
                if bandShows(colour, theme: theme, on: surface, motion: node.motion) { return }
                let key = under.line(theme)
                if let index = baseGroups.firstIndex(where: { $0.theme == theme && $0.surface == key }) {
                    baseGroups[index].more += 1
                    return
                }
                baseGroups.append(BaseGroup(theme: theme, surface: key, finding: findings.count, name: name, colour: colour,
                                            distance: distance, surfaceName: under.name(theme), surfaceColour: surface))
                findings.append(Finding(message: "", node: node.position, attribute: nil, atValue: false))
                return
            }
            let attribute = theme == .dark && node.darkColor != nil ? "dark-color" : "color"
            findings.append(Finding(
                message: Self.pale(subject: name, pronoun: "it", theme: theme, colour: "its \(attribute) \(colour.hex)",
                                   distance: distance, surfaceName: under.name(theme), surfaceColour: surface),
                node: node.position, attribute: attribute, atValue: true))
        }

        /// "rect can hardly be seen in the light theme: its color #f8f8f8 is 0.026 from the
        /// background #ffffff under it in pixelmatch's YIQ distance (below 0.03 is reported); …"
        static func pale(subject: String, pronoun: String, theme: Theme, colour: String, distance: Double,
                         surfaceName: String, surfaceColour: RGBA) -> String {
            "\(subject) can hardly be seen in the \(theme == .light ? "light" : "dark") theme: \(colour) is "
                + "\(decimal(distance)) from \(surfaceName) \(surfaceColour.hex) under \(pronoun) in pixelmatch's YIQ "
                + "distance (below \(shortDecimal(SpecVisibility.minimumDistance)) is reported); choose colours further apart"
        }

        /// A light `fill=` or `color=` with no dark counterpart, on a surface that is dark
        /// in the dark theme: the author's light colour is kept there (ThemeColours).
        mutating func staysLight(_ colour: RGBA, attribute: String, node: Node, name: String, on under: Surface) {
            let below = under.dark
            let shown = ColourDistance.composited(colour, over: below)
            let luminance = ColourDistance.relativeLuminance(shown)
            guard luminance > SpecVisibility.lightLuminance, !SpecVisibility.isVivid(shown),
                  ColourDistance.relativeLuminance(below) <= SpecVisibility.lightLuminance else { return }
            findings.append(Finding(
                message: "\(attribute) \(colour.hex) has no dark-\(attribute), so this \(name) stays light in the dark theme "
                    + "(relative luminance \(Self.decimal(luminance)), on \(under.name(.dark)) \(below.hex)); give it a "
                    + "dark-\(attribute)=, or dark-\(attribute)=\(colour.hex) to keep it light on purpose",
                node: node.position, attribute: attribute, atValue: false))
        }

        /// The message of each group of base-coloured shapes, now that its size is known.
        mutating func reportBaseGroups() {
            for group in baseGroups {
                let more = group.more == 1 ? " and 1 more shape" : group.more > 1 ? " and \(group.more) more shapes" : ""
                let source = group.theme == .light ? "base" : "dark-base"
                findings[group.finding].message = Self.pale(
                    subject: group.name + more, pronoun: group.more == 0 ? "it" : "them", theme: group.theme,
                    colour: "the \(source) colour \(group.colour.hex)", distance: group.distance,
                    surfaceName: group.surfaceName, surfaceColour: group.surfaceColour)
            }
        }

        static func kindName(_ kind: NodeKind) -> String {
            switch kind {
            case .row: return "row"
            case .column: return "column"
            case .repeat: return "repeat"
            case .rect: return "rect"
            case .circle: return "circle"
            case .capsule: return "capsule"
            case .text: return "text"
            case .spacer: return "spacer"
            }
        }

        /// Three decimals, cut (not rounded) so that a value just below a cut-off never
        /// prints as the cut-off itself.
        static func decimal(_ value: Double) -> String {
            let thousandths = Int(max(0, min(value, 1000)) * 1000)
            let fraction = String(thousandths % 1000)
            return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
        }

        /// `decimal` without its trailing zeros: 0.03, not 0.030.
        static func shortDecimal(_ value: Double) -> String {
            var text = decimal(value)
            while text.hasSuffix("0") { text.removeLast() }
            return text.hasSuffix(".") ? String(text.dropLast()) : text
        }
    }

    /// Turns findings into diagnostics, finding each attribute's column on its line.
    static func locate(_ found: [Finding], source: [UInt8], firstLine: Int, columnOffset: Int) -> [Diagnostic] {
        let text = source.starts(with: SpecLexer.byteOrderMark) ? Array(source.dropFirst(3)) : source
        var scratch: [Diagnostic] = []
        var lines: [Int: SpecLine] = [:]
        if found.contains(where: { $0.attribute != nil }) {
            for line in SpecLexer.lines(text, firstLine: firstLine, columnOffset: columnOffset, diagnostics: &scratch) {
                lines[line.line] = line
            }
        }
        return found.map { finding in
            var position = finding.node
            if let attribute = finding.attribute, let line = lines[finding.node.line],
               let token = line.tokens.first(where: { $0.key.map { String(decoding: $0, as: UTF8.self) } == attribute }) {
                position.column = finding.atValue ? token.valueColumn : token.column
            }
            return Diagnostic(.warning, finding.message, at: position)
        }
    }
}
