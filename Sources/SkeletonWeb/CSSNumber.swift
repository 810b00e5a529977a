import SkeletonCore

/// Formats numbers for CSS without Foundation or `Double.description`, so output is
/// identical on every platform (native and wasm) and never uses exponent notation.
enum CSSNumber {
    /// `value` rounded half away from zero to `places` decimals (0...9), trailing zeros
    /// and a trailing dot trimmed, never "-0". Non-finite input prints "0" (CSS has no
    /// infinity literal and a skeleton never needs one).
    static func format(_ value: Double, places: Int = 3) -> String {
        guard value.isFinite else { return "0" }
        var scale: UInt64 = 1
        var index = 0
        while index < places {
            scale *= 10
            index += 1
        }
        let magnitude = value < 0 ? -value : value
        // floor(x + 0.5) instead of .rounded(): floor is one wasm instruction, round may be a libcall.
        let scaled = (magnitude * Double(scale) + 0.5).rounded(.down)
        // Values beyond 1e15 cannot occur in a bounded spec (Limits.maxDimension); clamp to stay exact.
        let units = scaled >= 1e15 ? UInt64(1e15) : UInt64(scaled)
        if units == 0 { return "0" }
        var text = value < 0 ? "-" : ""
        text += String(units / scale)
        var fraction = units % scale
        if fraction != 0 {
            var digits = [UInt8](repeating: UInt8(ascii: "0"), count: places)
            var position = places - 1
            while position >= 0 {
                digits[position] = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
                position -= 1
            }
            while let last = digits.last, last == UInt8(ascii: "0") { digits.removeLast() }
            text += "."
            text += String(decoding: digits, as: UTF8.self)
        }
        return text
    }

    /// `value` followed by "px" (or a bare "0").
    static func px(_ value: Double) -> String {
        let text = format(value)
        return text.hasSameBytes(as: "0") ? "0" : text + "px"
    }

    /// Seconds with millisecond precision, e.g. "1.3s", "0s", "-0.25s".
    static func seconds(_ value: Double) -> String {
        format(value) + "s"
    }

    /// A percentage, e.g. "70%".
    static func percent(_ value: Double) -> String {
        format(value) + "%"
    }
}
