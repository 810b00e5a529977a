import SkeletonCore

/// Writes a component's scoped stylesheet: one rule per line, every selector starting
/// with the scope class (or an ancestor attribute, then the scope class), so many
/// components on one page never touch each other.
///
/// Specificity plan (why forced themes win): the default (light) colours and the
/// `prefers-color-scheme: dark` colours use `.S` / `.S .x` selectors; the forced
/// themes use `[data-theme=…] .S` / `[data-theme=…] .S .x`, one attribute more, so an
/// ancestor's `data-theme` beats the media query whatever the order of the rules.
struct StyleSheet {
    let spec: Spec
    let layout: SpecLayout
    let scope: String
    let options: EmitOptions
    let markup: MarkupBuilder

    private var s: String { "." + scope }
    private var motion: Animation { spec.animation }
    private var animates: Bool { motion.moves }
    private var hasLayer: Bool {
        (motion.kind == .shimmer && motion.moves) || (motion.kind == .gradient && sweep.length > 0)
    }
    /// The sweep axis in points (the painter's in pixels is this times the scale).
    private var sweep: SweepAxis {
        SweepAxis(angleDegrees: motion.angle, width: layout.width, height: layout.height)
    }

    func write() -> String {
        var out = ""
        out += rootRules()
        for (suffix, declarations) in markup.nodeRules {
            out += rule(s + " ." + suffix, declarations)
        }
        out += shapeRules()
        out += itemRules()
        out += themeRules()
        out += keyframes()
        out += reducedMotionRules()
        return out
    }

    private func rule(_ selector: String, _ declarations: [String]) -> String {
        selector + "{" + declarations.joined(separator: ";") + "}\n"
    }

    // MARK: Root

    private func rootRules() -> String {
        var root = ["position:relative", "display:flex", "flex-direction:column",
                    "width:" + CSSNumber.px(layout.width)]
        if let height = spec.height { root.append("height:" + CSSNumber.px(height)) }
        // The painter's image ends at the component's box: clip what overflows it.
        root += ["overflow:hidden", "background:var(--sk-bg)"]
        if options.frozenAt == nil && motion.delay > 0 {
            root.append("animation:" + scope + "-in 0s " + CSSNumber.seconds(motion.delay) + " both")
        }
        var out = rule(s, root)
        // Visually hidden but read by screen readers.
        out += rule(s + " .sk-label", ["position:absolute", "width:1px", "height:1px", "margin:-1px", "padding:0",
                                       "border:0", "overflow:hidden", "clip:rect(0 0 0 0)", "clip-path:inset(50%)",
                                       "white-space:nowrap"])
        // What every node shares (see LayoutEngine's mapping), reset against host styles.
        out += rule(s + " .sk-c," + s + " .sk-c *", ["box-sizing:border-box", "display:flex", "flex-shrink:0",
                                                    "flex-basis:auto", "min-width:0", "min-height:0", "margin:0",
                                                    "border:0", "padding:0"])
        var container = ["flex-direction:column", "width:" + CSSNumber.px(layout.width)]
        if let height = spec.height { container.append("height:" + CSSNumber.px(height)) }
        out += rule(s + " .sk-c", container)
        return out
    }

    // MARK: Shapes and their highlight layer

    private func shapeRules() -> String {
        var shape = ["position:relative", "overflow:hidden", "background:var(--sk-b)"]
        if motion.kind == .pulse && animates {
            shape.append("animation:" + scope + "-pulse " + CSSNumber.seconds(motion.duration) + " "
                         + AnimationTiming.keyword(Defaults.pulseEasing) + " infinite" + pausedSuffix)
        }
        var out = rule(s + " .sk-s", shape)
        guard hasLayer else { return out }
        let geometry = sweep
        let length = geometry.length
        // Shimmer: a band of width B. Gradient: one layer spanning the whole sweep.
        let layerWidth = motion.kind == .shimmer ? motion.band * length : length
        // One point of margin across the sweep: rotated edges must not show inside shapes.
        let layerHeight = geometry.qMax - geometry.qMin + 2
        var layer = ["content:\"\"", "position:absolute", "left:0", "top:0",
                     "width:" + CSSNumber.px(layerWidth), "height:" + CSSNumber.px(layerHeight),
                     "transform-origin:0 0",
                     "background:linear-gradient(90deg,var(--sk-h0),var(--sk-h),var(--sk-h0))"]
        if motion.kind == .shimmer {
            layer.append("animation:" + scope + "-sweep " + CSSNumber.seconds(motion.duration) + " "
                         + AnimationTiming.keyword(motion.easing) + " infinite" + pausedSuffix)
        }
        out += rule(s + " .sk-s::after", layer)
        return out
    }

    private var pausedSuffix: String { options.frozenAt == nil ? "" : " paused" }

