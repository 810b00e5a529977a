/// pixelmatch's perceptual colour distance (Kotsarenko and Ramos, "Measuring perceived
/// color difference using YIQ NTSC transmission color space in mobile applications").
///
/// Invariant: every expression is evaluated in exactly pixelmatch's order and in
/// Double, so each delta is bit-identical to the reference (JavaScript and the PyPI
/// port) and counts near the threshold agree. Do not reassociate or fuse.
enum YIQDelta {
    /// Blend one channel of a translucent pixel over white; `alpha` in 0...1.
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

    /// The pixel at `p` (4 bytes, RGBA) as RGB blended over white when translucent.
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

    /// Luma of the pixel at `p` after blending over white.
    @inline(__always)
    static func blendedLuma(_ p: UnsafeRawPointer) -> Double {
        let (r, g, b) = blendedRGB(p)
        return luma(r, g, b)
    }

    /// Squared YIQ distance between two pixels the caller knows differ in some byte
    /// (identical pixels are 0 without calling this, as in pixelmatch).
    @inline(__always)
    static func squaredDistance(_ p1: UnsafeRawPointer, _ p2: UnsafeRawPointer) -> Double {
        let (r1, g1, b1) = blendedRGB(p1)
        let (r2, g2, b2) = blendedRGB(p2)
        let y = luma(r1, g1, b1) - luma(r2, g2, b2)
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }
}
