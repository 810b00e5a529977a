/// Bounds on untrusted input. Each is documented in site/ (spec language reference)
/// and each has an error diagnostic and a test.
public enum Limits {
    /// Largest component width or height, in points.
    public static let maxDimension: Double = 4096
    /// Largest render scale (pixels per point).
    public static let maxScale = 4
    /// Deepest nesting of nodes below the root.
    public static let maxDepth = 32
    /// Largest `repeat N`.
    public static let maxRepeat = 500
    /// Largest `iterations=` on `animation` (site/reference/animation.md).
    public static let maxIterations = 1000
    /// Most nodes in one spec, counted after expanding repeats.
    public static let maxNodes = 10_000
    /// Largest spec text, in bytes.
    public static let maxSpecBytes = 1 << 20
    /// Largest decoded PNG, in pixels (width × height), so a hostile header cannot
    /// make us allocate gigabytes: 4096 pt × 4 scale squared, with room to spare.
    public static let maxPNGPixels = 16_384 * 16_384
    /// Most errors, and separately most warnings, reported for one spec or one doc's
    /// front matter; then one summary each (see `DiagnosticCap`).
    public static let maxDiagnostics = 100
}
