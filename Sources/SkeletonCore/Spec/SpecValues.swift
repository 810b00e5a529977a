// Parsers for attribute values. Each returns the resolved value or a message that
// names the problem and the fix; the caller attaches the value's position.

struct ValueProblem: Error, Equatable {
    var message: String
    /// Byte offset into the value where the problem starts (for `WxH` halves).
    var offset: Int = 0
}

enum SpecValues {
    /// A number of points, non-negative, at most `Limits.maxDimension` when `bounded`.
    static func points(_ v: [UInt8], _ name: String, positive: Bool = false,
                       bounded: Bool = true) -> Result<Double, ValueProblem> {
        let (num, suffix) = SpecNumber.split(v)
        let shown = SpecText.show(v)
        // `px` as CSS writes it: a point is a CSS pixel (site/reference/language.md).
        if suffix.elementsEqual("px".utf8), !num.isEmpty { return points(Array(num), name, positive: positive, bounded: bounded) }
        if !suffix.isEmpty, !num.isEmpty, case .success = SpecNumber.decimal(num) {
            return .failure(ValueProblem(message:
                "unknown unit '\(SpecText.show(suffix))' in '\(shown)' for \(name); write points as a plain number like \(SpecText.show(num))"))
        }
        switch SpecNumber.decimal(v[...]) {
        case .failure(.tooManyDigits):
            return .failure(ValueProblem(message: "number '\(shown)' for \(name) has too many digits; use at most 15"))
        case .failure(.notANumber):
            return .failure(ValueProblem(message: "invalid number '\(shown)' for \(name); expected a number like 8"))
        case .success(let d):
            let x = d.value()
            if d.negative { return .failure(ValueProblem(message: "\(name) must not be negative; got '\(shown)'")) }
            if positive && x == 0 { return .failure(ValueProblem(message: "\(name) must be greater than 0")) }
            if bounded && x > Limits.maxDimension {
                return .failure(ValueProblem(message: "\(name) \(shown) is larger than the limit of \(Int(Limits.maxDimension)) points"))
            }
            return .success(x)
        }
    }

    /// `56` (points) or `50%` (of the parent's content box).
    static func length(_ v: [UInt8], _ name: String) -> Result<Length, ValueProblem> {
        if let last = v.last, last == 0x25 {
            let body = Array(v.dropLast())
            let shown = SpecText.show(v)
            switch SpecNumber.decimal(body[...]) {
            case .failure:
                return .failure(ValueProblem(message: "invalid length '\(shown)' for \(name); expected points like 56 or a percentage like 50%"))
            case .success(let d):
                if d.negative { return .failure(ValueProblem(message: "\(name) must not be negative; got '\(shown)'")) }
                let p = d.value()
                if p > 100 { return .failure(ValueProblem(message: "\(name) \(shown) is over 100%")) }
                return .success(.percent(p))
            }
        }
        let (num, suffix) = SpecNumber.split(v)
        if num.isEmpty || !suffix.isEmpty && !isNumber(num) {
            return .failure(ValueProblem(message: "invalid length '\(SpecText.show(v))' for \(name); expected points like 56 or a percentage like 50%"))
        }
        if !suffix.isEmpty && !suffix.elementsEqual("px".utf8) {
            return .failure(ValueProblem(message:
                "unknown unit '\(SpecText.show(suffix))' in '\(SpecText.show(v))' for \(name); write points as a plain number like \(SpecText.show(num)) or a percentage like 50%"))
        }
        return points(v, name).map { .points($0) }
    }

    static func isNumber(_ b: ArraySlice<UInt8>) -> Bool {
        if case .success = SpecNumber.decimal(b) { return true }
        return false
    }

    /// A whole number in `range` (`lines=`, `repeat N`).
    static func count(_ v: [UInt8], _ name: String, _ range: ClosedRange<Int>) -> Result<Int, ValueProblem> {
        let shown = SpecText.show(v)
        guard case .success(let d) = SpecNumber.decimal(v[...]), d.isWhole else {
            return .failure(ValueProblem(message: "invalid \(name) '\(shown)'; expected a whole number like \(range.lowerBound + 2)"))
        }
        let n = d.negative ? -d.mantissa : d.mantissa
        if n < range.lowerBound || n > range.upperBound {
            return .failure(ValueProblem(message: "\(name) \(shown) is out of range; expected \(range.lowerBound) to \(range.upperBound)"))
        }
        return .success(n)
    }

