// The state of one parse: the indentation stack, the nodes built so far (an arena,
// parents before children) and the settings.

/// One line's node while the tree is being built.
struct Draft {
    enum Role {
        case root
        /// appearance / animation: no children, not in the tree.
        case setting
        case node
        /// A line that failed to parse as a node: accepts children silently so one
        /// bad line does not cause an error on every line under it.
        case invalid
    }
    var role: Role
    var keyword: String
    var node: Node
    /// Index of the parent draft; nil when the line is not part of the tree.
    var parent: Int?
    var children: [Int] = []
    var acceptsChildren: Bool
    var level: Int
}

struct SpecParseRun {
    let firstLine: Int
    let columnOffset: Int
    var diagnostics: [Diagnostic] = []
    var drafts: [Draft] = []
    /// (level, draft index) from the root down to the last line.
    var stack: [(level: Int, draft: Int)] = []
    /// Indent of the `skeleton` line (nil when the spec lacks one).
    var rootIndent: Int?
    /// Indent of the root's children, known after the first one.
    var baseIndent: Int?
    /// Spaces per level, known after the first indented line.
    var step: Int?

    // Root and settings.
    var title: String?
    var label: String?
    var dir = SpecDirection.ltr
    var width: Double = Defaults.width
    var height: Double?
    var rootPosition = SourcePosition(line: 1, column: 1)
    var appearance = Defaults.appearance
    var animationSeen = false
    var appearanceSeen = false
    var animationKind = Defaults.animationKind
    var duration = Defaults.duration
    var direction = Defaults.direction
    var band = Defaults.band
    var angle: Double?
    var delay: Double = 0
    var stagger: Double = 0
    var easing: Easing?
    /// interval=, repeat=, from=, to=, scope=, fade= (SpecRhythmAttributes.swift).
    var rhythm = RhythmDraft()
    /// Nodes with an animation of their own (NodeMotion.swift).
    var nodeMotionUses: [NodeMotionUse] = []
    /// `width=fill` or a percentage, before its min/max/reference widths are read.
    var fluidDraft: FluidWidth?
    var fluid: FluidWidth?
    /// Replaying inherited settings (InheritedSettings): an animation needs no kind.
    var inheriting = false
    /// The current `angle` came from an inherited setting.
    var inheritedAngle = false
    /// The document language (InheritedSettings.language), for the default label.
    var language: LabelLanguage?
    /// The project's type presets, for `text type=` (TypePresets.swift).
    var typePresets = InheritedSettings()

    init(firstLine: Int, columnOffset: Int) {
        self.firstLine = firstLine
        self.columnOffset = columnOffset
    }

    mutating func error(_ message: String, _ line: Int, _ column: Int) {
        diagnostics.append(Diagnostic(.error, message, at: SourcePosition(line: line, column: column)))
    }

    /// Spaces that put a line at `level` (1 = child of the root).
    func indent(ofLevel level: Int) -> Int {
        (baseIndent ?? 0) + (level - 1) * (step ?? 0)
    }

