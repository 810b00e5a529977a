/// Paints a laid-out spec at a time t, per docs/rendering-rules.md.
///
/// Choices the rules leave to the painter (the CSS emitter mirrors them):
/// - Image size: `SpecLayout.pixelSize(scale:)`. `scale` is clamped into
///   1...Limits.maxScale.
/// - Sweep strength is sampled at pixel centres: p = (i + ½)·ux + (j + ½)·uy
///   in pixels; the band's centre and width are scaled to pixels to match.
/// - Theme colours: `Appearance.colours(for:)` and `LayoutItem.ownColour(in:)`, else
///   the theme's base. A surface with no colour of its own for the theme is not painted.
/// - Rounding: the highlight's alpha highlight.a·k and the pulse's shape alpha
///   a·o are rounded to whole 8-bit values (ties up) before compositing; coverage
///   then multiplies the alpha, rounded the same way; compositing follows
///   `Compositor`'s rounding rule.
/// - A non-positive duration or band paints the static colour (nothing to animate).
public enum Painter {
    /// The frame at time `time` (seconds), `scale` pixels per point (1...4).
    public static func paint(_ spec: Spec, layout: SpecLayout, time: Double, scale: Int, theme: Theme) -> RGBAImage {
        let s = min(max(scale, 1), Limits.maxScale)
        var canvas = blankCanvas(spec, layout: layout, scale: s, theme: theme)
        paintItems(spec, layout: layout, time: time, scale: s, theme: theme, onto: &canvas, surfaces: true, shapes: true)
        return canvas.image
    }

    /// The same frame as `paint`, from a backdrop of the same spec, layout, scale and
    /// theme: its surfaces are already there, so only the shapes are painted.
    public static func paint(_ spec: Spec, layout: SpecLayout, time: Double, backdrop: Backdrop) -> RGBAImage {
        var canvas = Canvas(continuing: backdrop.image, opaque: backdrop.opaque)
        paintItems(spec, layout: layout, time: time, scale: backdrop.scale, theme: backdrop.theme, onto: &canvas,
                   surfaces: false, shapes: true, plans: backdrop.plans)
        return canvas.image
    }

    /// Paints the layout's surfaces (static fills) and/or its shapes (animated), in
    /// layout order, onto `canvas`; `scale` already clamped.
    /// `plans`, when given, holds each item's recorded coverage (`FillPlan`), used for
    /// shapes instead of walking their boxes again.
    static func paintItems(_ spec: Spec, layout: SpecLayout, time: Double, scale s: Int, theme: Theme,
                           onto canvas: inout Canvas, surfaces: Bool, shapes: Bool, plans: [FillPlan]? = nil) {
        let look = spec.appearance.colours(for: theme)
        let timeline = Timeline(spec.animation, width: layout.width, height: layout.height, scale: Double(s))
        for (index, item) in layout.items.enumerated() {
            let box = pixelBox(item, scale: s, fluid: spec.fluid != nil)
            let plan = plans?[index]
            func fill(_ colour: RGBA, sweep: Sweep? = nil) {
                if let plan {
                    canvas.fill(plan, colour: colour, sweep: sweep)
                } else {
                    canvas.fill(box, colour: colour, sweep: sweep)
                }
            }
            switch item.role {
            case .surface:
                guard surfaces else { continue }
                if let colour = item.ownColour(in: theme) { canvas.fill(box, colour: colour) }
            case .shape:
                guard shapes else { continue }
                let colour = item.ownColour(in: theme) ?? look.base
                let t = time - item.timeOffset
                // A node's own motion (site/reference/animation.md, "Motion per node")
                // runs on the same clock, its sweeps over each shape's own box.
                let own = item.motion.map { Timeline($0, width: layout.width, height: layout.height, scale: Double(s)) }
                let motion = own ?? timeline
                switch item.still ? .none : motion.animation.kind {
                case .none:
                    fill(colour)
                case .pulse:
                    var faded = colour
                    faded.a = UInt8(Double(colour.a) * motion.pulseOpacity(at: t) + 0.5)
                    fill(faded)
                case .gradient:
                    fill(colour, sweep: motion.gradientSweep(over: item.frame, look.highlight))
                case .shimmer:
                    fill(colour, sweep: motion.shimmerSweep(at: t, over: item.frame, look.highlight))
                }
            }
        }
    }

    /// The frame's canvas before any item: its size and the theme's background.
    static func blankCanvas(_ spec: Spec, layout: SpecLayout, scale s: Int, theme: Theme) -> Canvas {
        let size = layout.pixelSize(scale: s)
        return Canvas(width: size.width, height: size.height, background: spec.appearance.colours(for: theme).background)
    }

    /// An item's box in pixels at scale `s`: edges on whole device pixels, as browsers
    /// place them (`LayoutItem.snappedBox`, site/reference/rendering.md "Edges"), and
    /// whether it is a disc (`LayoutItem.isDisc`) in a component that is `fluid` or not.
    static func pixelBox(_ item: LayoutItem, scale s: Int, fluid: Bool) -> RoundedBox {
        var box = item.snappedBox(scale: s)
        box.isDisc = item.isDisc(fluid: fluid)
        return box
    }
}
