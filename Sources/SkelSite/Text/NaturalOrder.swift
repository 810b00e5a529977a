/// The order people expect of titles and folder names in the nav: digit runs compare
/// as numbers ("Page 2" before "Page 10") and letters without regard to case ("apple"
/// before "Banana"). Names equal under those rules fall back to plain code-point order,
/// so the order is total and the same on every machine (no locale is consulted).
enum NaturalOrder {
    /// True when `a` sorts before `b`.
    static func before(_ a: String, _ b: String) -> Bool {
        let (ka, kb) = (key(a), key(b))
        for (x, y) in zip(ka, kb) where x != y { return x < y }
        if ka.count != kb.count { return ka.count < kb.count }
        return a < b
    }

    /// One run of a name: letters and other characters, lowercased; or a number.
    enum Run: Comparable {
        /// Digits with leading zeros removed (any length: "Page 00000000000000000001" is 1).
        case number(String)
        case text(String)

        static func < (x: Run, y: Run) -> Bool {
            switch (x, y) {
            case let (.number(a), .number(b)): return a.count != b.count ? a.count < b.count : a < b
            // A number sorts before text at the same place ("1 Intro" before "Intro").
            case (.number, .text): return true
            case (.text, .number): return false
            case let (.text(a), .text(b)): return a < b
            }
        }
    }

    static func key(_ name: String) -> [Run] {
        var runs: [Run] = []
        var current = ""
        var inDigits = false
        func flush() {
            guard !current.isEmpty else { return }
            if inDigits {
                let trimmed = current.drop { $0 == "0" }
                runs.append(.number(trimmed.isEmpty ? "0" : String(trimmed)))
            } else {
                runs.append(.text(current.lowercased()))
            }
            current = ""
        }
        for character in name {
            let digit = character.isASCII && character.isNumber
            if digit != inDigits { flush(); inDigits = digit }
            current.append(character)
        }
        flush()
        return runs
    }
}