    /// `70%` or `0.7` as a decimal and the value it stands for (a percentage is read in
    /// hundredths); nil when it is not a number.
    static func percentOrNumber(_ v: [UInt8]) -> (decimal: SpecDecimal, value: Double)? {
        let percent = v.last == 0x25
        guard case .success(let d) = SpecNumber.decimal(percent ? v.dropLast() : v[...]) else { return nil }
        return (d, d.value(extraScale: percent ? 2 : 0))
    }

    /// `70%` or `0.7`, stored as a fraction in (0, 1].
    static func fraction(_ v: [UInt8], _ name: String, percentExample: String, fractionExample: String) -> Result<Double, ValueProblem> {
        let shown = SpecText.show(v)
        guard let (d, x) = percentOrNumber(v) else {
            return .failure(ValueProblem(message: "invalid \(name) '\(shown)'; expected a percentage like \(percentExample) or a fraction like \(fractionExample)"))
        }
        if d.negative || x == 0 || x > 1 {
            return .failure(ValueProblem(message: "\(name) \(shown) is out of range; expected more than 0% and at most 100% (a fraction up to 1)"))
        }
        return .success(x)
    }

    /// `1.3s` or `1300ms`, in seconds. A bare number is refused: `1.3` could be either.
    static func time(_ v: [UInt8], _ name: String, positive: Bool) -> Result<Double, ValueProblem> {
        let (num, suffix) = SpecNumber.split(v)
        let shown = SpecText.show(v)
        let unit = String(decoding: suffix, as: UTF8.self)
        guard case .success(let d) = SpecNumber.decimal(num), !num.isEmpty else {
            return .failure(ValueProblem(message: "invalid time '\(shown)' for \(name); expected seconds like 1.3s or milliseconds like 1300ms"))
        }
        let seconds: Double
        switch Spelling(unit) {
        case "s": seconds = d.value()
        case "ms": seconds = d.value(extraScale: 3)
        case "":
            return .failure(ValueProblem(message: "missing unit in '\(shown)' for \(name); write \(shown)s or \(d.thousandfoldText)ms"))
        default:
            return .failure(ValueProblem(message: "unknown time unit '\(SpecText.show(suffix))' in '\(shown)' for \(name); use s or ms"))
        }
        if d.negative { return .failure(ValueProblem(message: "\(name) must not be negative; got '\(shown)'")) }
        if positive && seconds == 0 { return .failure(ValueProblem(message: "\(name) must be greater than 0s")) }
        return .success(seconds)
    }

    /// `30` or `30deg`; any sign (CSS angles may be negative).
    static func angle(_ v: [UInt8]) -> Result<Double, ValueProblem> {
        var body = v[...]
        if v.count > 3 && v.suffix(3).elementsEqual("deg".utf8) { body = v.dropLast(3) }
        guard case .success(let d) = SpecNumber.decimal(body) else {
            return .failure(ValueProblem(message: "invalid angle '\(SpecText.show(v))'; expected degrees like 30 or 30deg"))
        }
        return .success(d.value())
    }

    static let colourForms = "expected #RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla() or a palette name"

    /// `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a CSS colour function (`ColourFunctions`) or a
    /// palette name (NamedColors).
    static func colour(_ v: [UInt8]) -> Result<RGBA, ValueProblem> {
        let shown = SpecText.show(v)
        if let function = ColourFunctions.parse(v) { return function }
        if v.first == 0x23 {
            var nibbles: [UInt8] = []
            for c in v.dropFirst() {
                guard let n = hexValue(c) else {
                    return .failure(ValueProblem(message: "invalid colour '\(shown)'; \(colourForms)"))
                }
                nibbles.append(n)
            }
            switch nibbles.count {
            case 3:
                return .success(RGBA(nibbles[0] * 17, nibbles[1] * 17, nibbles[2] * 17))
            case 6, 8:
                var bytes: [UInt8] = []
                var i = 0
                while i < nibbles.count {
                    bytes.append(nibbles[i] << 4 | nibbles[i + 1])
                    i += 2
                }
                return .success(RGBA(bytes[0], bytes[1], bytes[2], bytes.count == 4 ? bytes[3] : 255))
            default:
                return .failure(ValueProblem(message: "invalid colour '\(shown)'; \(colourForms)"))
            }
        }
        let name = String(decoding: v, as: UTF8.self)
        if let c = NamedColors.lookup(name) { return .success(c) }
        if let guess = Suggestions.closest(to: name, in: NamedColors.names) {
            return .failure(ValueProblem(message: "unknown colour '\(shown)'; did you mean '\(guess)'?"))
        }
        return .failure(ValueProblem(message: "invalid colour '\(shown)'; \(colourForms)"))
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }

