import SkeletonCore

/// How closely the browser's rendering of one frame matches the painter's.
public struct VerifyResult: Equatable, Sendable {
    /// `path:line` of the spec in the source folder.
    public var component: String
    public var title: String?
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

    /// Share of matching pixels, 0...1.
    public var match: Double { pixels == 0 ? 1 : 1 - Double(mismatched) / Double(pixels) }

    /// The share of matching pixels when anti-aliased ones count as mismatches too.
    public var matchCountingAntialiased: Double {
        pixels == 0 ? 1 : 1 - Double(mismatched + antialiased) / Double(pixels)
    }
}

/// Terminal and JSON forms of a run's results.
public enum VerifyReport {
    /// One line per frame, e.g. `gallery/row.md:12 light @2x t=0.75s  99.87%`,
    /// failing lines marked.
    public static func text(_ results: [VerifyResult], minimum: Double) -> String {
        var out = ""
        for r in results {
            let mark = r.match < minimum ? "FAIL " : "ok   "
            out += mark + r.component + " " + themeName(r.theme) + " @" + String(r.scale) + "x t="
                + number(r.time) + "s  " + percent(r.match) + "\n"
        }
        return out
    }

    /// `{"results":[{"component","theme","scale","time","match"},...]}`, plus title,
    /// mismatched, antialiased, pixels and spec (the SHA-256 of the spec's text, which
    /// `build --verify-results` matches components by). Numbers printed with fixed precision so runs diff cleanly.
    public static func json(_ results: [VerifyResult], minimum: Double? = nil, threshold: Double? = nil) -> String {
        var out = "{"
        if let minimum { out += "\"minimum\":" + number(minimum, places: 6) + "," }
        if let threshold { out += "\"threshold\":" + number(threshold, places: 6) + "," }
        out += "\"results\":[\n"
        for (index, r) in results.enumerated() {
            out += "{\"component\":" + quoted(r.component)
            out += ",\"title\":" + (r.title.map(quoted) ?? "null")
            out += ",\"theme\":\"" + themeName(r.theme) + "\""
            out += ",\"scale\":" + String(r.scale)
            out += ",\"time\":" + number(r.time)
            out += ",\"match\":" + number(r.match, places: 6)
            out += ",\"mismatched\":" + String(r.mismatched)
            out += ",\"antialiased\":" + String(r.antialiased)
            out += ",\"pixels\":" + String(r.pixels)
            if !r.specDigest.isEmpty { out += ",\"spec\":\"" + r.specDigest + "\"" }
            out += "}"
            out += index == results.count - 1 ? "\n" : ",\n"
        }
        return out + "]}\n"
    }

    static func themeName(_ theme: Theme) -> String { theme == .light ? "light" : "dark" }

    public static func percent(_ share: Double) -> String {
        number(share * 100, places: 2) + "%"
    }

    /// Fixed decimals, trailing zeros trimmed.
    static func number(_ value: Double, places: Int = 4) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let units = (abs(value) * scale).rounded()
        if units == 0 { return "0" }
        var whole = String(Int64(units / scale))
        let fraction = Int64(units.truncatingRemainder(dividingBy: scale))
        if value < 0 { whole = "-" + whole }
        guard fraction != 0 else { return whole }
        var digits = String(fraction)
        digits = String(repeating: "0", count: places - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return whole + "." + digits
    }

    static func quoted(_ text: String) -> String {
        JSONText.string(text)
    }
}
