import SkelsiteStore
/// `search-index.json`: one record per gallery component, in gallery order, each with
/// a fixed key order (why: byte-stable JSON), so the gallery can search without a server.
enum SearchIndex {
    /// The file's bytes, each record built as bytes (why: string interpolation of eight
    /// fields a record, 5000 records, was most of a one-spec rebuild's gallery step on a
    /// big site, which waits for it).
    static func bytes(_ items: [GalleryItem]) -> [UInt8] {
        if items.isEmpty { return Array("[]\n".utf8) }
        let records = Parallel.chunks(items, record)
        var out: [UInt8] = []
        out.reserveCapacity(records.reduce(4) { $0 + $1.count + 2 })
        out += "[\n".utf8
        for (number, record) in records.enumerated() {
            if number > 0 { out += ",\n".utf8 }
            out += record
        }
        out += "\n]\n".utf8
        return out
    }

    private static func record(_ item: GalleryItem) -> [UInt8] {
        let document = item.document, component = item.component
        var out: [UInt8] = []
        out.reserveCapacity(320)
        out += "{\"id\":".utf8
        quote(component.id, into: &out)
        out += ",\"title\":".utf8
        quote(component.title, into: &out)
        out += ",\"doc\":".utf8
        quote(document.title, into: &out)
        out += ",\"url\":".utf8
        quote(item.url, into: &out)
        out += ",\"tags\":[".utf8
        for (number, tag) in document.frontMatter.tags.enumerated() {
            if number > 0 { out.append(0x2C) }
            quote(tag, into: &out)
        }
        out += "],\"thumb\":".utf8
        quote(item.files.link(ComponentFiles.light1x), into: &out)
        out += ",\"darkThumb\":".utf8
        quote(item.files.link(ComponentFiles.dark1x), into: &out)
        out += ",\"description\":".utf8
        quote(document.frontMatter.description ?? "", into: &out)
        out.append(0x7D)
        return out
    }

    /// `JSONString.quote(text)`'s bytes.
    private static func quote(_ text: String, into out: inout [UInt8]) {
        JSONText.append(text, htmlSafe: true, to: &out)
    }
}
