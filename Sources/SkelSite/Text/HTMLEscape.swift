/// Escaping for text placed in HTML.
enum HTMLEscape {
    /// Safe in element content and in double- or single-quoted attribute values. The
    /// same five replacements as Mustache's own `{{…}}` escaping, which this replaces
    /// in templates (see `FastHTMLEscaping`). Works on UTF-8 bytes (why: a component's
    /// code is several KB; a character loop was a tenth of a 5000-spec build).
    static func text(_ string: String) -> String {
        var string = string
        return string.withUTF8 { input -> String in
            // Most text has nothing to escape: return it untouched.
            guard input.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
                return String(decoding: input, as: UTF8.self)
            }
            var out: [UInt8] = []
            out.reserveCapacity(input.count + input.count / 8)
            for byte in input {
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
}