    mutating func process(_ line: SpecLine) {
        let first = line.tokens[0]
        var keyword: Keyword? = nil
        // For a misspelt kind with a clear guess, the line's attributes are still
        // checked as that kind, so its other mistakes show up in the same run.
        var guessed: Keyword? = nil
        let word = String(decoding: first.value, as: UTF8.self)
        if first.key != nil {
            error("a line starts with a node kind, not an attribute; found '\(SpecText.show(first.key ?? []))='",
                  line.line, first.column)
        } else if first.quoted {
            error("a line starts with a node kind, not a quoted string", line.line, first.column)
        } else if let k = Keyword.named(word) {
            keyword = k
        } else {
            let kinds = Keyword.all.map { $0.0 }
            if let borrowed = BorrowedWords.nodeKind(word) {
                error("unknown node kind '\(SpecText.show(first.value))'; \(borrowed)", line.line, first.column)
            } else if let guess = Suggestions.closest(to: word, in: kinds) {
                guessed = Keyword.named(guess)
                error("unknown node kind '\(SpecText.show(first.value))'; did you mean '\(guess)'?", line.line, first.column)
            } else {
                error("unknown node kind '\(SpecText.show(first.value))'; expected one of \(Suggestions.list(Array(kinds.dropFirst())))",
                      line.line, first.column)
            }
        }

        if drafts.isEmpty {
            if keyword == .skeleton {
                rootIndent = line.indent
                rootPosition = SourcePosition(line: line.line, column: line.column)
                drafts.append(Draft(role: .root, keyword: "skeleton", node: Node(kind: .column, position: rootPosition),
                                    parent: nil, acceptsChildren: true, level: 0))
                stack = [(0, 0)]
                parseRoot(line)
                return
            }
            if keyword == nil {
                // A misspelt root ('skeletn'), already reported: treat the line as the root.
                rootIndent = line.indent
                rootPosition = SourcePosition(line: line.line, column: line.column)
                drafts.append(Draft(role: .root, keyword: "skeleton", node: Node(kind: .column, position: rootPosition),
                                    parent: nil, acceptsChildren: true, level: 0))
                stack = [(0, 0)]
                return
            }
            // Recover as if a root stood above this line, so the rest is still checked.
            error("a spec starts with a 'skeleton' line; add one above this line, like 'skeleton \"Title\"'",
                  line.line, line.column)
            baseIndent = line.indent
            drafts.append(Draft(role: .root, keyword: "skeleton", node: Node(kind: .column, position: rootPosition),
                                parent: nil, acceptsChildren: true, level: 0))
            stack = [(0, 0)]
        }

        let level = levelOf(line, keyword)
        while let top = stack.last, top.level >= level { stack.removeLast() }
        let parentIndex = stack.last?.draft ?? 0
        let parent = drafts[parentIndex]
        var attach = parent.role == .root || parent.role == .node
        let name = keyword?.spelling ?? SpecText.show(first.value)

        if level == Limits.maxDepth + 1 {
            error("nesting too deep: '\(name)' is \(level) levels below 'skeleton'; the limit is \(Limits.maxDepth)",
                  line.line, line.column)
        }
        if !parent.acceptsChildren {
            error("'\(name)' cannot be indented under '\(parent.keyword)'; only skeleton, row, column and repeat contain other nodes",
                  line.line, line.column)
            attach = false
        }

        var draft = Draft(role: .invalid, keyword: name, node: Node(kind: .column, position: SourcePosition(line: line.line, column: line.column)),
                          parent: nil, acceptsChildren: true, level: level)
        switch keyword {
        case nil:
            if let g = guessed, !g.isSetting, g != .skeleton { _ = parseNode(line, g) }
        case .skeleton?:
            error("a spec has one 'skeleton' root; start a new code block for another component", line.line, line.column)
        case .appearance?, .animation?:
            let isAnimation = keyword == .animation
            draft.role = .setting
            draft.acceptsChildren = false
            attach = false
            var apply = true
            if parentIndex != 0 || level != 1 {
                error("'\(name)' is a setting of the whole component; put it directly under 'skeleton'", line.line, line.column)
                apply = false
            } else if isAnimation ? animationSeen : appearanceSeen {
                error("duplicate '\(name)'; a spec has at most one, so merge its attributes into the first", line.line, line.column)
                apply = false
            }
            if isAnimation {
                animationSeen = true
                if apply { dropInheritedAngle(ifRedirected: line) }
                parseAnimation(line, apply: apply)
            } else {
                appearanceSeen = true
                parseAppearance(line, apply: apply)
            }
        case .some(let k):
            if let node = parseNode(line, k) {
                draft.role = .node
                draft.node = node
                draft.acceptsChildren = node.kind.isContainer
            }
        }
        let index = drafts.count
        if attach && draft.role == .node {
            draft.parent = parentIndex
            drafts[parentIndex].children.append(index)
        }
        drafts.append(draft)
        stack.append((level, index))
    }

