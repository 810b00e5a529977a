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
    /// With the theme's colour rules (`themeRules`); a `dir=auto` component's mirrored
    /// rules go without (ComponentEmitter.rightToLeftRules).
    var themes = true

    var s: String { "." + scope }
    var motion: Animation { spec.animation }
    var animates: Bool { motion.moves }
    var hasLayer: Bool {
        (motion.kind == .shimmer && motion.moves) || (motion.kind == .gradient && sweep.length > 0)
    }
    /// The sweep axis in points (the painter's in pixels is this times the scale).
    var sweep: SweepAxis {
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
        if themes { out += themeRules() }
        out += keyframes()
        out += reducedMotionRules()
        return out
    }

    func rule(_ selector: String, _ declarations: [String]) -> String {
        selector + "{" + declarations.joined(separator: ";") + "}\n"
    }

    // MARK: Root

    private func rootRules() -> String {
        var root = ["position:relative", "display:flex", "flex-direction:column"]
        if let fluid = spec.fluid {
            // A fluid component fits its container (FluidStyle has the band that goes with it).
            root.append("width:" + CSSNumber.percent(fluid.percent))
            if let low = fluid.minWidth { root.append("min-width:" + CSSNumber.px(low)) }
            if let high = fluid.maxWidth { root.append("max-width:" + CSSNumber.px(high)) }
        } else {
            root.append("width:" + CSSNumber.px(layout.width))
        }
        if let height = spec.height { root.append("height:" + CSSNumber.px(height)) }
        // The painter's image ends at the component's box: clip what overflows it.
        root += ["overflow:hidden", "background:var(--sk-bg)"]
        let discs = hasDiscs
        if discs { root.append("--sk-aa:" + CSSNumber.px(0.5)) }
        if showsIn {
            // Hidden for `delay`, then shown at once, or over `fade` seconds.
            let fade = motion.fade > 0 ? CSSNumber.seconds(motion.fade) + " ease-in-out" : "0s"
            root.append("animation:" + scope + "-in " + fade + " " + CSSNumber.seconds(motion.delay) + " both")
        }
        var out = rule(s, root)
        if discs { out += discRampRules() }
        // Pasted into a page, the root meets the page's CSS: every property that could
        // move, size or mirror it is set, so element and universal rules (`div {…}`,
        // `* {…}`, a framework's reset) lose to this class (site/reference/rendering.md,
        // "Under the page's CSS").
        out += rule(s, Self.rootReset(spec.fluid, hasHeight: spec.height != nil).map(directed))
        out += rule(s + "[aria-busy=\"false\"]", endRule)
        // Visually hidden but read by screen readers.
        out += rule(s + " .sk-label", ["position:absolute", "width:1px", "height:1px", "margin:-1px", "padding:0",
                                       "border:0", "overflow:hidden", "clip:rect(0 0 0 0)", "clip-path:inset(50%)",
                                       "white-space:nowrap"])
        // What every node shares (see LayoutEngine's mapping), reset against host styles:
        // each value is CSS's initial one or the mapping's, so only a page's rule would
        // change it; the node rules after this set what varies.
        out += rule(s + " .sk-c," + s + " .sk-c *", ["box-sizing:border-box", "display:flex", "flex-shrink:0",
                                                    "flex-basis:auto", "min-width:0", "min-height:0", "margin:0",
                                                    "border:0", "padding:0"] + Self.nodeReset.map(directed))
        var container = ["flex-direction:column", "width:" + (spec.fluid == nil ? CSSNumber.px(layout.width) : "100%")]
        if let height = spec.height { container.append("height:" + CSSNumber.px(height)) }
        out += rule(s + " .sk-c", container)
        return out
    }

    /// The root's properties against the page's CSS: what the layout reads (box model,
    /// sizes the spec does not give, direction and writing mode, which the shapes would
    /// inherit) and the text metrics a page sets on every `div`.
    static func rootReset(_ fluid: FluidWidth?, hasHeight: Bool) -> [String] {
        var out = ["box-sizing:border-box", "margin:0", "border:0", "padding:0"]
        if fluid?.minWidth == nil { out.append("min-width:0") }
        if fluid?.maxWidth == nil { out.append("max-width:none") }
        if !hasHeight { out.append("height:auto") }
        out += ["min-height:0", "max-height:none", "float:none", "vertical-align:baseline", "direction:ltr",
                "writing-mode:horizontal-tb", "font-size:16px", "line-height:normal"]
        return out
    }

    /// A reset declaration as this component needs it: `direction:rtl` when drawn
    /// mirrored (site/reference/layout.md, "Direction"), every other one unchanged.
    func directed(_ declaration: String) -> String {
        spec.mirrored && declaration.hasSameBytes(as: "direction:ltr") ? "direction:rtl" : declaration
    }

    /// Every node's further properties against the page's CSS (the flexbox mapping
    /// relies on their initial values: LayoutEngine.swift).
    static let nodeReset = ["flex-grow:0", "flex-wrap:nowrap", "justify-content:normal", "align-items:normal",
                            "align-self:auto", "align-content:normal", "order:0", "gap:0", "width:auto",
                            "height:auto", "max-width:none", "max-height:none", "position:static",
                            "vertical-align:baseline", "direction:ltr", "writing-mode:horizontal-tb", "font-size:16px",
                            "line-height:normal", "background:none"]

    /// A band layer's box against a page's `::after` rules (a framework's
    /// `*, ::before, ::after` reset reaches pseudo-elements; `*` alone does not).
    static let layerReset = ["box-sizing:border-box", "margin:0", "border:0", "padding:0"]

    /// Does the root run the `-in` animation (a delay or a fade-in)? Not when frozen.
    private var showsIn: Bool { options.frozenAt == nil && (motion.delay > 0 || motion.fade > 0) }

    /// The app ends the skeleton by setting `aria-busy="false"` on its root (loading is
    /// over): it hides, over `fade` seconds when given (site/guides/delayed-show.md).
    /// `filter` fades it, not `opacity`, which the `-in` animation holds at 1: a
    /// skeleton ended during its delay was never seen and stays unseen.
    private var endRule: [String] {
        guard motion.fade > 0 else { return ["visibility:hidden"] }
        let fade = CSSNumber.seconds(motion.fade)
        return ["filter:opacity(0)", "visibility:hidden", "transition:filter " + fade + " ease-in-out,visibility " + fade]
    }

    // MARK: Shapes and their highlight layer

    private func shapeRules() -> String {
        // A fluid component's shapes are not positioned (except under `scope=shape`): their
        // band layer is placed against the root and cut to the shape by a mask (FluidStyle).
        var shape = spec.fluid == nil ? ["position:relative", "overflow:hidden", "background:var(--sk-b)"]
            : (hasLayer ? fluidShapeLayer : []) + ["background:var(--sk-b)"]
        if motion.kind == .pulse && animates {
            shape.append("animation:" + scope + "-pulse " + CSSNumber.seconds(motion.period) + " "
                         + CycleKeyframes.timing(motion) + AnimationTiming.count(motion) + pausedSuffix)
            // The t = 0 opacity, also what reduced motion shows once the animation stops.
            if motion.pulseFrom != 1 { shape.append("opacity:" + CSSNumber.format(motion.pulseFrom)) }
        }
        var out = rule(s + " .sk-s", shape)
        guard hasLayer else { return out }
        if spec.fluid != nil { return out + fluidLayerRules() }
        var layer = ["content:\"\"", "position:absolute", "left:0", "top:0"]
        if motion.scope == .component {
            let geometry = sweep
            let length = geometry.length
            // Shimmer: a band of width B. Gradient: one layer spanning the whole sweep.
            // Its height, across the sweep, is each shape's own (itemRules).
            let layerWidth = motion.kind == .shimmer ? motion.band * length : length
            layer += ["width:" + CSSNumber.px(layerWidth)]
            // A radial band's layer is the disc's square (each shape's layer is cut
            // across the sweep otherwise, itemRules).
            if AnimationTiming.isRadial(motion) { layer += ["height:" + CSSNumber.px(layerWidth)] }
        }
        layer += AnimationTiming.bandHold(motion) + ["transform-origin:0 0"]
            + AnimationTiming.bandPaint(motion) + Self.layerReset
        if motion.kind == .shimmer {
            layer.append("animation:" + scope + "-sweep " + CSSNumber.seconds(motion.period) + " "
                         + CycleKeyframes.timing(motion) + AnimationTiming.count(motion) + pausedSuffix)
        }
        out += rule(s + " .sk-s::after", layer)
        return out
    }

    var pausedSuffix: String { options.frozenAt == nil ? "" : " paused" }

    /// A layer's local origin, in component points, before the sweep moves it, at
    /// cross coordinate q (where its shape's stretch across the sweep starts): shimmer
    /// starts with the band's far edge at pmin (centre pmin − B/2, fully outside);
    /// gradient starts at pmin.
    private func layerOrigin(q: Double) -> (x: Double, y: Double) {
        let geometry = sweep
        let start = motion.kind == .shimmer ? geometry.pMin - motion.band * geometry.length : geometry.pMin
        return geometry.point(p: start, q: q)
    }

    /// A radial band's layer on one shape: the disc's square, its centre where the
    /// painter's spot starts (on the axis through the component's middle, a radius
    /// before pmin), in the shape's own coordinates; the sweep's `translate` moves it.
    private func radialLayer(_ item: LayoutItem, delay: Double) -> [String] {
        let geometry = sweep
        let corner = geometry.discStart(diameter: motion.band * geometry.length)
        var layer = ["transform:translate(" + CSSNumber.px(corner.x - item.frame.x) + ","
                     + CSSNumber.px(corner.y - item.frame.y) + ")"]
        if delay != 0 { layer.append("animation-delay:" + CSSNumber.seconds(delay)) }
        return layer
    }

    // MARK: Per item

    private func itemRules() -> String {
        var out = ""
        let geometry = sweep
        let motions = nodeMotions
        for index in markup.paintedItems {
            let item = layout.items[index]
            let selector = s + " .sk-i" + String(index)
            var own: [String] = []
            let disc = isDisc(item)
            if item.radius > 0 && !disc { own.append("border-radius:" + CSSNumber.px(item.radius)) }
            if disc, case .shape = item.role { own += Self.discMask }
            guard case .shape = item.role else {
                if !own.isEmpty { out += rule(selector, own) }
                continue
            }
            if item.still {
                out += stillRules(selector, own: own)
                continue
            }
            if item.motion != nil {
                out += nodeMotionRules(selector, item: item, own: own, motions: motions)
                continue
            }
            let delay = animationDelay(for: item)
            if motion.kind == .pulse && animates && delay != 0 {
                own.append("animation-delay:" + CSSNumber.seconds(delay))
            }
            if spec.fluid != nil {
                out += fluidItemRules(selector, item: item, own: own, delay: delay)
                continue
            }
            if !own.isEmpty { out += rule(selector, own) }
            if hasLayer && motion.scope == .shape {
                out += rule(selector + "::after", ShapeSweepLayer.declarations(motion, frame: item.frame, delay: delay))
            } else if hasLayer && AnimationTiming.isRadial(motion) {
                out += rule(selector + "::after", radialLayer(item, delay: delay))
            } else if hasLayer {
                // The layer spans only the shape's own stretch across the sweep (plus a
                // point each side, so rotated edges stay outside the shape), not the
                // component's: the band inside the shape is the same, and a browser
                // rasterises and composites a layer per shape, so a full-height layer
                // per shape cost memory and time in proportion to shapes × component.
                let across = SweepAxis(angleDegrees: motion.angle, width: item.frame.width, height: item.frame.height)
                let offset = item.frame.x * geometry.vx + item.frame.y * geometry.vy
                let (qLow, qHigh) = (offset + across.qMin - 1, offset + across.qMax + 1)
                let origin = layerOrigin(q: qLow)
                let tx = origin.x - item.frame.x
                let ty = origin.y - item.frame.y
                var layer = ["height:" + CSSNumber.px(qHigh - qLow),
                             "transform:matrix(" + matrixNumber(geometry.ux) + "," + matrixNumber(geometry.uy) + ","
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

    /// A shape under `animation=none` (site/reference/animation.md, "A still node"): in
    /// its colour at full opacity, with no band layer; the painter's static colour.
    private func stillRules(_ selector: String, own: [String]) -> String {
        var own = own
        if motion.kind == .pulse && animates {
            own.append("animation:none")
            if motion.pulseFrom != 1 { own.append("opacity:1") }
        }
        var out = own.isEmpty ? "" : rule(selector, own)
        if hasLayer { out += rule(selector + "::after", ["display:none"]) }
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
            var value = item.ownColour(in: theme)?.hex ?? fallback
            if case .surface = item.role, isDisc(item), let colour = item.ownColour(in: theme) {
                value = Self.discBackground(colour.hex)
            }
            out += rule(prefix + s + " .sk-i" + String(index), ["background:" + value])
        }
        return out
    }

    // MARK: Keyframes and reduced motion

    private func keyframes() -> String {
        var out = ""
        if motion.kind == .shimmer && hasLayer && spec.fluid != nil {
            out += fluidKeyframes()
        } else if motion.kind == .shimmer && hasLayer && motion.scope == .shape {
            out += CycleKeyframes.rule(scope + "-sweep", motion, ShapeSweepLayer.travel(motion))
        } else if motion.kind == .shimmer && hasLayer {
            let geometry = sweep
            let travel = geometry.length * (1 + motion.band)
            out += CycleKeyframes.rule(scope + "-sweep", motion) { progress in
                "translate:" + (progress == 0 ? "0 0" : CSSNumber.px(progress * travel * geometry.ux) + " "
                                + CSSNumber.px(progress * travel * geometry.uy))
            }
        }
        if motion.kind == .pulse && animates {
            let from = motion.pulseFrom
            let to = motion.pulseTo
            out += CycleKeyframes.rule(scope + "-pulse", motion) { depth in
                "opacity:" + CSSNumber.format(from - (from - to) * depth)
            }
        }
        out += nodeMotionKeyframes(nodeMotions)
        if showsIn {
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
        let motions = nodeMotions
        for prefix in ["", "[data-motion=\"reduce\"] "] {
            var rules = ""
            if motion.kind == .pulse {
                rules += rule(prefix + s + " .sk-s", ["animation:none"])
            } else {
                rules += rule(prefix + s + " .sk-s::after", ["animation:none", "display:none"])
            }
            rules += nodeMotionReducedRules(motions, prefix: prefix)
            block += prefix.isEmpty ? "@media (prefers-reduced-motion: reduce){\n" + rules + "}\n" : rules
        }
        return block
    }
}
