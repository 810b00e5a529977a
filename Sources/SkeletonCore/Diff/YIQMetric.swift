/// pixelmatch's perceptual colour distance (Kotsarenko and Ramos, "Measuring perceived
/// color difference using YIQ NTSC transmission color space in mobile applications"),
/// in the arithmetic of JavaScript pixelmatch and its PyPI port: Double precision
/// throughout, translucent pixels blended over white without rounding.
///
/// Invariant: every expression is evaluated in exactly pixelmatch's order and
/// precision, so counts near the threshold agree bit for bit.
struct YIQMetric {
    /// 35215 (black against white, the largest distance) times threshold squared.
    let maxDelta: Double
    /// `alpha * a / 255` for every a, precomputed in pixelmatch's order (so identical).
    let fade: [Double]

    init(options: DiffOptions) {
        maxDelta = 35215 * options.threshold * options.threshold
        fade = (0..<256).map { options.alpha * Double($0) / 255 }
    }

    @inline(__always)
    static func blendWithWhite(_ channel: Double, _ alpha: Double) -> Double {
        255 + (channel - 255) * alpha
    }

    @inline(__always)
    static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    @inline(__always)
    static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    @inline(__always)
    static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    @inline(__always)
    static func blendedRGB(_ p: UnsafeRawPointer) -> (Double, Double, Double) {
        var r = Double(p.load(fromByteOffset: 0, as: UInt8.self))
        var g = Double(p.load(fromByteOffset: 1, as: UInt8.self))
        var b = Double(p.load(fromByteOffset: 2, as: UInt8.self))
        let a = p.load(fromByteOffset: 3, as: UInt8.self)
        if a < 255 {
            let alpha = Double(a) / 255
            r = blendWithWhite(r, alpha)
            g = blendWithWhite(g, alpha)
            b = blendWithWhite(b, alpha)
        }
        return (r, g, b)
    }

    /// Is the squared YIQ distance between two pixels (4 bytes RGBA each, known to differ
    /// in some byte) above the threshold's bound?
    @inline(__always)
    func exceedsThreshold(_ p1: UnsafeRawPointer, _ p2: UnsafeRawPointer) -> Bool {
        let (r1, g1, b1) = Self.blendedRGB(p1)
        let (r2, g2, b2) = Self.blendedRGB(p2)
        let y = Self.luma(r1, g1, b1) - Self.luma(r2, g2, b2)
        let i = Self.inPhase(r1, g1, b1) - Self.inPhase(r2, g2, b2)
        let q = Self.quadrature(r1, g1, b1) - Self.quadrature(r2, g2, b2)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return delta > maxDelta
    }

    /// Luma of a pixel after blending it over white, as the anti-aliasing detector sees it.
    @inline(__always)
    func blendedLuma(_ p: UnsafeRawPointer) -> Double {
        let (r, g, b) = Self.blendedRGB(p)
        return Self.luma(r, g, b)
    }

    /// The faded grey level drawn for a matching pixel.
    @inline(__always)
    func grey(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt8 {
        let luma = Self.luma(Double(r), Double(g), Double(b))
        return truncatedByte(Self.blendWithWhite(luma, fade[Int(a)]))
    }
}

/// Truncates like a C cast to uint8_t for values in range; clamps the rest (only
/// reachable with an `alpha` outside 0...1, or NaN) instead of trapping.
@inline(__always)
func truncatedByte(_ value: Double) -> UInt8 {
    value > 0 ? (value < 255 ? UInt8(value) : 255) : 0
}
