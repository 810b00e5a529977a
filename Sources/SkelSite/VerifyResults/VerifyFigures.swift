import SkeletonCore

/// How verify writes its figures (percentages, numbers, theme names), shared by verify's
/// reports (SkelsiteVerify extends this enum with them) and the pages a build shows them
/// on (`build --verify-results`), so both spell a figure the same way.
public enum VerifyReport {
    package static func themeName(_ theme: Theme) -> String { theme == .light ? "light" : "dark" }

    public static func percent(_ share: Double) -> String {
        number(share * 100, places: 2) + "%"
    }

    /// Fixed decimals, trailing zeros trimmed. A value too large for that (or not
    /// finite) is written as Swift writes it rather than trapping in the conversion.
    public static func number(_ value: Double, places: Int = 4) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let units = (abs(value) * scale).rounded()
        if units == 0 { return "0" }
        guard units < 9.0e18 else { return String(value) }
        var whole = String(Int64(units / scale))
        let fraction = Int64(units.truncatingRemainder(dividingBy: scale))
        if value < 0 { whole = "-" + whole }
        guard fraction != 0 else { return whole }
        var digits = String(fraction)
        digits = String(repeating: "0", count: places - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return whole + "." + digits
    }

    package static func quoted(_ text: String) -> String {
        JSONText.string(text)
    }
}
