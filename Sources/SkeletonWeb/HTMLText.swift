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
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + utf8.count / 8)
        for byte in utf8 {
            switch byte {
            case 0x26: out.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])  // &amp;
            case 0x3C: out.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])  // &lt;
            case 0x3E: out.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])  // &gt;
            case 0x22: out.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
            case 0x27: out.append(contentsOf: [0x26, 0x23, 0x33, 0x39, 0x3B])  // &#39;
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
