/// Control characters in `skelsite.toml` that TOMLKit accepts but nobody means
/// (site/reference/limits.md, "Project file text").
///
/// TOMLKit hands the text to toml++ as a C string and takes strings back the same way,
/// so a NUL cuts them: a raw NUL byte ends the file there (what follows is silently
/// dropped), and `"Safe\u0000rest"` comes back as "Safe". Every setting of the file is
/// a path, a name, a URL or a line of the spec language, so no control character other
/// than tab, CR and LF can be meant in one either; they are refused, located.
enum TOMLTextCheck {
    struct Found: Equatable {
        var line: Int
        var column: Int
        var scalar: Unicode.Scalar
        /// Whether the character is in a string (as an escape or raw); else it is a raw
        /// byte outside one.
        var inString: Bool
    }

    /// Tab, LF and CR; all other C0 controls, DEL and the C1 controls are refused.
    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        default: return false
        }
    }

    /// A raw NUL anywhere in `text` (before TOMLKit reads it: it would end the file there).
    static func rawNUL(in text: String) -> Found? {
        var line = 1, column = 1
        for scalar in text.unicodeScalars {
            if scalar == "\0" { return Found(line: line, column: column, scalar: scalar, inString: false) }
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return nil
    }

    /// Refused characters inside strings, raw or written as an escape (`\u0000`,
    /// `\U0000001B`, `\b`, `\f`), each at its first character (the backslash of an
    /// escape), in file order. Run on a file TOMLKit accepted, so its strings are closed.
    static func controls(in text: String) -> [Found] {
        let scalars = Array(text.unicodeScalars)
        var found: [Found] = []
        var line = 1, column = 1
        var index = 0

        func advance(_ count: Int = 1) {
            for _ in 0..<count where index < scalars.count {
                if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
                index += 1
            }
        }
        func starts(_ prefix: String) -> Bool {
            let wanted = Array(prefix.unicodeScalars)
            return index + wanted.count <= scalars.count && Array(scalars[index..<index + wanted.count]) == wanted
        }
        // Bare keys and values hold no strings; `#` starts a comment, `"` and `'` a string.
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "#" {
                while index < scalars.count, scalars[index] != "\n" { advance() }
            } else if scalar == "\"" || scalar == "'" {
                let literal = scalar == "'"
                let multiLine = starts(literal ? "'''" : "\"\"\"")
                let close = multiLine ? (literal ? "'''" : "\"\"\"") : String(scalar)
                advance(multiLine ? 3 : 1)
                while index < scalars.count {
                    // A multi-line string may end with up to two extra quotes before the closing three.
                    if starts(close) && !(multiLine && starts(close + String(scalar))) {
                        advance(close.unicodeScalars.count)
                        break
                    }
                    let current = scalars[index]
                    if !literal, current == "\\", index + 1 < scalars.count {
                        let (line0, column0) = (line, column)
                        let kind = scalars[index + 1]
                        var value: UInt32?
                        var length = 2
                        switch kind {
                        case "u", "U":
                            let digits = kind == "u" ? 4 : 8
                            if index + 2 + digits <= scalars.count {
                                value = UInt32(String(String.UnicodeScalarView(scalars[index + 2..<index + 2 + digits])), radix: 16)
                                length += digits
                            }
                        case "b": value = 0x08
                        case "f": value = 0x0C
                        default: break
                        }
                        if let value, let escaped = Unicode.Scalar(value), isRefused(escaped) {
                            found.append(Found(line: line0, column: column0, scalar: escaped, inString: true))
                        }
                        advance(length)
                        continue
                    }
                    if isRefused(current) {
                        found.append(Found(line: line, column: column, scalar: current, inString: true))
                    }
                    advance()
                }
            } else {
                advance()
            }
        }
        return found
    }

    /// `U+0007`: how a refused character is named in a message.
    static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
