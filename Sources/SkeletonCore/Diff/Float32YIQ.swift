/// The C++ port's arithmetic (pixelmatch-cpp17, which pybind11-pixelmatch wraps):
/// single precision, the threshold and alpha stored as Float, translucent channels
/// blended over white and truncated to a byte before the YIQ transform, and the grey
/// level's luma truncated to a byte before fading.
struct Float32YIQ: YIQMetric {
    let maxDelta: Float
    let alpha: Float

    init(options: DiffOptions) {
        let t = Float(options.threshold)
        maxDelta = 35215 * t * t
        alpha = Float(options.alpha)
    }

    @inline(__always)
    static func blendWithWhite(_ channel: UInt8, _ alpha: Float) -> UInt8 {
        truncatedByte(255 + (Float(channel) - 255) * alpha)
    }

    @inline(__always)
    static func luma(_ r: Float, _ g: Float, _ b: Float) -> Float {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    @inline(__always)
    static func inPhase(_ r: Float, _ g: Float, _ b: Float) -> Float {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    @inline(__always)
    static func quadrature(_ r: Float, _ g: Float, _ b: Float) -> Float {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    @inline(__always)
    static func blendedRGB(_ p: UnsafeRawPointer) -> (Float, Float, Float) {
        var r = p.load(fromByteOffset: 0, as: UInt8.self)
        var g = p.load(fromByteOffset: 1, as: UInt8.self)
        var b = p.load(fromByteOffset: 2, as: UInt8.self)
        let a = p.load(fromByteOffset: 3, as: UInt8.self)
        if a < 255 {
            let alpha = Float(a) / 255
            r = blendWithWhite(r, alpha)
            g = blendWithWhite(g, alpha)
            b = blendWithWhite(b, alpha)
        }
        return (Float(r), Float(g), Float(b))
    }

    @inline(__always)
    func exceedsThreshold(_ p1: UnsafeRawPointer, _ p2: UnsafeRawPointer) -> Bool {
        let (r1, g1, b1) = Self.blendedRGB(p1)
        let (r2, g2, b2) = Self.blendedRGB(p2)
        let y = Self.luma(r1, g1, b1) - Self.luma(r2, g2, b2)
        let i = Self.inPhase(r1, g1, b1) - Self.inPhase(r2, g2, b2)
        let q = Self.quadrature(r1, g1, b1) - Self.quadrature(r2, g2, b2)
        let delta: Float = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return delta > maxDelta
    }

    @inline(__always)
    func blendedLuma(_ p: UnsafeRawPointer) -> Float {
        let (r, g, b) = Self.blendedRGB(p)
        return Self.luma(r, g, b)
    }

    @inline(__always)
    func grey(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt8 {
        let luma = truncatedByte(Self.luma(Float(r), Float(g), Float(b)))
        return Self.blendWithWhite(luma, alpha * Float(a) / 255)
    }
}
