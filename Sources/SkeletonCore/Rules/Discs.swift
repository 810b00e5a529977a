/// Which items are painted as discs: a circle's edge is a one-device-pixel ramp by
/// distance from its centre, not the exact area of the curve inside each pixel
/// (site/reference/rendering.md, "Circles").
///
/// Why: browsers anti-alias `border-radius` with their own rasterisers (Chromium and
/// WebKit with Skia's analytic coverage, Firefox its own), up to 34 levels apart from
/// exact area on a 24-point circle, so no one rule for curved edges matches all three.
/// A radial gradient is evaluated at pixel centres by a formula every engine follows
/// exactly: a `mask-image` ramp from the radius − ½ device pixel to the radius + ½ gave
/// the painter's pixels to the level in Chromium and WebKit at 1x and 2x and in Firefox
/// at 1x (and `skelsite verify` finds the same at 2x).
/// So the CSS draws a disc with that mask (a shape) or that gradient (a surface), and
/// the painter covers each pixel by the same formula (`RoundedBox.discCoverage`).
extension LayoutItem {
    /// A square item whose radius is at least half its side. In a fluid component only a
    /// `circle` (its size is fixed, so it is square at every width): the CSS is one text
    /// for all widths, and a `grow` rect that happens to be square at one width is not.
    public func isDisc(fluid: Bool) -> Bool {
        if fluid {
            guard case .shape(.circle) = role else { return false }
        }
        return frame.width > 0 && frame.width == frame.height && radius * 2 >= frame.width
    }
}

extension RoundedBox {
    /// The disc drawn in this box: centred in it, its radius half the shorter side (the
    /// CSS gradient's `closest-side`), covering the pixel (i, j) by
    /// clamp(radius + ½ − d, 0, 1), d the distance from the disc's centre to the pixel's
    /// centre, in device pixels.
    public func discCoverage(_ i: Int, _ j: Int) -> Double {
        let dx = Double(i) + 0.5 - (x0 + x1) / 2
        let dy = Double(j) + 0.5 - (y0 + y1) / 2
        let c = min(x1 - x0, y1 - y0) / 2 + 0.5 - (dx * dx + dy * dy).squareRoot()
        return c <= 0 ? 0 : (c >= 1 ? 1 : c)
    }
}
