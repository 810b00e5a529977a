/// Minimal JSON text building with a fixed key order, so machine output is
/// byte-stable across runs (Foundation's encoder does not promise key order).
public enum JSONText {
    /// A JSON string literal. With `htmlSafe`, "<", ">", "&", U+2028 and U+2029 are
    /// \u-escaped as well, so the JSON can sit inside an HTML script element.
    public static func string(_ s: String, htmlSafe: Bool = false) -> String {
        // Most strings need no escape: then they are quoted as they are (why: the search
        // index quotes 40,000 strings of a big site, and the scalar loop was most of it).
        if !needsEscape(s, htmlSafe: htmlSafe) { return "\"" + s + "\"" }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<" where htmlSafe: out += "\\u003c"
            case ">" where htmlSafe: out += "\\u003e"
            case "&" where htmlSafe: out += "\\u0026"
            case "\u{2028}" where htmlSafe: out += "\\u2028"
            case "\u{2029}" where htmlSafe: out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `string(s, htmlSafe:)`'s bytes, appended to `out` (why: the search index quotes
    /// eight strings a record; made as a string each, then copied, they were most of it).
    static func append(_ s: String, htmlSafe: Bool, to out: inout [UInt8]) {
        guard !needsEscape(s, htmlSafe: htmlSafe) else {
            out += string(s, htmlSafe: htmlSafe).utf8
            return
        }
        out.append(0x22)
        out += s.utf8
        out.append(0x22)
    }

    /// Whether any byte of `s` is one `string` escapes: a quote, a backslash, a control
    /// character, or with `htmlSafe` "<", ">", "&" and the lead byte of U+2028/U+2029
    /// (0xE2, which also starts other characters: those take the scalar loop, unchanged).
    private static func needsEscape(_ s: String, htmlSafe: Bool) -> Bool {
        s.utf8.contains { byte in
            byte < 0x20 || byte == 0x22 || byte == 0x5C
                || (htmlSafe && (byte == 0x3C || byte == 0x3E || byte == 0x26 || byte == 0xE2))
        }
    }

    /// `{"ok":false,"diagnostics":[…]}` for `--format json` on build, check and render.
    public static func diagnosticsDocument(_ diagnostics: [FileDiagnostic], extra: [(String, String)] = []) -> String {
        var out = "{\"ok\":\(diagnostics.allSatisfy { $0.severity != .error }),\"diagnostics\":["
        out += diagnostics.map(\.json).joined(separator: ",")
        out += "]"
        for (key, rawValue) in extra { out += ",\(string(key)):\(rawValue)" }
        return out + "}"
    }
}
