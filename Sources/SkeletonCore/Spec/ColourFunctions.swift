// CSS's colour functions as colour values (site/reference/colors.md): what people copy
// from MUI (`rgba(0, 0, 0, 0.11)`) and from design tools (`hsl(210 20% 96%)`). Each is
// resolved to the same RGBA a hex colour gives, when the spec is parsed, so the painter,
// the CSS, the WebAssembly module and the SwiftUI export see one colour.

enum ColourFunctions {
    /// `rgb()`, `rgba()`, `hsl()` or `hsla()`, commas or spaces between the parts, the
    /// alpha last after a comma or a `/`; nil when `v` does not start like one (the caller
    /// tries its other forms).
    static func parse(_ v: [UInt8]) -> Result<RGBA, ValueProblem>? {
        // ASCII lower case, byte by byte (no Unicode tables in the wasm build).
        let lower = v.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        let open = lower.firstIndex(of: 0x28)
        guard let open, open == 3 || open == 4 else { return nil }
        // Compared as bytes: String's == asks for Unicode normalisation, which the wasm
        // build does not link.
        let isRGB = lower[0..<3].elementsEqual("rgb".utf8)
        guard isRGB || lower[0..<3].elementsEqual("hsl".utf8), open == 3 || lower[3] == 0x61 else { return nil }
        let function = isRGB ? "rgb" : "hsl"
        let shown = SpecText.show(v)
        guard lower.last == 0x29 else {
            return .failure(ValueProblem(message: "colour '\(shown)' has no closing ')'; write it without spaces, like "
                + "\(function)(0,0,0), or in quotes, like fill=\"\(function)(0 0 0 / 50%)\""))
        }
        // Parts: split at commas, spaces and a `/` (which must come before the fourth).
        var parts: [String] = []
        var current: [UInt8] = []
        var slash = false
        for byte in lower[(open + 1)..<(lower.count - 1)] {
            if byte == 0x2C || byte == 0x20 || byte == 0x2F {
                if !current.isEmpty { parts.append(String(decoding: current, as: UTF8.self)) }
                current = []
                if byte == 0x2F {
                    if slash || parts.count != 3 { return .failure(form(shown, function)) }
                    slash = true
                }
            } else {
                current.append(byte)
            }
        }
        if !current.isEmpty { parts.append(String(decoding: current, as: UTF8.self)) }
        guard parts.count == 3 || parts.count == 4, !slash || parts.count == 4 else { return .failure(form(shown, function)) }
        var alpha: UInt8 = 255
        if parts.count == 4 {
            guard let a = fraction(parts[3]), a >= 0, a <= 1 else {
                return .failure(ValueProblem(message: "alpha '\(parts[3])' in '\(shown)' is out of range; expected 0 to 1 or 0% to 100%"))
            }
            alpha = byte(a * 255)
        }
        if isRGB {
            var channels: [UInt8] = []
            for part in parts.prefix(3) {
                guard let value = channel(part) else {
                    return .failure(ValueProblem(message: "channel '\(part)' in '\(shown)' is out of range; expected 0 to 255 or 0% to 100%"))
                }
                channels.append(value)
            }
            return .success(RGBA(channels[0], channels[1], channels[2], alpha))
        }
        guard let hue = degrees(parts[0]) else {
            return .failure(ValueProblem(message: "hue '\(parts[0])' in '\(shown)' is not an angle; expected degrees like 210 or 210deg"))
        }
        guard let saturation = percentage(parts[1]), let lightness = percentage(parts[2]) else {
            return .failure(ValueProblem(message: "saturation and lightness in '\(shown)' must be percentages from 0% to 100%, like hsl(210 20% 96%)"))
        }
        let (r, g, b) = rgb(hue: hue, saturation: saturation, lightness: lightness)
        return .success(RGBA(byte(r * 255), byte(g * 255), byte(b * 255), alpha))
    }

    static func form(_ shown: String, _ function: String) -> ValueProblem {
        ValueProblem(message: "invalid colour '\(shown)'; expected \(function)() with three parts and an optional alpha, "
            + (function.hasSameBytes(as: "rgb") ? "like rgb(0,0,0) or rgba(0,0,0,0.11)" : "like hsl(210,20%,96%) or hsla(210,20%,96%,0.5)"))
    }

    /// CSS Color 4's HSL to RGB, each channel from 0 to 1.
    static func rgb(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        let amount = saturation * min(lightness, 1 - lightness)
        func channel(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            return lightness - amount * max(-1, min(k - 3, 9 - k, 1))
        }
        return (channel(0), channel(8), channel(4))
    }

    /// Nearest byte, halves up (as CSS serialises a colour); truncation of a non-negative
    /// value, not floor() (the wasm build has no libm).
    static func byte(_ x: Double) -> UInt8 { UInt8(Int(max(0, min(255, x)) + 0.5)) }

    static func number(_ part: String) -> Double? {
        guard case .success(let d) = SpecNumber.decimal(Array(part.utf8)[...]) else { return nil }
        return d.value()
    }

    /// Whether `part` ends with `suffix`, and what comes before it.
    static func strip(_ suffix: String, from part: String) -> String? {
        let bytes = Array(part.utf8), tail = Array(suffix.utf8)
        guard bytes.count >= tail.count, Array(bytes[(bytes.count - tail.count)...]) == tail else { return nil }
        return String(decoding: bytes[..<(bytes.count - tail.count)], as: UTF8.self)
    }

    /// `0.5` or `50%` as a fraction.
    static func fraction(_ part: String) -> Double? {
        if let percent = strip("%", from: part) { return number(percent).map { $0 / 100 } }
        return number(part)
    }

    /// `50%` as a fraction from 0 to 1; nil for anything else.
    static func percentage(_ part: String) -> Double? {
        guard let percent = strip("%", from: part), let value = number(percent), value >= 0, value <= 100 else { return nil }
        return value / 100
    }

    /// `0` to `255`, or `0%` to `100%`.
    static func channel(_ part: String) -> UInt8? {
        if strip("%", from: part) != nil { return percentage(part).map { byte($0 * 255) } }
        guard let value = number(part), value >= 0, value <= 255 else { return nil }
        return byte(value)
    }

    /// `210` or `210deg`.
    static func degrees(_ part: String) -> Double? {
        number(strip("deg", from: part) ?? part)
    }
}
