import SkeletonCore

/// How the CSS draws a disc (`LayoutItem.isDisc`, site/reference/rendering.md
/// "Circles"): a radial gradient from the radius − ½ device pixel to the radius + ½,
/// which every engine evaluates at pixel centres exactly as the painter does, instead
/// of `border-radius`, which each engine anti-aliases its own way. A shape is cut by it
/// as a mask (its colour and its band alike); a surface is painted with it, so that its
/// children are not cut.
///
/// The half ramp is `--sk-aa`: ½ CSS pixel at 1x, ¼ at 2x, and so on, so the ramp is one
/// device pixel wide at every whole device scale.
extension StyleSheet {
    /// `LayoutItem.isDisc` in this component (fluid or not).
    func isDisc(_ item: LayoutItem) -> Bool { item.isDisc(fluid: spec.fluid != nil) }

    var hasDiscs: Bool { markup.paintedItems.contains { isDisc(layout.items[$0]) } }

    /// The ramp's half width per device scale, after the root rule (same specificity, later wins).
    func discRampRules() -> String {
        var out = ""
        for scale in 2...Limits.maxScale {
            out += "@media (min-resolution:" + String(scale) + "dppx){" + s + "{--sk-aa:"
                + CSSNumber.format(0.5 / Double(scale), places: 6) + "px}}\n"
        }
        return out
    }

    static let discRamp = "closest-side,#000 calc(100% - var(--sk-aa)),#0000 calc(100% + var(--sk-aa))"

    /// A disc shape's cut: the ramp as its mask, `-webkit-` first for older WebKit.
    /// The transparent outline paints nothing; it is there for WebKitGTK 2.50, which,
    /// for a masked shape whose band layer is composited and whose box starts on half
    /// a device pixel (at 2x, a circle at x = 24.75 points), left the box's last column
    /// of device pixels out of the mask (shown unmasked, up to 33 levels off, 318
    /// pixels in the story avatars). An outline widens what the shape paints, and its
    /// layer with it, beyond the box; then the whole box is masked.
    static let discMask = ["-webkit-mask-image:radial-gradient(" + discRamp + ")",
                           "mask-image:radial-gradient(" + discRamp + ")", "outline:1px solid transparent"]

    /// A disc surface's background in `colour` (a CSS colour).
    static func discBackground(_ colour: String) -> String {
        "radial-gradient(closest-side," + colour + " calc(100% - var(--sk-aa)),#0000 calc(100% + var(--sk-aa)))"
    }
}
