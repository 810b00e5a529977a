// Reads one line's words into the root, a setting or a node: checks attribute
// names (unknown, misplaced, duplicate) and parses each value.

extension SpecParseRun {
    /// Splits a line's tokens after the keyword into positionals and known attributes,
    /// reporting unknown, misplaced, duplicate and empty attributes.
    mutating func sortTokens(_ line: SpecLine, _ keyword: Keyword) -> (positionals: [SpecToken], attributes: [(String, SpecToken)]) {
        var positionals: [SpecToken] = []
        var attributes: [(String, SpecToken)] = []
        let allowed = keyword.attributes
        let kind = keyword.spelling
        for token in line.tokens.dropFirst() {
            guard let key = token.key else {
                positionals.append(token)
                continue
            }
            let name = token.keyText
            if key.isEmpty {
                error("missing attribute name before '='", line.line, token.column)
                continue
            }
            // `content=PATH` on the root names the markup the skeleton stands in for: read by
            // `skelsite fit` (site/guides/fit-the-content.md), nothing the component draws.
            // `animation=none` on a node keeps it and its subtree still
            // (site/reference/animation.md, "A still node"); `name=` names the content's part
            // it stands in for (site/guides/fit-the-content.md).
            if !allowed.containsBytes(of: name) && !(keyword == .skeleton && name.hasSameBytes(as: "content"))
                && !(keyword.takesNodeMotion && (name.hasSameBytes(as: "animation") || name.hasSameBytes(as: "name"))) {
                if let hint = keyword.hint(forMisplaced: name) {
                    error("attribute '\(name)' does not apply to \(kind); \(hint)", line.line, token.column)
                } else if let borrowed = BorrowedWords.attribute(name, on: keyword.spelling) {
                    error("unknown attribute '\(SpecText.show(key))' on \(kind); \(borrowed)", line.line, token.column)
                } else if let guess = Suggestions.closest(to: name, in: allowed) {
                    error("unknown attribute '\(SpecText.show(key))' on \(kind); did you mean '\(guess)'?", line.line, token.column)
                } else if Keyword.everyAttribute.containsBytes(of: name) {
                    error("attribute '\(name)' does not apply to \(kind); \(kind) takes \(Suggestions.list(allowed))", line.line, token.column)
                } else {
                    error("unknown attribute '\(SpecText.show(key))' on \(kind); \(kind) takes \(Suggestions.list(allowed))", line.line, token.column)
                }
                continue
            }
            if attributes.contains(where: { $0.0.hasSameBytes(as: name) }) {
                error("duplicate attribute '\(name)' on \(kind); remove one of them", line.line, token.column)
                continue
            }
            if token.value.isEmpty && !token.quoted {
                error("missing value after '\(name)='", line.line, token.column)
                continue
            }
            attributes.append((name, token))
        }
        return (positionals, attributes)
    }

    /// Unwraps a parsed value, reporting a failure at the value's position.
    mutating func check<T>(_ result: Result<T, ValueProblem>, _ token: SpecToken, _ line: SpecLine) -> T? {
        switch result {
        case .success(let v):
            return v
        case .failure(let problem):
            error(problem.message, line.line, token.valueColumn + (token.quoted ? 1 : 0) + problem.offset)
            return nil
        }
    }

    mutating func unexpected(_ token: SpecToken, on kind: String, _ line: SpecLine) {
        let what = token.quoted ? "\"\(SpecText.show(token.value))\"" : SpecText.show(token.value)
        error("unexpected '\(what)' on \(kind); write attributes as key=value", line.line, token.column)
    }

    /// `dir=`'s values, HTML's own words (site/reference/layout.md, "Direction").
    static let directions: [(String, SpecDirection)] = [("ltr", .ltr), ("rtl", .rtl), ("auto", .auto)]

