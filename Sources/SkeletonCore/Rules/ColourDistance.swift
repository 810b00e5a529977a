/// How far apart two colours look, for the warnings about skeletons that cannot be
/// seen (site/reference/diagnostics.md, "Warnings: skeletons that cannot be seen").
///
/// The distance is pixelmatch's, the one `skelsite diff` and `verify` count pixels with
/// (YIQMetric), so "too close to see" means the same as "too close for a diff to notice".
/// WCAG's contrast ratio is not used for shapes: skeletons are pale on purpose
/// (#E5E5EA on white is 1.27:1), and every one would fail it.
public enum ColourDistance {
    /// pixelmatch's scale: about the largest squared YIQ delta of two colours (red against
    /// cyan, 35214.75; black against white is 32857.13). Its threshold t counts a pixel
    /// when the delta is above `yiqMaximum × t²`.
    public static let yiqMaximum: Double = 35215

    /// pixelmatch's squared YIQ delta of two opaque colours (alpha is ignored: give
    /// colours already composited, `composited(_:over:)`), from 0 to `yiqMaximum`.
    public static func yiqDelta(_ a: RGBA, _ b: RGBA) -> Double {
        let (r1, g1, b1) = (Double(a.r), Double(a.g), Double(a.b))
        let (r2, g2, b2) = (Double(b.r), Double(b.g), Double(b.b))
        let y = YIQMetric.luma(r1, g1, b1) - YIQMetric.luma(r2, g2, b2)
        let i = YIQMetric.inPhase(r1, g1, b1) - YIQMetric.inPhase(r2, g2, b2)
        let q = YIQMetric.quadrature(r1, g1, b1) - YIQMetric.quadrature(r2, g2, b2)
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    /// The YIQ distance on pixelmatch's threshold scale, 0 (the same colour) to 1 (red and
    /// cyan; black and white are 0.966): `sqrt(yiqDelta / 35215)`. pixelmatch at threshold t tells the two
    /// colours apart exactly when this is above t (diff's default is 0.1, verify's 0.03).
    public static func yiq(_ a: RGBA, _ b: RGBA) -> Double {
        (yiqDelta(a, b) / yiqMaximum).squareRoot()
    }

    /// `top` painted over the opaque `bottom`, as the painter composites it (Compositor).
    public static func composited(_ top: RGBA, over bottom: RGBA) -> RGBA {
        Compositor.over(top, alpha: Int(top.a), RGBA(bottom.r, bottom.g, bottom.b, 255))
    }

    /// WCAG 2.x relative luminance of the colour's RGB (alpha is ignored), 0 (black)
    /// to 1 (white), with sRGB's transfer curve. Computed without the C maths library,
    /// which the wasm build lacks.
    public static func relativeLuminance(_ c: RGBA) -> Double {
        0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
    }

    /// An sRGB channel in linear light: c / 12.92 near black, else ((c + 0.055) / 1.055)^2.4.
    static func linear(_ channel: UInt8) -> Double {
        let c = Double(channel) / 255
        if c <= 0.04045 { return c / 12.92 }
        let u = (c + 0.055) / 1.055
        // u^2.4 = u² × (u²)^(1/5).
        let square = u * u
        return square * fifthRoot(square)
    }

    /// The fifth root of x in (0, 1] by Newton's method from 1: the steps fall
    /// monotonically to the root, so it stops when a step no longer falls.
    static func fifthRoot(_ x: Double) -> Double {
        var y: Double = 1
        for _ in 0..<100 {
            let y4 = y * y * y * y
            let next = (4 * y + x / y4) / 5
            if !(next < y) { break }
            y = next
        }
        return y
    }
}
