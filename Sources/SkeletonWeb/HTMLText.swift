/// Escaping of document text placed in HTML (titles and labels come from docs, so
/// they are untrusted).
enum HTMLText {
    /// `text` with `& < > " '` replaced by entities: safe in element content and in
    /// quoted attribute values alike. Works on UTF-8 bytes; other bytes pass through.
    static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: Array("&amp;".utf8))
            case UInt8(ascii: "<"): out.append(contentsOf: Array("&lt;".utf8))
            case UInt8(ascii: ">"): out.append(contentsOf: Array("&gt;".utf8))
            case UInt8(ascii: "\""): out.append(contentsOf: Array("&quot;".utf8))
            case UInt8(ascii: "'"): out.append(contentsOf: Array("&#39;".utf8))
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