    /// The layer's local origin, in component points, before the sweep moves it:
    /// shimmer starts with the band's far edge at pmin (centre pmin − B/2, fully
    /// outside); gradient starts at pmin.
    private func layerOrigin() -> (x: Double, y: Double) {
        let geometry = sweep
        let start = motion.kind == .shimmer ? geometry.pMin - motion.band * geometry.length : geometry.pMin
        return geometry.point(p: start, q: geometry.qMin - 1)
    }

    // MARK: Per item

    private func itemRules() -> String {
        var out = ""
        let geometry = sweep
        let origin = layerOrigin()
        for index in markup.paintedItems {
            let item = layout.items[index]
            let selector = s + " .sk-i" + String(index)
            var own: [String] = []
            if item.radius > 0 { own.append("border-radius:" + CSSNumber.px(item.radius)) }
            guard case .shape = item.role else {
                if !own.isEmpty { out += rule(selector, own) }
                continue
            }
            let delay = animationDelay(for: item)
            if motion.kind == .pulse && animates && delay != 0 {
                own.append("animation-delay:" + CSSNumber.seconds(delay))
            }
            if !own.isEmpty { out += rule(selector, own) }
            if hasLayer {
                let tx = origin.x - item.frame.x
                let ty = origin.y - item.frame.y
                var layer = ["transform:matrix(" + matrixNumber(geometry.ux) + "," + matrixNumber(geometry.uy) + ","
                             + matrixNumber(geometry.vx) + "," + matrixNumber(geometry.vy) + ","
                             + CSSNumber.format(tx) + "," + CSSNumber.format(ty) + ")"]
                if motion.kind == .shimmer && delay != 0 {
                    layer.append("animation-delay:" + CSSNumber.seconds(delay))
                }
                out += rule(selector + "::after", layer)
            }
        }
        return out
    }

    private func matrixNumber(_ value: Double) -> String {
        CSSNumber.format(value, places: 6)
    }

    /// The item's phase delay, plus the component's delay (the timeline starts when the
    /// component shows), minus the frozen time (verify).
    private func animationDelay(for item: LayoutItem) -> Double {
        var delay = AnimationTiming.phaseDelay(offset: item.timeOffset, animation: motion)
        if let frozen = options.frozenAt {
            delay -= frozen
        } else {
            delay += motion.delay
        }
        return delay
    }

    // MARK: Themes

    private func themeRules() -> String {
        var out = themeBlock(prefix: "", .light)
        out += "@media (prefers-color-scheme: dark){\n" + themeBlock(prefix: "", .dark) + "}\n"
        out += themeBlock(prefix: "[data-theme=\"light\"] ", .light)
        out += themeBlock(prefix: "[data-theme=\"dark\"] ", .dark)
        return out
    }

    /// Variables, then every item whose colour is not the default in some theme (so
    /// a forced theme also undoes what the media query set).
    private func themeBlock(prefix: String, _ theme: Theme) -> String {
        var out = rule(prefix + s, ThemeColors.variables(spec.appearance, theme))
        for index in markup.paintedItems {
            let item = layout.items[index]
            guard item.lightColor != nil || item.darkColor != nil else { continue }
            let fallback: String
            if case .surface = item.role { fallback = "transparent" } else { fallback = "var(--sk-b)" }
            let value = item.ownColour(in: theme)?.hex ?? fallback
            out += rule(prefix + s + " .sk-i" + String(index), ["background:" + value])
        }
        return out
    }

    // MARK: Keyframes and reduced motion

    private func keyframes() -> String {
        var out = ""
        if motion.kind == .shimmer && hasLayer {
            let geometry = sweep
            let travel = geometry.length * (1 + motion.band)
            out += "@keyframes " + scope + "-sweep{from{translate:0 0}to{translate:"
                + CSSNumber.px(travel * geometry.ux) + " " + CSSNumber.px(travel * geometry.uy) + "}}\n"
        }
        if motion.kind == .pulse && animates {
            out += "@keyframes " + scope + "-pulse{0%,100%{opacity:1}50%{opacity:"
                + CSSNumber.format(Defaults.pulseMinOpacity) + "}}\n"
        }
        if options.frozenAt == nil && motion.delay > 0 {
            out += "@keyframes " + scope + "-in{from{opacity:0}to{opacity:1}}\n"
        }
        return out
    }

    /// Reduced motion stops every moving thing and shows the t = 0 frame: shapes in
    /// their colour (the band starts outside, pulse starts at opacity 1). The static
    /// `gradient` and the appearance `delay` are not motion, so they stay.
    private func reducedMotionRules() -> String {
        guard animates else { return "" }
        var block = ""
        for prefix in ["", "[data-motion=\"reduce\"] "] {
            var rules = ""
            if motion.kind == .pulse {
                rules += rule(prefix + s + " .sk-s", ["animation:none"])
            } else {
                rules += rule(prefix + s + " .sk-s::after", ["animation:none", "display:none"])
            }
            block += prefix.isEmpty ? "@media (prefers-reduced-motion: reduce){\n" + rules + "}\n" : rules
        }
        return block
    }
}
