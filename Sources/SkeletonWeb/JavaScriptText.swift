/// The one escaper for text that lands in generated JavaScript, JSX and TypeScript
/// (`export --format react`, `web-component` and `npm`): titles, labels and doc paths
/// come from docs and folder names, so they are untrusted; the components' HTML and CSS
/// go into string literals through it too. Rules: site/reference/limits.md, "Generated
/// code".
///
/// Hidden characters are those of `SwiftSourceText.isHidden` (controls, U+2028 and
/// U+2029, which end a line in JavaScript source, the byte order mark and the
/// bidirectional controls): both forms write them as `\uXXXX`, so a literal or a comment
/// stays one line and reads as it runs. Written without Foundation, so native and wasm
/// builds print the same text.
public enum JavaScriptText {
    /// `text` as a double-quoted string literal: `"` and `\` escaped, `\n`, `\t`, `\r`
    /// as such, every other hidden character as `\uXXXX`. The result is one line, and
    /// valid in JavaScript, TypeScript and a JSX expression (`{"…"}`) alike; `${` and
    /// backticks are plain text in a double-quoted literal.
    public static func stringLiteral(_ text: String) -> String {
        SourceText.stringLiteral(text, escape: unicodeEscape)
    }

    /// `text` for the inside of a `//` or `/** */` comment: every hidden character as
    /// `\uXXXX` (`\n`, `\t` and `\r` written so), and `*/` and `/*` written `*\/` and
    /// `/\*`, so the text can neither end the line nor open or close a block comment.
    public static func comment(_ text: String) -> String {
        SourceText.comment(text, escape: unicodeEscape)
    }

    /// `\u001F`: four upper-case hex digits (every hidden character is in the BMP).
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u" + SwiftLiteral.hex(scalar.value, digits: 4)
    }
}
