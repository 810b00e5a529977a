import SkeletonCore

/// `aspect=16:9` written back as the fraction it came from, `16/9`, for CSS's
/// `aspect-ratio` and SwiftUI's `aspectRatio(_:contentMode:)`. A rounded decimal
/// (1.777778) makes a browser's height 166.4999 where the painter's is 166.5, and
/// WebKit then snaps the edge the other way (site/reference/rect.md).
enum AspectRatioText {
    /// The fraction with the smallest denominator up to 1000 equal to `ratio` (to
    /// 1e-9), e.g. (16, 9); nil when there is none.
    static func fraction(_ ratio: Double) -> (numerator: Double, denominator: Int)? {
        for denominator in 1...1000 {
            let numerator = (ratio * Double(denominator)).rounded()
            if numerator > 0, abs(numerator / Double(denominator) - ratio) < 1e-9 { return (numerator, denominator) }
        }
        return nil
    }

    /// `16/9` (`2` for a whole ratio), else the ratio to six decimals.
    static func css(_ ratio: Double) -> String {
        guard let (numerator, denominator) = fraction(ratio) else { return CSSNumber.format(ratio, places: 6) }
        return CSSNumber.format(numerator) + (denominator == 1 ? "" : "/" + String(denominator))
    }
}
