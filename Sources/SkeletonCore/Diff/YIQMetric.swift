/// pixelmatch's perceptual colour distance (Kotsarenko and Ramos, "Measuring perceived
/// color difference using YIQ NTSC transmission color space in mobile applications"),
/// in the arithmetic of JavaScript pixelmatch and its PyPI port: Double precision
/// throughout, translucent pixels blended without rounding, over white (5.x, 6.x) or
/// over pixelmatch 7's checkerboard (`DiffOptions.version`).
///
/// Invariant: every expression is evaluated in exactly the chosen pixelmatch's order
/// and precision, so counts near the threshold agree bit for bit. (7.x measures the
/// channel differences first, 6.x each pixel's YIQ first: the same maths, rounded
/// differently.)
struct YIQMetric {
    /// 35215 (the largest distance of the metric, cyan against red; black against white
    /// is 32857) times threshold squared.
    let maxDelta: Double
    /// `alpha * a / 255` for every a, precomputed in pixelmatch's order (so identical).
    let fade: [Double]
    /// The diff picture's opacity of the original (pixelmatch 7 applies it unfactored).
    let alpha: Double
    /// pixelmatch 7's arithmetic and checkerboard blending.
    let checkerboard: Bool

    init(options: DiffOptions) {
        maxDelta = 35215 * options.threshold * options.threshold
        fade = (0..<256).map { options.alpha * Double($0) / 255 }
        alpha = options.alpha
        checkerboard = options.version == .v7
    }

    /// pixelmatch 7's background behind the translucent pixel at byte offset `k`: each
    /// channel 48 or 207, switching with periods 1, φ and φ² bytes.
    @inline(__always)
    static func checkerboardColour(_ k: Int) -> (Int, Int, Int) {
        (48 + 159 * (k % 2),
         48 + 159 * (Int(Double(k) / 1.618033988749895) % 2),
         48 + 159 * (Int(Double(k) / 2.618033988749895) % 2))
    }

    /// pixelmatch 7's channel differences of two pixels (1 minus 2), both blended over
    /// the checkerboard at byte offset `k` when either is translucent.
    @inline(__always)
    static func differences7(_ p1: UnsafeRawPointer, _ p2: UnsafeRawPointer, _ k: Int) -> (Double, Double, Double) {
        let r1 = Int(p1.load(fromByteOffset: 0, as: UInt8.self)), g1 = Int(p1.load(fromByteOffset: 1, as: UInt8.self))
        let b1 = Int(p1.load(fromByteOffset: 2, as: UInt8.self)), a1 = Int(p1.load(fromByteOffset: 3, as: UInt8.self))
        let r2 = Int(p2.load(fromByteOffset: 0, as: UInt8.self)), g2 = Int(p2.load(fromByteOffset: 1, as: UInt8.self))
        let b2 = Int(p2.load(fromByteOffset: 2, as: UInt8.self)), a2 = Int(p2.load(fromByteOffset: 3, as: UInt8.self))
        if a1 < 255 || a2 < 255 {
            let (rb, gb, bb) = checkerboardColour(k)
            let da = a1 - a2
            // Integers up to 255 * 255: exact, as in JavaScript; one rounding, the division.
            return (Double(r1 * a1 - r2 * a2 - rb * da) / 255,
                    Double(g1 * a1 - g2 * a2 - gb * da) / 255,
                    Double(b1 * a1 - b2 * a2 - bb * da) / 255)
        }
        return (Double(r1 - r2), Double(g1 - g2), Double(b1 - b2))
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
    /// `offset`: the pixels' byte offset in their images (pixelmatch 7's checkerboard).
    @inline(__always)
    func exceedsThreshold(_ p1: UnsafeRawPointer, _ p2: UnsafeRawPointer, offset: Int) -> Bool {
        if checkerboard {
            let (dr, dg, db) = Self.differences7(p1, p2, offset)
            let y = Self.luma(dr, dg, db)
            let i = Self.inPhase(dr, dg, db)
            let q = Self.quadrature(dr, dg, db)
            return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q > maxDelta
        }
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

    /// The anti-aliasing detector's brightness difference between a centre pixel (at
    /// byte offset `centreOffset`, luma `centreLuma` as `blendedLuma` gives it) and a
    /// neighbour whose bytes differ from it: positive when the neighbour is darker.
    @inline(__always)
    func brightnessDelta(_ centre: UnsafeRawPointer, _ neighbour: UnsafeRawPointer,
                         centreOffset: Int, centreLuma: Double) -> Double {
        if checkerboard {
            // pixelmatch 7 blends both over the checkerboard at the centre's position.
            let (dr, dg, db) = Self.differences7(centre, neighbour, centreOffset)
            return Self.luma(dr, dg, db)
        }
        return centreLuma - blendedLuma(neighbour)
    }

    /// The faded grey level drawn for a matching pixel.
    @inline(__always)
    func grey(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt8 {
        let luma = Self.luma(Double(r), Double(g), Double(b))
        if checkerboard {
            // pixelmatch 7: (luma - 255) * alpha * a / 255, left to right.
            return truncatedByte(255 + (luma - 255) * alpha * Double(a) / 255)
        }
        return truncatedByte(Self.blendWithWhite(luma, fade[Int(a)]))
    }
}

/// Truncates like a C cast to uint8_t for values in range; clamps the rest (only
/// reachable with an `alpha` outside 0...1, or NaN) instead of trapping.
@inline(__always)
func truncatedByte(_ value: Double) -> UInt8 {
    value > 0 ? (value < 255 ? UInt8(value) : 255) : 0
}
