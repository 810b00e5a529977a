import SkelSite

/// How many differing pixels an image may have and still pass, like Playwright's
/// `maxDiffPixels` and `maxDiffPixelRatio`.
public struct DiffTolerance: Equatable, Sendable {
    /// Differing pixels allowed per image; nil when not given.
    public var maxDiffPixels: Int?
    /// Fraction (0...1) of an image's pixels allowed to differ; nil when not given.
    public var maxDiffRatio: Double?

    public init(maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil) {
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
    }

    /// Pixels allowed to differ in an image of `totalPixels`. With neither limit, 0:
    /// any counted difference fails (Playwright's default). With both, the stricter
    /// one applies, as in Playwright's comparator.
    public func allowance(totalPixels: Int) -> Double {
        let byCount = maxDiffPixels.map(Double.init)
        let byRatio = maxDiffRatio.map { $0 * Double(totalPixels) }
        switch (byCount, byRatio) {
        case let (count?, ratio?): return min(count, ratio)
        case let (count?, nil): return count
        case let (nil, ratio?): return ratio
        case (nil, nil): return 0
        }
    }

    public func exceeded(mismatched: Int, totalPixels: Int) -> Bool {
        Double(mismatched) > allowance(totalPixels: totalPixels)
    }
}
