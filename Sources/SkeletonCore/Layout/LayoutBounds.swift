/// The size check the parser cannot make: attributes are bounded one by one, but a
/// component's content height is the sum of its children (`repeat 500` of 4096-point
/// rects lays out 2 048 000 points tall), and the painter clamps each side to
/// `Limits.maxDimension`, which would silently cut the picture off.
extension LayoutEngine {
    /// An error at the spec's `skeleton` keyword when the laid-out component is larger
    /// than `Limits.maxDimension` points on a side, else nil. Sizes are shown in whole
    /// points rounded up, as the painter would need them; height is reported before
    /// width (only height can grow past the limit from content).
    public static func checkBounds(_ layout: SpecLayout, spec: Spec) -> Diagnostic? {
        let limit = Int(Limits.maxDimension)
        if let tall = oversize(layout.height) {
            return Diagnostic(.error, "component is \(tall) points tall; the limit is \(limit) (Limits.maxDimension)",
                              at: spec.position)
        }
        if let wide = oversize(layout.width) {
            return Diagnostic(.error, "component is \(wide) points wide; the limit is \(limit) (Limits.maxDimension)",
                              at: spec.position)
        }
        return nil
    }

    /// Whole points (rounded up) of a length past the limit, nil within it. A
    /// non-finite length is past any limit and shown as the largest Int.
    static func oversize(_ length: Double) -> Int? {
        guard length > Limits.maxDimension || length.isNaN else { return nil }
        guard length.isFinite, length < Double(Int.max) else { return Int.max }
        return Int(length.rounded(.up))
    }
}
