import SkeletonCore

/// The band of a fluid component (`skeleton width=fill`, site/reference/skeleton.md,
/// "Fluid width"). A fixed component places each shape's copy of the band with a
/// matrix in points; a fluid one cannot, because its shapes move with its width. Here
/// every shape's layer is the whole component box instead (positioned against the
/// root, since shapes are not positioned, and cut to the shape by a mask), painted
/// with one CSS `linear-gradient` at the sweep angle. A gradient line at angle θ over a
/// W × H box is exactly the painter's sweep: from pmin, L = W·|sin θ| + H·|cos θ| long
/// (docs/rendering-rules.md). The band's centre is the registered custom property
/// `--sk-p`, in percent of L, animated from −band/2 to 1 + band/2 with the spec's
/// easing: c = pmin − B/2 + e·(L + B), the painter's formula, at every width.
///
/// With `scope=shape` (site/reference/animation.md, "Per-shape sweeps") the shape is
/// positioned and its layer is the shape's own box: the same gradient over it is the
/// painter's per-shape sweep, L = w·|sin θ| + h·|cos θ| of the shape at whatever width
/// the component takes, so the same rules and keyframes serve every shape.
extension StyleSheet {
    /// What a fluid shape with a band layer adds to its rule: the mask, and with
    /// `scope=shape` the position its layer is placed against.
    var fluidShapeLayer: [String] {
        motion.scope == .shape ? ["position:relative"] + Self.fluidShapeMask : Self.fluidShapeMask
    }

    func fluidLayerRules() -> String {
        var out = ""
        // The angle and the half band are variables, so the gradient is one fixed text.
        var layer = ["content:\"\"", "position:absolute", "left:0", "top:0", "width:100%", "height:100%",
                     "--sk-a:" + CSSNumber.format(motion.angle) + "deg"]
        if motion.kind == .shimmer {
            out = "@property --sk-p{syntax:\"<percentage>\";inherits:false;initial-value:0%}\n"
            // `intensity=` holds the highlight over the band's middle, ±I around --sk-p.
            let held = CSSNumber.percent(motion.band * motion.intensity * 50)
            let peak = motion.intensity > 0
                ? "var(--sk-h) calc(var(--sk-p) - " + held + "),var(--sk-h) calc(var(--sk-p) + " + held + ")"
                : "var(--sk-h) var(--sk-p)"
            // Firefox 153 paints no band when the box holds only one end of the stops
            // (-65%, -15%, 35%), which a wide band meets a quarter of the way through an
            // eased sweep, under either scope (a fluid card with band=1
            // easing=ease-in-out matched 98.8% in four frames). Stops of the clear
            // highlight at the band's farthest reach, −100% and 200% (band is at most 1),
            // fix it; a flat stretch changes nothing.
            let (before, after) = ("var(--sk-h0) -100%,", ",var(--sk-h0) 200%")
            layer += ["--sk-w:" + CSSNumber.format(motion.band * 50) + "%",
                      "background:linear-gradient(var(--sk-a)," + before + "var(--sk-h0) calc(var(--sk-p) - var(--sk-w)),"
                        + peak + ",var(--sk-h0) calc(var(--sk-p) + var(--sk-w))" + after + ")",
                      "animation:" + scope + "-sweep " + CSSNumber.seconds(motion.period) + " "
                        + CycleKeyframes.timing(motion) + AnimationTiming.count(motion) + pausedSuffix]
        } else {
            layer.append("background:linear-gradient(var(--sk-a),var(--sk-h0),var(--sk-h),var(--sk-h0))")
        }
        return out + rule(s + " .sk-s::after", layer + Self.layerReset)
    }

    /// What cuts the band layer to its shape: a mask of one solid image. Browsers paint
    /// a mask as they paint a background, on the box snapped to whole device pixels and
    /// inside its rounded corners, so the band ends exactly where the shape's own colour
    /// does. (`clip-path: inset(0)` did not: Chromium draws it where layout put the box,
    /// so an edge left on half a pixel by fluid layout had its outermost row cut in half;
    /// in the gallery's fluid card, 98.65% with anti-aliased pixels counted, now 99.90%.)
    /// `-webkit-` first for WebKit releases before the unprefixed property.
    static let fluidShapeMask = ["-webkit-mask-image:linear-gradient(#000 0 0)", "mask-image:linear-gradient(#000 0 0)"]

    /// A shape's own rules: its phase delay (its radius is its own rule: the mask
    /// follows the rounded box).
    func fluidItemRules(_ selector: String, item: LayoutItem, own: [String], delay: Double) -> String {
        guard case .shape = item.role else { return own.isEmpty ? "" : rule(selector, own) }
        var out = own.isEmpty ? "" : rule(selector, own)
        if hasLayer && motion.kind == .shimmer && delay != 0 {
            out += rule(selector + "::after", ["animation-delay:" + CSSNumber.seconds(delay)])
        }
        return out
    }

    /// The band's centre along the cycle (CycleKeyframes: interval and repeat=reverse
    /// included): progress 0 is −band/2, progress 1 is 1 + band/2.
    func fluidKeyframes() -> String {
        let half = motion.band * 50
        return CycleKeyframes.rule(scope + "-sweep", motion) { progress in
            "--sk-p:" + CSSNumber.percent(-half + progress * (100 + 2 * half))
        }
    }
}
