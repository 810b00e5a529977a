import SkeletonCore

/// The CSS of nodes with an animation of their own (site/reference/animation.md, "Motion
/// per node"), in a fixed-width component that moves (the parser refuses the rest). Each
/// distinct motion has its own @keyframes, `SCOPE-mK` (`SCOPE-rtl-mK` in the mirrored rules
/// of `dir=auto`, ComponentEmitter); a pulse animates its shapes' opacity, a shimmer gives
/// each shape its own band layer, as `scope=shape`.
extension StyleSheet {
    /// The distinct node motions, in the order their first shapes are painted.
    var nodeMotions: [Animation] {
        var out: [Animation] = []
        for index in markup.paintedItems {
            let item = layout.items[index]
            if let m = item.motion, !item.still, !out.contains(m) { out.append(m) }
        }
        return out
    }

    /// The rules of one shape with a motion of its own; `own` holds its radius or mask.
    func nodeMotionRules(_ selector: String, item: LayoutItem, own: [String], motions: [Animation]) -> String {
        guard let m = item.motion, let k = motions.firstIndex(of: m) else { return "" }
        var own = own
        let name = scope + "-m" + String(k)
        var delay = AnimationTiming.phaseDelay(offset: item.timeOffset, animation: m)
        if let frozen = options.frozenAt { delay -= frozen } else { delay += motion.delay }
        let timing = name + " " + CSSNumber.seconds(m.period) + " " + CycleKeyframes.timing(m) + AnimationTiming.count(m)
            + pausedSuffix
        if m.kind == .pulse {
            own.append("animation:" + timing)
            if delay != 0 { own.append("animation-delay:" + CSSNumber.seconds(delay)) }
            if m.pulseFrom != 1 {
                own.append("opacity:" + CSSNumber.format(m.pulseFrom))
            } else if motion.kind == .pulse && motion.pulseFrom != 1 {
                own.append("opacity:1")
            }
            var out = rule(selector, own)
            if hasLayer { out += rule(selector + "::after", ["display:none"]) }
            return out
        }
        // A shimmer: the shape itself holds still at full opacity under a pulsing component.
        if motion.kind == .pulse {
            own.append("animation:none")
            if motion.pulseFrom != 1 { own.append("opacity:1") }
        }
        var out = own.isEmpty ? "" : rule(selector, own)
        let layer = ["content:\"\"", "position:absolute", "left:0", "top:0"]
            + ShapeSweepLayer.declarations(m, frame: item.frame, delay: 0)
            + AnimationTiming.bandHold(m)
            + ["transform-origin:0 0", "background:linear-gradient(90deg," + AnimationTiming.bandStops(m) + ")"]
            + Self.layerReset + ["animation:" + timing]
            + (delay != 0 ? ["animation-delay:" + CSSNumber.seconds(delay)] : [])
        out += rule(selector + "::after", layer)
        return out
    }

    /// One @keyframes rule per node motion.
    func nodeMotionKeyframes(_ motions: [Animation]) -> String {
        var out = ""
        for (k, m) in motions.enumerated() {
            let name = scope + "-m" + String(k)
            if m.kind == .pulse {
                let (from, to) = (m.pulseFrom, m.pulseTo)
                out += CycleKeyframes.rule(name, m) { depth in "opacity:" + CSSNumber.format(from - (from - to) * depth) }
            } else {
                out += CycleKeyframes.rule(name, m, ShapeSweepLayer.travel(m))
            }
        }
        return out
    }

    /// Reduced motion stops a node's own pulse or band too, where the component's kind
    /// did not already: the t = 0 frame, shapes at their `from`, no band.
    func nodeMotionReducedRules(_ motions: [Animation], prefix: String) -> String {
        var out = ""
        if motion.kind != .pulse && motions.contains(where: { $0.kind == .pulse }) {
            out += rule(prefix + s + " .sk-s", ["animation:none"])
        }
        if motion.kind == .pulse && motions.contains(where: { $0.kind == .shimmer }) {
            out += rule(prefix + s + " .sk-s::after", ["animation:none", "display:none"])
        }
        return out
    }
}
