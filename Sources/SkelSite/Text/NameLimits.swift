import SkelsiteStore
/// The bounds on the names skelsite makes from docs and titles: component ids, page and
/// export file names, temporary names (site/reference/limits.md, "Names skelsite makes").
/// File systems refuse a name longer than 255 bytes (NAME_MAX) and a path of 4096 bytes
/// or more (PATH_MAX, its NUL included).
public enum NameLimits {
    /// The most bytes one file or folder name may have.
    public static let nameMax = 255
    /// Hex digits of the SHA-256 of the whole name that stand for the part cut off.
    public static let hashDigits = 16
    /// The most bytes a page's path inside the site may have ("guides/intro.html"):
    /// PATH_MAX less 1 KiB for the output folder's own path. Fixed rather than measured
    /// from the output folder, so `check`, which has none, reports what `build` does.
    public static let pagePathMax = 3072

    /// `name` itself when it and `reserved` more bytes (an extension, a prefix) fit in
    /// `limit` bytes. Else as many of its leading bytes as fit, cut at a UTF-8 character
    /// boundary, then "-" and the first 16 hex digits of the SHA-256 of the whole of
    /// `name`, so that two long names that begin alike stay distinct, and the same name
    /// always gives the same result.
    public static func fitted(_ name: String, reserving reserved: Int = 0, limit: Int = nameMax) -> String {
        if name.utf8.count + reserved <= limit { return name }
        let bytes = Array(name.utf8)
        var keep = min(bytes.count, max(0, limit - reserved - 1 - hashDigits))
        // Never half a character: step back over continuation bytes (10xxxxxx).
        while keep > 0, keep < bytes.count, bytes[keep] & 0xC0 == 0x80 { keep -= 1 }
        return String(decoding: bytes[..<keep], as: UTF8.self) + "-" + String(SHA256.hex(bytes).prefix(hashDigits))
    }
}
