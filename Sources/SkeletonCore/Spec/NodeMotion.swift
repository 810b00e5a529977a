// `animation=` on a node (site/reference/animation.md, "Motion per node"): `none` keeps
// the node and its subtree still; `pulse` or `shimmer`, alone (`animation=pulse`) or quoted with
// timing (`animation="pulse duration=2s to=0.4"`), gives the subtree a motion of its own.
// The quoted words are an animation line's own, read by the same parser, so every
// diagnostic is the line's, at the word's column.

/// The component's animation words a node's own motion does not take: they time or
/// place the whole component (`scope=shape` is accepted: a node's band is always per shape),
/// or shape its one band (`band-shape`: a node's bands are stripes).
enum NodeMotionWords {
    static let componentOnly = ["delay", "stagger", "fade", "band-shape"]
}

/// Where a node's own animation was written, checked against the whole spec once it
/// is read (`checkNodeMotions`).
struct NodeMotionUse {
    var position: SourcePosition
    var moves: Bool
}

/// The animation line's draft while a node's value is read in its place.
private struct AnimationDraft {
    var kind: AnimationKind
    var duration: Double
    var direction: SlideDirection
    var band: Double
    var angle: Double?
    var delay: Double
    var stagger: Double
    var easing: Easing?
    var rhythm: RhythmDraft
    var inheriting: Bool
}

extension SpecParseRun {
    private var animationDraft: AnimationDraft {
        get {
            AnimationDraft(kind: animationKind, duration: duration, direction: direction, band: band, angle: angle,
                           delay: delay, stagger: stagger, easing: easing, rhythm: rhythm, inheriting: inheriting)
        }
        set {
            animationKind = newValue.kind
            duration = newValue.duration
            direction = newValue.direction
            band = newValue.band
            angle = newValue.angle
            delay = newValue.delay
            stagger = newValue.stagger
            easing = newValue.easing
            rhythm = newValue.rhythm
            inheriting = newValue.inheriting
        }
    }

    /// Reads `animation=` on a node into `node.still` or `node.motion`.
    mutating func parseNodeMotion(_ token: SpecToken, _ line: SpecLine, into node: inout Node) {
        // The value's first byte's file column (inside the quote when quoted).
        let first = token.valueColumn + (token.quoted ? 1 : 0)
        var ignored: [Diagnostic] = []
        let lexed = SpecLexer.lexLine(token.value, 0, token.value.count, fileLine: line.line, columnOffset: first - 1,
                                      diagnostics: &ignored)
        guard var words = lexed, let kindToken = words.tokens.first, kindToken.key == nil else {
            error("a node's animation starts with its kind: none, pulse or shimmer, "
                  + "like animation=pulse or animation=\"pulse duration=2s\"", line.line, first)
            return
        }
        let reported = diagnostics.count
        for word in words.tokens.dropFirst() {
            let name = word.keyText
            if NodeMotionWords.componentOnly.containsBytes(of: name) {
                error("\(name) is a setting of the whole component; put it on the animation line, "
                      + "not in a node's animation", line.line, word.column)
            } else if name.hasSameBytes(as: "scope") && !word.valueText.hasSameBytes(as: "shape") {
                error("a node's own band is always one per shape; remove scope=\(word.valueText)", line.line, word.column)
            }
        }
        // Read as an animation line of its own, from the language's defaults.
        let saved = animationDraft
        animationDraft = AnimationDraft(kind: Defaults.animationKind, duration: Defaults.duration,
                                        direction: Defaults.direction, band: Defaults.band, angle: nil, delay: 0,
                                        stagger: 0, easing: nil, rhythm: RhythmDraft(), inheriting: false)
        words.tokens.insert(SpecToken(key: nil, column: token.column, value: [], valueColumn: token.column, quoted: false),
                            at: 0)
        parseAnimation(words, apply: true)
        var motion = resolvedAnimation()
        animationDraft = saved
        guard diagnostics.count == reported else { return }
        switch motion.kind {
        case .none:
            node.still = true
            return
        case .gradient:
            // A still shading of part of a component reads as a colour, not as loading.
            error("a node's animation is none, pulse or shimmer; gradient shades the whole component, "
                  + "on its animation line", line.line, kindToken.column)
            return
        case .pulse, .shimmer:
            break
        }
        // A node's band is per shape; a pulse has none.
        motion.scope = motion.kind == .shimmer ? .shape : .component
        node.motion = motion
        nodeMotionUses.append(NodeMotionUse(position: SourcePosition(line: line.line, column: first), moves: motion.moves))
    }

    /// A node's own motion runs on the component's clock: the component must move too
    /// (its cycle is what the preview, the strip and `verify` follow), and it is not yet
    /// drawn in a fluid component. Right to left, its band's angle is mirrored with the
    /// component's (`Spec.rightToLeft()`).
    mutating func checkNodeMotions() {
        guard let use = nodeMotionUses.first else { return }
        if !resolvedAnimation().moves, let moving = nodeMotionUses.first(where: { $0.moves }) {
            error("a node's own animation moves only in a component that moves; give the component that animation "
                  + "on its animation line and set animation=none on the nodes that stay still",
                  moving.position.line, moving.position.column)
        }
        if fluidDraft != nil || fluid != nil {
            error("a node's own animation is not supported in a fluid component yet; give the skeleton a width in points",
                  use.position.line, use.position.column)
        }
    }
}
