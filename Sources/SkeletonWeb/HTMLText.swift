/// Escaping of text placed in HTML: the one escaper of the project (component labels,
/// page templates, the diff report, the sitemap, verify's pages). Titles and labels come
/// from docs, so they are untrusted. XML has its own below (`XMLText`), Swift source
/// `SwiftSourceText`; site/reference/limits.md, "Generated code", has the rules.
public enum HTMLText {
    /// `text` with `& < > " '` replaced by entities: safe in element content and in
    /// double- or single-quoted attribute values alike, the same five replacements as
    /// Mustache's own `{{…}}` escaping. Works on UTF-8 bytes (a component's code is
    /// several KB; a character loop was a tenth of a 5000-spec build); other bytes pass
    /// through, and text with nothing to escape is returned as it is.
    public static func escape(_ text: String) -> String {
        var text = text
        // Two passes over the bytes: the escaped length, then the bytes written once into
        // a string of that size (why: appending each entity as an array literal allocated
        // one per escaped byte, and a component's HTML and CSS code have thousands).
        let escaped = text.withUTF8 { bytes -> String? in
            var extra = 0
            for byte in bytes where byte <= 0x3E && isEscaped(byte) { extra += entity(byte).utf8CodeUnitCount - 1 }
            guard extra > 0 else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count + extra) { out in
                var at = 0
                for byte in bytes {
                    if byte <= 0x3E && isEscaped(byte) {
                        entity(byte).withUTF8Buffer { for code in $0 { out[at] = code; at += 1 } }
                    } else {
                        out[at] = byte
                        at += 1
                    }
                }
                return at
            }
        }
        return escaped ?? text
    }

    /// `text` for the inside of an HTML comment (`<!-- … -->`): escaped as above, so it
    /// holds no `<` or `>` to open or close a comment, and a space put between any two
    /// dashes in a row (`--` becomes `- -`), so it holds no `--` either.
    public static func comment(_ text: String) -> String {
        let escaped = escape(text)
        guard escaped.utf8.contains(0x2D) else { return escaped }
        var out: [UInt8] = []
        out.reserveCapacity(escaped.utf8.count + 8)
        for byte in escaped.utf8 {
            if byte == 0x2D && out.last == 0x2D { out.append(0x20) }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isEscaped(_ byte: UInt8) -> Bool {
        byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27
    }

    /// The entity of an escaped byte (`&`, `<`, `>`, `"`, `'`).
    private static func entity(_ byte: UInt8) -> StaticString {
        switch byte {
        case 0x26: "&amp;"
        case 0x3C: "&lt;"
        case 0x3E: "&gt;"
        case 0x22: "&quot;"
        case 0x27: "&#39;"
        default: ""
        }
    }
}

/// Escaping of text placed in XML (the JUnit report of `diff --junit`): the one XML
/// escaper, safe in element content and in quoted attribute values.
public enum XMLText {
    /// `& < > " '` as entities; a line feed, carriage return and tab as character
    /// references, so an attribute value keeps them (XML turns them into spaces
    /// otherwise); a character XML 1.0 cannot hold at all (other controls below U+0020,
    /// U+FFFE, U+FFFF) as U+FFFD, so the file stays well-formed.
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
