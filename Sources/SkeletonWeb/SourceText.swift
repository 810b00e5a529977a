/// What the generated-code escapers share (`SwiftSourceText`, `JavaScriptText`): Swift
/// and JavaScript spell a double-quoted literal and a comment the same way and differ
/// only in how an escaped character is written (`\u{…}` or `\uXXXX`), which each passes
/// in. Hidden characters are `SwiftSourceText.isHidden`'s.
enum SourceText {
    /// `"…"`: `"` and `\` escaped, `\n`, `\t`, `\r` as such, other hidden characters
    /// through `escape`; one line.
    static func stringLiteral(_ text: String, escape: (Unicode.Scalar) -> String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: append(scalar, to: &out, escape: escape)
            }
        }
        return out + "\""
    }

    /// The inside of a line or block comment: hidden characters escaped, and `*/` and
    /// `/*` written `*\/` and `/\*`, so the text can neither end the line nor open or
    /// close a block comment.
    static func comment(_ text: String, escape: (Unicode.Scalar) -> String) -> String {
        var out = ""
        var previous: Unicode.Scalar? = nil
        for scalar in text.unicodeScalars {
            switch scalar {
            case "/" where previous == "*", "*" where previous == "/":
                out += "\\"
                out.unicodeScalars.append(scalar)
            default: append(scalar, to: &out, escape: escape)
            }
            previous = scalar
        }
        return out
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout String, escape: (Unicode.Scalar) -> String) {
        switch scalar {
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if SwiftSourceText.isHidden(scalar) { out += escape(scalar) } else { out.unicodeScalars.append(scalar) }
        }
    }
}
