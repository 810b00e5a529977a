/// Just enough of HTML to take a content sample apart: its `<head>` and `<body>`, its
/// `<style>` elements and its `<link rel=stylesheet>` elements. Not a parser: tag
/// names are matched without regard to case, and a `<style>` ends at the first `</style`.
enum ContentHTML {
    struct Link: Equatable {
        var href: String
        /// 1-based line and column of the `<link` in the file.
        var line: Int
        var column: Int
    }

    /// The inside of `<body …>…</body>`, or the whole text when it has no body element.
    static func body(_ html: String) -> String {
        let bytes = Array(html.utf8)
        guard let open = find(bytes, "<body", from: 0), let close = tagEnd(bytes, from: open) else { return stripHead(html) }
        let end = find(bytes, "</body", from: close) ?? bytes.count
        return String(decoding: bytes[close..<end], as: UTF8.self)
    }

    /// The inside of `<head …>…</head>`, or "" without one.
    static func head(_ html: String) -> String {
        let bytes = Array(html.utf8)
        guard let open = find(bytes, "<head", from: 0), let close = tagEnd(bytes, from: open) else { return "" }
        let end = find(bytes, "</head", from: close) ?? bytes.count
        return String(decoding: bytes[close..<end], as: UTF8.self)
    }

    /// A document with a head and no body tag: what follows the head.
    private static func stripHead(_ html: String) -> String {
        let bytes = Array(html.utf8)
        guard let end = find(bytes, "</head", from: 0), let close = tagEnd(bytes, from: end) else { return html }
        return String(decoding: bytes[close...], as: UTF8.self)
    }

    /// The markup without its `<style>` and `<link …>` elements, and each style's text.
    static func stylesheets(_ html: String) -> (html: String, inline: [String]) {
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        var inline: [String] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x3C, isTag(bytes, index, "<style"), let close = tagEnd(bytes, from: index) {
                let end = find(bytes, "</style", from: close) ?? bytes.count
                inline.append(String(decoding: bytes[close..<end], as: UTF8.self))
                index = end < bytes.count ? (tagEnd(bytes, from: end) ?? bytes.count) : bytes.count
                continue
            }
            if bytes[index] == 0x3C, isTag(bytes, index, "<link"), let close = tagEnd(bytes, from: index) {
                index = close
                continue
            }
            out.append(bytes[index])
            index += 1
        }
        return (String(decoding: out, as: UTF8.self), inline)
    }

    /// Every `<link rel=stylesheet href=…>`, in order.
    static func stylesheetLinks(_ html: String) -> [Link] {
        let bytes = Array(html.utf8)
        var links: [Link] = []
        var index = 0
        while let open = find(bytes, "<link", from: index) {
            guard isTag(bytes, open, "<link"), let close = tagEnd(bytes, from: open) else {
                index = open + 5
                continue
            }
            let attributes = self.attributes(bytes[(open + 5)..<(close - 1)])
            if let rel = attributes["rel"], rel.lowercased().split(separator: " ").contains("stylesheet"),
               let href = attributes["href"] {
                let before = bytes[..<open]
                let line = before.filter { $0 == 0x0A }.count + 1
                let lineStart = (before.lastIndex(of: 0x0A) ?? -1) + 1
                links.append(Link(href: href, line: line, column: open - lineStart + 1))
            }
            index = close
        }
        return links
    }

    /// `name=value`, `name="value"`, `name='value'` pairs (names lowercased).
    static func attributes(_ text: ArraySlice<UInt8>) -> [String: String] {
        var result: [String: String] = [:]
        let bytes = Array(text)
        var index = 0
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C || b == 0x2F }
        while index < bytes.count {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            let nameStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != 0x3D { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            guard !name.isEmpty else { index += 1; continue }
            var value = ""
            if index < bytes.count, bytes[index] == 0x3D {
                index += 1
                if index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 {
                    let quote = bytes[index]
                    let start = index + 1
                    index = start
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    value = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
                    index += 1
                } else {
                    let start = index
                    while index < bytes.count, !isSpace(bytes[index]) { index += 1 }
                    value = String(decoding: bytes[start..<index], as: UTF8.self)
                }
            }
            if result[name] == nil { result[name] = value }
        }
        return result
    }

    /// `tag` (lowercase, with its `<`) at `index`, followed by a space, `>` or `/`.
    private static func isTag(_ bytes: [UInt8], _ index: Int, _ tag: String) -> Bool {
        let name = Array(tag.utf8)
        guard index + name.count <= bytes.count else { return false }
        for (offset, byte) in name.enumerated() where lower(bytes[index + offset]) != byte { return false }
        guard index + name.count < bytes.count else { return false }
        let next = bytes[index + name.count]
        return next == 0x20 || next == 0x3E || next == 0x2F || next == 0x09 || next == 0x0A || next == 0x0D
    }

    /// The first `tag` at or after `from` (ASCII case ignored).
    private static func find(_ bytes: [UInt8], _ tag: String, from: Int) -> Int? {
        let name = Array(tag.utf8)
        var index = from
        while index + name.count <= bytes.count {
            if bytes[index] == name[0] {
                var matched = true
                for offset in 1..<name.count where lower(bytes[index + offset]) != name[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    /// The index after the `>` that ends the tag starting at `from` (quotes respected).
    private static func tagEnd(_ bytes: [UInt8], from: Int) -> Int? {
        var index = from
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            } else if byte == 0x3E {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte }
}
