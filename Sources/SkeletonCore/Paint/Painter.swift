/// Paints a laid-out spec at a time t, per docs/rendering-rules.md.
///
/// Choices the rules leave to the painter (the CSS emitter mirrors them):
/// - Image size: ceil(W) · scale by ceil(H) · scale pixels, at least 1 × 1 (a PNG
///   cannot be empty). `scale` is clamped into 1...Limits.maxScale.
/// - Sweep strength is sampled at pixel centres: p = (i + ½)·ux + (j + ½)·uy
///   in pixels; the band's centre and width are scaled to pixels to match.
/// - Theme colours: in dark theme an item uses its dark colour, else its light
///   colour (`dark-fill` defaults to `fill`, `dark-color` to `color`), else the
///   theme's base. A surface with neither colour for the theme is not painted.
/// - Rounding: the highlight's alpha highlight.a·k and the pulse's shape alpha
///   a·o are rounded to whole 8-bit values (ties up) before compositing; coverage
///   then multiplies the alpha, rounded the same way; compositing follows
///   `Compositor`'s rounding rule.
/// - A non-positive duration or band paints the static colour (nothing to animate).
public enum Painter {
    /// The frame at time `time` (seconds), `scale` pixels per point (1...4).
    public static func paint(_ spec: Spec, layout: SpecLayout, time: Double, scale: Int, theme: Theme) -> RGBAImage {
        let s = min(max(scale, 1), Limits.maxScale)
        let pointsWide = Self.wholePoints(layout.width)
        let pointsHigh = Self.wholePoints(layout.height)
        let look = ThemeColours(spec.appearance, theme)
        var canvas = Canvas(width: pointsWide * s, height: pointsHigh * s, background: look.background)
        let timeline = Timeline(spec.animation, width: layout.width, height: layout.height, scale: Double(s))
        let scaleD = Double(s)
        for item in layout.items {
            let box = RoundedBox(x: item.frame.x * scaleD, y: item.frame.y * scaleD,
                                 width: item.frame.width * scaleD, height: item.frame.height * scaleD,
                                 radius: item.radius * scaleD)
            switch item.role {
            case .surface:
                let colour = theme == .dark ? (item.darkColor ?? item.lightColor) : item.lightColor
                if let colour { canvas.fill(box, colour: colour) }
            case .shape:
                let colour = theme == .dark ? (item.darkColor ?? item.lightColor ?? look.base)
                                            : (item.lightColor ?? look.base)
                let t = time - item.timeOffset
                switch spec.animation.kind {
                case .none:
                    canvas.fill(box, colour: colour)
                case .pulse:
                    var faded = colour
                    faded.a = UInt8(Double(colour.a) * timeline.pulseOpacity(at: t) + 0.5)
                    canvas.fill(box, colour: faded)
                case .gradient:
                    canvas.fill(box, colour: colour, sweep: timeline.gradientSweep(look.highlight))
                case .shimmer:
                    canvas.fill(box, colour: colour, sweep: timeline.shimmerSweep(at: t, look.highlight))
                }
            }
        }
        return canvas.image
    }

    /// Whole points covering a layout length, at least 1 and at most the size limit.
    static func wholePoints(_ length: Double) -> Int {
        guard length.isFinite, length > 1 else { return 1 }
        return Int(min(length, Limits.maxDimension).rounded(.up))
    }
}

/// The theme's resolved component colours.
struct ThemeColours {
    var base: RGBA
    var highlight: RGBA
    var background: RGBA

    init(_ appearance: Appearance, _ theme: Theme) {
        switch theme {
        case .light:
            base = appearance.base
            highlight = appearance.highlight
            background = appearance.background
        case .dark:
            base = appearance.darkBase
            highlight = appearance.darkHighlight
            background = appearance.darkBackground
        }
    }
}