    /// `name=` of a node: the part of the content it stands in for, as the content's
    /// `data-skeleton="…"` says it (site/guides/fit-the-content.md): letters, digits,
    /// `-` and `_`, at most 64 bytes.
    static func partName(_ v: [UInt8]) -> Result<[UInt8], ValueProblem> {
        let allowed = v.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F
        }
        guard allowed, v.count <= 64 else {
            return .failure(ValueProblem(message: "name must be letters, digits, '-' and '_', at most 64, like the content's "
                + "data-skeleton=\"title\"; got '\(SpecText.show(v))'"))
        }
        return .success(v)
    }

    /// One of a fixed set of words, with a did-you-mean for near misses.
    static func keyword<T>(_ v: [UInt8], _ name: String, _ options: [(String, T)]) -> Result<T, ValueProblem> {
        let word = String(decoding: v, as: UTF8.self)
        for (spelling, value) in options where spelling.hasSameBytes(as: word) { return .success(value) }
        let spellings = options.map { $0.0 }
        if let borrowed = BorrowedWords.value(word, for: name) {
            return .failure(ValueProblem(message: "invalid \(name) '\(SpecText.show(v))'; \(borrowed)"))
        }
        if let guess = Suggestions.closest(to: word, in: spellings) {
            return .failure(ValueProblem(message: "invalid \(name) '\(SpecText.show(v))'; did you mean '\(guess)'?"))
        }
        return .failure(ValueProblem(message: "invalid \(name) '\(SpecText.show(v))'; expected \(Suggestions.list(spellings))"))
    }

    /// CSS-order padding: 1, 2 or 4 numbers separated by spaces or commas.
    static func padding(_ v: [UInt8]) -> Result<Insets, ValueProblem> {
        var parts: [[UInt8]] = []
        var starts: [Int] = []
        var current: [UInt8] = []
        for (i, c) in v.enumerated() {
            if c == 0x20 || c == 0x2C || c == 0x09 {
                if !current.isEmpty { parts.append(current) }
                current = []
            } else {
                if current.isEmpty { starts.append(i) }
                current.append(c)
            }
        }
        if !current.isEmpty { parts.append(current) }
        if parts.count != 1 && parts.count != 2 && parts.count != 4 {
            return .failure(ValueProblem(message:
                "padding '\(SpecText.show(v))' has \(parts.count) numbers; give 1 (all sides), 2 (vertical, horizontal) or 4 (top, right, bottom, left)"))
        }
        var n: [Double] = []
        for (p, start) in zip(parts, starts) {
            switch points(p, "padding") {
            case .success(let x): n.append(x)
            case .failure(var e):
                // Point at the offending number, not the start of the list.
                e.offset = start
                return .failure(e)
            }
        }
        switch n.count {
        case 1: return .success(Insets(top: n[0], right: n[0], bottom: n[0], left: n[0]))
        case 2: return .success(Insets(top: n[0], right: n[1], bottom: n[0], left: n[1]))
        default: return .success(Insets(top: n[0], right: n[1], bottom: n[2], left: n[3]))
        }
    }

    /// `WxH` for rect and capsule: each side a length.
    static func size(_ v: [UInt8], kind: String) -> Result<(Length, Length), ValueProblem> {
        guard let x = v.firstIndex(where: { $0 == 0x78 || $0 == 0x58 }), x > 0, x < v.count - 1 else {
            return .failure(ValueProblem(message: "invalid size '\(SpecText.show(v))' for \(kind); expected WIDTHxHEIGHT like 56x56"))
        }
        let w: Length, h: Length
        switch length(Array(v[..<x]), "width") {
        case .success(let l): w = l
        case .failure(let e): return .failure(e)
        }
        switch length(Array(v[(x + 1)...]), "height") {
        case .success(let l): h = l
        case .failure(var e):
            e.offset = x + 1
            return .failure(e)
        }
        return .success((w, h))
    }
}
