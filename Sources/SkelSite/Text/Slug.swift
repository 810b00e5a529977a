/// URL- and file-name-safe slugs: lowercase ASCII letters and digits, runs of anything
/// else collapsed to one "-", no leading or trailing "-". Non-ASCII letters are dropped
/// (why: stable, portable file names on every file system and in every URL).
enum Slug {
    static func make(_ text: String) -> String {
        var out: [UInt8] = []
        var pendingDash = false
        for byte in text.utf8 {
            let lower = (byte >= 65 && byte <= 90) ? byte + 32 : byte
            if (lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57) {
                if pendingDash && !out.isEmpty { out.append(UInt8(ascii: "-")) }
                pendingDash = false
                out.append(lower)
            } else {
                pendingDash = true
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
