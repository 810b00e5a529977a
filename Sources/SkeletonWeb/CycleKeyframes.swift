import SkeletonCore

/// Writes an animation's cycle (`Animation.cycleKeys`, the rule the painter evaluates)
/// as CSS @keyframes: one keyframe per key, each with the timing function of its leg
/// (the easing, or its mirror on a return leg), so a rest or a return costs no script.
///
/// A cycle that is one plain leg keeps the short form it always had: a shimmer with no
/// rest and no return is `from{…}to{…}` timed by the animation's own easing; a pulse
/// with no rest whose easing is its own mirror (linear, ease-in-out) is
/// `0%,100%{…}50%{…}`. Specs that use no rhythm attribute get the same CSS as before.
enum CycleKeyframes {
    /// Does the cycle keep the short form (see above)?
    static func isPlain(_ animation: Animation) -> Bool {
        guard animation.interval == 0 else { return false }
        switch animation.kind {
        case .shimmer: return animation.repeatMode == .restart
        case .pulse: return animation.easing == .linear || animation.easing == .easeInOut
        case .none, .gradient: return true
        }
    }

    /// The timing function of the `animation` shorthand: the easing for the short form;
    /// `linear` otherwise (every keyframe then names its own).
    static func timing(_ animation: Animation) -> String {
        isPlain(animation) ? AnimationTiming.keyword(animation.easing) : "linear"
    }

    /// `@keyframes name{…}` with `declaration(value)` at each key.
    static func rule(_ name: String, _ animation: Animation, _ declaration: (Double) -> String) -> String {
        var out = "@keyframes " + name + "{"
        if isPlain(animation) {
            switch animation.kind {
            case .pulse:
                out += "0%,100%{" + declaration(0) + "}50%{" + declaration(1) + "}"
            default:
                out += "from{" + declaration(0) + "}to{" + declaration(1) + "}"
            }
            return out + "}\n"
        }
        let keys = animation.cycleKeys
        for (index, key) in keys.enumerated() {
            out += CSSNumber.format(key.at * 100, places: 4) + "%{" + declaration(key.value)
            if index + 1 < keys.count {
                out += ";animation-timing-function:" + AnimationTiming.keyword(key.easing, backwards: key.backwards)
            }
            out += "}"
        }
        return out + "}\n"
    }
}
