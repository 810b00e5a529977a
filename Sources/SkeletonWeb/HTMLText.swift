/// Escaping of text placed in HTML: the one escaper of the project (component labels,
/// page templates, the diff report, the sitemap). Titles and labels come from docs, so
/// they are untrusted.
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
