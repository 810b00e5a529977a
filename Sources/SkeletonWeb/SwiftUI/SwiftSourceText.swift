/// The one escaper for text that lands in generated Swift source (`export --format
/// swiftui`): titles, labels and doc paths come from docs and folder names, so they are
/// untrusted. Rules: site/reference/limits.md, "Generated code".
///
/// Both forms show as `\u{…}` every character that could end a line or hide what the
/// code says: control characters (U+0000–U+001F, U+007F–U+009F, which hold NEL
/// U+0085), the line and paragraph separators U+2028 and U+2029, the byte order mark
/// U+FEFF and the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E,
/// U+2066–U+2069), so a comment stays one line and reads as it compiles. Written
/// without Foundation, so native and wasm builds print the same text.
public enum SwiftSourceText {
    /// `text` as a double-quoted string literal: `"` and `\` escaped (so `\(` is text,
    /// never an interpolation), `\n`, `\t`, `\r` as such, every other hidden character
    /// as `\u{…}`. The result is one line.
    public static func stringLiteral(_ text: String) -> String {
        SourceText.stringLiteral(text, escape: unicodeEscape)
    }

    /// `text` for the inside of a `//` or `///` comment (and of a `/* */` one): every
    /// hidden character as `\u{…}` (`\n`, `\t` and `\r` written so), and `*/` and `/*`
    /// written `*\/` and `/\*`, so the text can neither end the line nor open or close a
    /// block comment. Other characters, backslashes and quotes included, stay as they
    /// are: a comment is read, not compiled.
    public static func comment(_ text: String) -> String {
        SourceText.comment(text, escape: unicodeEscape)
    }

    /// Whether `scalar` is written as an escape in both forms (see the type's comment).
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029, 0xFEFF: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `\u{1F}`: upper-case hex digits, no leading zeros (valid in a string literal).
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + SwiftLiteral.hex(scalar.value, digits: 1) + "}"
    }
}
