import SkelSite
import SkeletonCore

/// How closely the browser's rendering of one frame matches the painter's.
public struct VerifyResult: Equatable, Sendable {
    /// `path:line` of the spec in the source folder.
    public var component: String
    public var title: String?
    /// The browser engine that rendered the CSS.
    public var engine: BrowserEngine = .chromium
    public var theme: Theme
    public var scale: Int
    /// Seconds on the painter's clock.
    public var time: Double
    /// Pixels pixelmatch counts as different (anti-aliased ones left out).
    public var mismatched: Int
    /// Pixels that differ but that pixelmatch judges to be anti-aliasing: reported,
    /// not counted in `match` (`matchCountingAntialiased` counts them).
    public var antialiased: Int = 0
    public var pixels: Int
    /// SHA-256 (hex) of the spec's text; empty when unknown.
    public var specDigest: String = ""
    /// The component's width for a fluid spec (checked at two widths); nil for a fixed one.
    public var width: Double? = nil
    /// Shown in a right-to-left cell against the mirrored painting (a `dir=auto` spec's
    /// second check; site/reference/layout.md, "Direction"); `"dir":"rtl"` in the JSON.
    public var rightToLeft = false

    /// Share of matching pixels, 0...1.
    public var match: Double { pixels == 0 ? 1 : 1 - Double(mismatched) / Double(pixels) }

    /// The share of matching pixels when anti-aliased ones count as mismatches too.
    public var matchCountingAntialiased: Double {
        pixels == 0 ? 1 : 1 - Double(mismatched + antialiased) / Double(pixels)
    }
}

