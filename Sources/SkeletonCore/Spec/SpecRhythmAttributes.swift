// The rhythm attributes of `animation` (site/reference/animation.md, "Rhythm",
// "Per-shape sweeps", "Showing and ending" and "Band intensity and a finite count"):
// interval=, repeat=, from=, to=, scope=, fade=, intensity=, iterations= and band-shape=
// ("A radial band"). Kept apart from the other animation attributes so the language's
// tables stay short.

/// The attribute names, in the order the reference documents them.
enum AnimationRhythmWords {
    static let attributes = ["interval", "repeat", "from", "to", "scope", "fade", "intensity", "iterations", "band-shape"]
    static let bandShape: [(String, BandShape)] = [("linear", .linear), ("radial", .radial)]
    static let repeatMode: [(String, AnimationRepeat)] = [("restart", .restart), ("reverse", .reverse)]
    static let scope: [(String, SweepScope)] = [("component", .component), ("shape", .shape)]
}

/// What a spec's animation line said about its rhythm, defaults until it says more.
struct RhythmDraft {
    var interval: Double = 0
    var repeatMode = AnimationRepeat.restart
    var pulseFrom = Defaults.pulseFrom
    var pulseTo = Defaults.pulseTo
    var scope = SweepScope.component
    var fade: Double = 0
    var intensity: Double = 0
    /// 0: forever.
    var iterations = 0
    var bandShape = BandShape.linear
    /// Where `band-shape=` was written on this spec's own animation line (nil when inherited).
    var bandShapePosition: SourcePosition?
}

extension SpecParseRun {
    /// One rhythm attribute of the animation line; `name` is one of
    /// `AnimationRhythmWords.attributes`.
    mutating func parseRhythm(_ name: String, _ token: SpecToken, _ line: SpecLine, apply: Bool) {
        let v = token.value
        switch Spelling(name) {
        case "interval":
            if let t = check(SpecValues.time(v, name, positive: false), token, line), apply { rhythm.interval = t }
        case "repeat":
            if let r = check(SpecValues.keyword(v, name, AnimationRhythmWords.repeatMode), token, line), apply {
                rhythm.repeatMode = r
            }
        case "from":
            if let o = check(SpecValues.opacity(v, name), token, line), apply { rhythm.pulseFrom = o }
        case "to":
            if let o = check(SpecValues.opacity(v, name), token, line), apply { rhythm.pulseTo = o }
        case "scope":
            if let s = check(SpecValues.keyword(v, name, AnimationRhythmWords.scope), token, line), apply { rhythm.scope = s }
        case "intensity":
            if let i = check(SpecValues.opacity(v, name, noun: ("share of the band", "a share of the band")), token, line), apply { rhythm.intensity = i }
        case "iterations":
            if let n = check(SpecValues.count(v, name, 1...Limits.maxIterations), token, line), apply { rhythm.iterations = n }
        case "band-shape":
            if let b = check(SpecValues.keyword(v, name, AnimationRhythmWords.bandShape), token, line), apply {
                rhythm.bandShape = b
                // An inherited line's position is in another file (the page's or project's settings).
                rhythm.bandShapePosition = inheriting ? nil : SourcePosition(line: line.line, column: token.column)
            }
        default:
            if let t = check(SpecValues.time(v, name, positive: false), token, line), apply { rhythm.fade = t }
        }
    }

    /// A radial band is a shimmer's, on a fixed-width component: said at the
    /// `band-shape=radial` that asks for it (once the whole spec is read, since the
    /// kind and the width may come after it, or from the page's settings). Inherited, it
    /// is for the page's shimmers: a pulse ignores it (`resolvedAnimation`), and a fluid
    /// component, which cannot draw it, is told at its `skeleton` line.
    mutating func checkRadialBand() {
        guard rhythm.bandShape == .radial else { return }
        if animationKind != .shimmer {
            guard let at = rhythm.bandShapePosition else { return }
            let kind = SpecWords.animationKind.first { $0.1 == animationKind }?.0 ?? "none"
            error("band-shape=radial shapes a shimmer's band; this animation is \(kind), which has none",
                  at.line, at.column)
        } else if fluid != nil {
            let at = rhythm.bandShapePosition ?? rootPosition
            error("band-shape=radial does not apply to a fluid component yet; use the stripe of band-shape=linear, or a fixed width",
                  at.line, at.column)
        }
    }

    /// A pulse whose two opacities are equal would not move: say so at `to=`.
    mutating func checkPulseDepth(_ attributes: [(String, SpecToken)], _ line: SpecLine) {
        guard animationKind == .pulse, rhythm.pulseFrom == rhythm.pulseTo,
              let to = attributes.first(where: { $0.0.hasSameBytes(as: "to") })
                ?? attributes.first(where: { $0.0.hasSameBytes(as: "from") })
        else { return }
        error("the pulse would not change: from and to are both \(to.1.valueText); give them different opacities",
              line.line, to.1.valueColumn)
    }
}

extension SpecValues {
    /// An opacity: `0.4` or `40%`, from 0 to 1 (0% to 100%) inclusive. `intensity=` is a
    /// share of the band on the same scale: `noun` names it in the messages.
    static func opacity(_ v: [UInt8], _ name: String, noun: (String, String) = ("opacity", "an opacity"))
        -> Result<Double, ValueProblem> {
        let shown = SpecText.show(v)
        guard let (d, x) = percentOrNumber(v) else {
            return .failure(ValueProblem(message:
                "invalid \(noun.0) '\(shown)' for \(name); expected a number from 0 to 1 like 0.4, or a percentage like 40%"))
        }
        if d.negative && x != 0 || x > 1 {
            return .failure(ValueProblem(message: "\(name) \(shown) is out of range; \(noun.1) is from 0 to 1 (0% to 100%)"))
        }
        return .success(x == 0 ? 0 : x)
    }
}
