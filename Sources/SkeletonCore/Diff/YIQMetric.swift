/// pixelmatch's perceptual colour distance (Kotsarenko and Ramos, "Measuring perceived
/// color difference using YIQ NTSC transmission color space in mobile applications"),
/// in one of the two arithmetics pixelmatch's ports use (see `DiffArithmetic`).
///
/// Invariant: every conforming type evaluates each expression in exactly its port's
/// order and precision, so counts near the threshold agree bit for bit.
protocol YIQMetric {
    associatedtype Scalar: BinaryFloatingPoint
    init(options: DiffOptions)
    /// Is the squared YIQ distance between two pixels (4 bytes RGBA each, known to differ
    /// in some byte) above the threshold's bound?
    func exceedsThreshold(_ p1: UnsafeRawPointer, _ p2: UnsafeRawPointer) -> Bool
    /// Luma of a pixel after blending it over white, as the anti-aliasing detector sees it.
    func blendedLuma(_ p: UnsafeRawPointer) -> Scalar
    /// The faded grey level drawn for a matching pixel.
    func grey(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt8
}

/// Truncates like a C cast to uint8_t for values in range; clamps the rest (only
/// reachable with an `alpha` outside 0...1, or NaN) instead of trapping.
@inline(__always)
func truncatedByte<F: BinaryFloatingPoint>(_ value: F) -> UInt8 {
    value > 0 ? (value < 255 ? UInt8(value) : 255) : 0
}