    mutating func parseRoot(_ line: SpecLine) {
        let (positionals, attributes) = sortTokens(line, .skeleton)
        for (i, token) in positionals.enumerated() {
            if i == 0 {
                title = token.valueText
            } else {
                error("unexpected '\(SpecText.show(token.value))' after the title; quote a title that has spaces, like skeleton \"Article row\"",
                      line.line, token.column)
            }
        }
        var fluidTokens: [(String, SpecToken)] = []
        for (name, token) in attributes {
            if name.hasSameBytes(as: "min-width") || name.hasSameBytes(as: "max-width")
                || name.hasSameBytes(as: "widths") || name.hasSameBytes(as: "reference-width") {
                fluidTokens.append((name, token))
                continue
            }
            if name.hasSameBytes(as: "width"), let percent = fluidPercent(token, line) {
                if percent > 0 { fluidDraft = FluidWidth(percent: percent) }
                continue
            }
            if name.hasSameBytes(as: "content") { continue }
            if name.hasSameBytes(as: "dir") {
                if let d = check(SpecValues.keyword(token.value, name, SpecParseRun.directions), token, line) { dir = d }
                continue
            }
            if name.hasSameBytes(as: "label") {
                // Any text, read as it is written: the words a screen reader says.
                if token.valueText.isEmpty {
                    error("label is empty; give the words a screen reader should say, like label=\"Loading content\"",
                          line.line, token.valueColumn)
                } else {
                    label = token.valueText
                }
                continue
            }
            let value = check(SpecValues.points(token.value, name, positive: true), token, line)
            if name.hasSameBytes(as: "width"), let v = value { width = v }
            if name.hasSameBytes(as: "height"), let v = value { height = v }
        }
        finishFluid(fluidTokens, line)
    }

    mutating func parseAppearance(_ line: SpecLine, apply: Bool) {
        let (positionals, attributes) = sortTokens(line, .appearance)
        for token in positionals { unexpected(token, on: "appearance", line) }
        for (name, token) in attributes {
            guard let c = check(SpecValues.colour(token.value), token, line), apply else { continue }
            switch Spelling(name) {
            case "base": appearance.base = c
            case "highlight": appearance.highlight = c
            case "background": appearance.background = c
            case "dark-base": appearance.darkBase = c
            case "dark-highlight": appearance.darkHighlight = c
            default: appearance.darkBackground = c
            }
        }
    }

    mutating func parseAnimation(_ line: SpecLine, apply: Bool) {
        let reported = diagnostics.count
        let (positionals, attributes) = sortTokens(line, .animation)
        if positionals.isEmpty && !inheriting {
            error("animation needs a kind: none, gradient, pulse or shimmer, like 'animation pulse'", line.line, line.column)
        }
        for (i, token) in positionals.enumerated() {
            if i > 0 {
                unexpected(token, on: "animation", line)
            } else if let k = check(SpecValues.keyword(token.value, "animation", SpecWords.animationKind), token, line), apply {
                animationKind = k
            }
        }
        for (name, token) in attributes {
            let v = token.value
            switch Spelling(name) {
            case "duration":
                if let t = check(SpecValues.time(v, name, positive: true), token, line), apply { duration = t }
            case "direction":
                if let d = check(SpecValues.keyword(v, name, SpecWords.direction), token, line), apply { direction = d }
            case "band":
                if let b = check(SpecValues.fraction(v, name, percentExample: "40%", fractionExample: "0.4"), token, line), apply { band = b }
            case "angle":
                if let a = check(SpecValues.angle(v), token, line), apply { angle = a }
            case "delay":
                if let t = check(SpecValues.time(v, name, positive: false), token, line), apply { delay = t }
            case "stagger":
                if let t = check(SpecValues.time(v, name, positive: false), token, line), apply { stagger = t }
            case "easing":
                if let e = check(SpecValues.keyword(v, name, SpecWords.easing), token, line), apply { easing = e }
            default:
                parseRhythm(name, token, line, apply: apply)
            }
        }
        if apply && diagnostics.count == reported { checkPulseDepth(attributes, line) }
    }

