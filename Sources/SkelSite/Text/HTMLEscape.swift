/// Escaping for text that lands in HTML, so nothing from a doc can open a tag or
/// leave an attribute value.
enum HTMLEscape {
    /// Safe in element content and in double- or single-quoted attribute values.
    static func text(_ string: String) -> String {
        var out = ""
        out.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