    /// The line's level below the root (1 = root child), reporting indentation
    /// problems and recovering to the nearest sensible level.
    mutating func levelOf(_ line: SpecLine, _ keyword: Keyword?) -> Int {
        let i = line.indent
        let deepest = (stack.last?.level ?? 0) + 1
        guard let base = baseIndent else {
            // First child of a real root: it fixes the step.
            if let r = rootIndent, i > r {
                baseIndent = i
                step = i - r
            } else {
                reportNotUnderRoot(line, keyword)
            }
            return 1
        }
        if i < base {
            if let r = rootIndent, i > r {
                error("inconsistent indentation: expected \(base) spaces", line.line, line.column)
            } else {
                reportNotUnderRoot(line, keyword)
            }
            return 1
        }
        if i == base { return 1 }
        guard let s = step else {
            // Spec without a root line: the first deeper line fixes the step.
            step = i - base
            return 2
        }
        let d = i - base
        let below = d / s + 1
        if d % s != 0 {
            let lower = indent(ofLevel: below)
            if below + 1 <= deepest {
                error("inconsistent indentation: expected \(lower) or \(lower + s) spaces", line.line, line.column)
            } else {
                error("inconsistent indentation: expected \(lower) spaces", line.line, line.column)
            }
            return min(below, deepest)
        }
        if below > deepest {
            error("indented too far: expected at most \(indent(ofLevel: deepest)) spaces (one step of \(s) deeper than the line above)",
                  line.line, line.column)
            return deepest
        }
        return below
    }

    mutating func reportNotUnderRoot(_ line: SpecLine, _ keyword: Keyword?) {
        if keyword == .skeleton { return } // reported as a second root
        let name = keyword?.spelling ?? SpecText.show(line.tokens[0].value)
        error("'\(name)' must be indented under 'skeleton'", line.line, line.column)
    }

    func resolvedAnimation() -> Animation {
        Animation(kind: animationKind, duration: duration, direction: direction, band: band,
                  angle: angle ?? direction.cssDegrees, delay: delay, stagger: stagger,
                  easing: easing ?? (animationKind == .pulse ? Defaults.pulseEasing : Defaults.easing),
                  interval: rhythm.interval, repeatMode: rhythm.repeatMode, pulseFrom: rhythm.pulseFrom,
                  pulseTo: rhythm.pulseTo, scope: rhythm.scope, fade: rhythm.fade,
                  intensity: rhythm.intensity, iterations: rhythm.iterations,
                  // Only a shimmer has a band to shape (an inherited radial band meets pulses too).
                  bandShape: animationKind == .shimmer ? rhythm.bandShape : .linear)
    }

    mutating func finish() -> ParseResult {
        checkRadialBand()
        checkNodeMotions()
        if drafts.isEmpty {
            error("empty spec; start with a 'skeleton' line, like 'skeleton \"Title\"'", firstLine, 1 + columnOffset)
        } else {
            SpecBounds.checkNodeCount(&self)
        }
        // Source order; stable so same-position messages keep their discovery order.
        let sorted = DiagnosticCap.apply(stableSortedByPosition(diagnostics))
        if sorted.contains(where: { $0.severity == .error }) {
            return ParseResult(spec: nil, diagnostics: sorted)
        }
        var spec = Spec(title: title, width: width, height: height, appearance: appearance,
                        animation: resolvedAnimation(), children: drafts[0].children.map { build($0) },
                        position: rootPosition, label: label, labelLanguage: language)
        spec.fluid = fluid
        if dir != .ltr {
            spec.dir = dir
            if dir == .rtl { spec = spec.rightToLeft() }
        }
        return ParseResult(spec: spec, diagnostics: sorted)
    }

    /// Only called on error-free runs, where depth is at most Limits.maxDepth.
    /// A node without an `animation=` of its own takes its parent's: still (an
    /// ancestor's `animation=none`), a motion of its own, or the component's (neither).
    func build(_ index: Int, still: Bool = false, motion: Animation? = nil) -> Node {
        var node = drafts[index].node
        if !node.still && node.motion == nil {
            node.still = still
            node.motion = motion
        }
        node.children = drafts[index].children.map { build($0, still: node.still, motion: node.motion) }
        return node
    }

    func stableSortedByPosition(_ ds: [Diagnostic]) -> [Diagnostic] {
        var indexed = Array(ds.enumerated())
        indexed.sort { a, b in
            if a.element.position.line != b.element.position.line { return a.element.position.line < b.element.position.line }
            if a.element.position.column != b.element.position.column { return a.element.position.column < b.element.position.column }
            return a.offset < b.offset
        }
        return indexed.map { $0.element }
    }
}
