// Decimal numbers, parsed by hand (no Foundation, no strtod) so that native and
// wasm builds read every spec to the same bits.

/// A decimal literal `±digits[.digits]`: value = ±mantissa / 10^scale.
///
/// Invariant: mantissa < 10^15 and scale <= 15, so `mantissa` and every power of ten
/// used below are exact doubles and one IEEE division gives the correctly rounded
/// value (the same double Swift's own `Double("1.3")` gives).
struct SpecDecimal: Equatable {
    var negative: Bool
    var mantissa: Int
    var scale: Int

    /// At most 15 significant digits: enough for any sane size or time, and keeps the
    /// division exact-rounded.
    static let maxDigits = 15

    /// Exact powers of ten 10^0 ... 10^22 (all exactly representable).
    static let powersOfTen: [Double] = {
        var p: [Double] = []
        var v = 1.0
        for _ in 0...22 {
            p.append(v)
            v *= 10
        }
        return p
    }()

    /// The value divided by an extra 10^extraScale (2 for percent -> fraction,
    /// 3 for milliseconds -> seconds).
    func value(extraScale: Int = 0) -> Double {
        let v = Double(mantissa) / SpecDecimal.powersOfTen[scale + extraScale]
        return negative ? -v : v
    }

    var isWhole: Bool { scale == 0 }

    /// The same number written back in decimal after multiplying by 10^3
    /// (for "write 1300ms" hints), without trailing zeros after the point.
    var thousandfoldText: String {
        var m = mantissa
        var s = scale
        var shift = 3
        while shift > 0 && s > 0 { s -= 1; shift -= 1 }
        while shift > 0 { m *= 10; shift -= 1 }
        var digits = Array(String(m).utf8)
        while digits.count <= s { digits.insert(0x30, at: 0) }
        var text = digits
        if s > 0 {
            text.insert(0x2E, at: digits.count - s)
            while text.last == 0x30 { text.removeLast() }
            if text.last == 0x2E { text.removeLast() }
        }
        return (negative ? "-" : "") + String(decoding: text, as: UTF8.self)
    }
}

enum SpecNumber {
    /// Splits `56px` into the numeric prefix `56` and the suffix `px`.
    static func split(_ b: [UInt8]) -> (number: ArraySlice<UInt8>, suffix: ArraySlice<UInt8>) {
        var i = 0
        if i < b.count && (b[i] == 0x2D || b[i] == 0x2B) { i += 1 }
        while i < b.count && ((b[i] >= 0x30 && b[i] <= 0x39) || b[i] == 0x2E) { i += 1 }
        return (b[0..<i], b[i...])
    }

    enum Failure: Error, Equatable {
        case notANumber
        case tooManyDigits
    }

    /// Parses `[-+]digits[.digits]` (also `.5`); no exponents, NaN or infinities, so
    /// every accepted value is finite.
    static func decimal(_ b: ArraySlice<UInt8>) -> Result<SpecDecimal, Failure> {
        var i = b.startIndex
        var negative = false
        if i < b.endIndex && (b[i] == 0x2D || b[i] == 0x2B) {
            negative = b[i] == 0x2D
            i += 1
        }
        var mantissa = 0
        var digits = 0
        var significant = 0
        var scale = 0
        var seenDot = false
        while i < b.endIndex {
            let c = b[i]
            if c == 0x2E {
                if seenDot { return .failure(.notANumber) }
                seenDot = true
            } else if c >= 0x30 && c <= 0x39 {
                digits += 1
                if significant > 0 || c != 0x30 { significant += 1 }
                if significant > SpecDecimal.maxDigits { return .failure(.tooManyDigits) }
                if seenDot {
                    scale += 1
                    if scale > SpecDecimal.maxDigits { return .failure(.tooManyDigits) }
                }
                mantissa = mantissa * 10 + Int(c - 0x30)
            } else {
                return .failure(.notANumber)
            }
            i += 1
        }
        if digits == 0 { return .failure(.notANumber) }
        return .success(SpecDecimal(negative: negative && mantissa != 0, mantissa: mantissa, scale: scale))
    }
}