    /// Builds a layout node; nil when the keyword itself was unusable. Attribute
    /// errors are reported and the node is still returned (the run has failed anyway).
    mutating func parseNode(_ line: SpecLine, _ keyword: Keyword) -> Node? {
        let position = SourcePosition(line: line.line, column: line.column)
        let kind = keyword.spelling
        let (positionals, attributes) = sortTokens(line, keyword)
        var node = Node(kind: .column, position: position)
        // Where the positional size came from, to report a clash with width=/height=.
        var sizeToken: SpecToken? = nil
        var lines = Defaults.textLines
        var lineHeight = Defaults.textLineHeight
        var spacing = Defaults.textSpacing
        var last: Double? = nil
        var linesFill = false
        // Sizes from type (`size=`, `leading=`), checked after every attribute is read.
        var sizeFromType: TypeAttribute? = nil
        var leadingFromType: TypeAttribute? = nil
        var metricsToken: SpecToken? = nil
        var typeToken: SpecToken? = nil
        // Checked after every attribute is read: `lines=fill` may come after `height=`.
        var textHeightToken: SpecToken? = nil
        var rowGapToken: SpecToken? = nil
        var aspectToken: SpecToken? = nil

        switch keyword {
        case .row: node.kind = .row
        case .column: node.kind = .column
        case .repeatNode:
            node.kind = .repeat(count: 1)
            if positionals.isEmpty {
                error("repeat needs a count, like 'repeat 3'", line.line, line.column)
            }
        case .rect: node.kind = .rect
        case .capsule: node.kind = .capsule
        case .circle:
            node.kind = .circle
            if positionals.isEmpty {
                error("circle needs a diameter, like 'circle 40'", line.line, line.column)
            }
        case .text: node.kind = .text(TextMetrics(lines: 0, lineHeight: 0, spacing: 0, lastLineFraction: 0))
        case .spacer:
            node.kind = .spacer
            node.grow = SpecDefaults.spacerGrow
        case .skeleton, .appearance, .animation:
            return nil
        }

        for (i, token) in positionals.enumerated() {
            switch (keyword, i) {
            case (.repeatNode, 0):
                if FillWords.isFill(token) {
                    node.kind = .repeat(count: 0)
                    node.fillsHeight = true
                } else if let n = check(SpecValues.count(token.value, "repeat count", 1...Limits.maxRepeat), token, line) {
                    node.kind = .repeat(count: n)
                }
            case (.rect, 0), (.capsule, 0):
                sizeToken = token
                if let (w, h) = check(SpecValues.size(token.value, kind: kind), token, line) {
                    node.width = w
                    node.height = h
                }
            case (.circle, 0):
                if let d = check(SpecValues.points(token.value, "diameter", positive: true), token, line) {
                    node.width = .points(d)
                    node.height = .points(d)
                }
            default:
                unexpected(token, on: kind, line)
            }
        }

        for (name, token) in attributes {
            let v = token.value
            switch Spelling(name) {
            case "width", "height":
                if keyword == .text && name.hasSameBytes(as: "height") { textHeightToken = token }
                if let s = sizeToken {
                    error("'\(name)' is already given by the size '\(SpecText.show(s.value))'; remove one", line.line, token.column)
                    continue
                }
                if let l = check(SpecValues.length(v, name), token, line) {
                    if name.hasSameBytes(as: "width") { node.width = l } else { node.height = l }
                }
            case "grow":
                if let g = check(SpecValues.points(v, name, bounded: false), token, line) { node.grow = g }
            case "gap":
                if let g = check(SpecValues.points(v, name), token, line) { node.gap = g }
            case "padding":
                if let p = check(SpecValues.padding(v), token, line) { node.padding = p }
            case "align":
                if let a = check(SpecValues.keyword(v, name, SpecWords.align), token, line) { node.align = a }
            case "justify":
                if let j = check(SpecValues.keyword(v, name, SpecWords.justify), token, line) { node.justify = j }
            case "radius":
                if let r = check(SpecValues.points(v, name), token, line) { node.radius = r }
            case "fill":
                if let c = check(SpecValues.colour(v), token, line) { node.fill = c }
            case "dark-fill":
                if let c = check(SpecValues.colour(v), token, line) { node.darkFill = c }
            case "color":
                if let c = check(SpecValues.colour(v), token, line) { node.color = c }
            case "dark-color":
                if let c = check(SpecValues.colour(v), token, line) { node.darkColor = c }
            case "stagger":
                if let t = check(SpecValues.time(v, name, positive: false), token, line) { node.stagger = t }
            case "lines":
                if FillWords.isFill(token) {
                    linesFill = true
                } else if let n = check(SpecValues.count(v, name, 1...SpecDefaults.maxTextLines), token, line) {
                    lines = n
                }
            case "columns":
                if let n = check(SpecValues.count(v, name, 1...Limits.maxRepeat), token, line) { node.columns = n }
            case "row-gap":
                rowGapToken = token
                if let g = check(SpecValues.points(v, name), token, line) { node.rowGap = g }
            case "line-height":
                metricsToken = metricsToken ?? token
                if let h = check(SpecValues.points(v, name, positive: true), token, line) { lineHeight = h }
            case "spacing":
                metricsToken = metricsToken ?? token
                if let s = check(SpecValues.points(v, name), token, line) { spacing = s }
            case "size":
                sizeFromType = (token, check(SpecValues.points(v, name, positive: true), token, line))
            case "leading":
                leadingFromType = (token, check(SpecValues.points(v, name, positive: true), token, line))
            case "type":
                typeToken = token
            case "aspect":
                aspectToken = token
                if let r = check(SpecValues.aspect(v), token, line) { node.aspect = r }
            case "animation":
                parseNodeMotion(token, line, into: &node)
            case "name":
                if let part = check(SpecValues.partName(v), token, line) { node.name = part }
            case "last":
                if let f = check(SpecValues.fraction(v, name, percentExample: "70%", fractionExample: "0.7"), token, line) { last = f }
            default:
                break
            }
        }

        var inset = 0.0
        // `type=NAME` stands for the preset's `size=` and `leading=` (site/reference/text.md, "Type presets").
        var typeUsable = true
        if keyword == .text, let typeToken {
            let preset = typePreset(typeToken, size: sizeFromType, leading: leadingFromType, metricsToken: metricsToken, line)
            sizeFromType = preset.map { (typeToken, $0.size) }
            leadingFromType = preset.map { (typeToken, $0.leading) }
            typeUsable = preset != nil
        }
        if keyword == .text, typeUsable, let type = typeMetrics(size: sizeFromType, leading: leadingFromType, metricsToken: metricsToken, line) {
            lineHeight = type.size
            spacing = type.leading - type.size
            inset = spacing / 2
        }
        if keyword == .text {
            // One line is a full-width bar unless `last=` says otherwise.
            let fraction = last ?? (lines == 1 && !linesFill ? 1 : Defaults.textLastLineFraction)
            node.kind = .text(TextMetrics(lines: linesFill ? 0 : lines, lineHeight: lineHeight, spacing: spacing,
                                          lastLineFraction: fraction, fillsHeight: linesFill, inset: inset))
        }
        // A text's height comes from its metrics, unless its lines fill a height.
        if let token = textHeightToken, !linesFill {
            error("attribute 'height' does not apply to text; text's height comes from lines, line-height and spacing",
                  line.line, token.column)
        }
        if let token = aspectToken, node.height != .auto {
            error("aspect= and a height both give the rect's height; remove one", line.line, token.column)
        }
        if let token = rowGapToken, node.columns == nil {
            error("row-gap is the space between the rows of a grid; add columns=, like 'repeat 6 columns=3 row-gap=8'",
                  line.line, token.column)
        }
        return node
    }
}
