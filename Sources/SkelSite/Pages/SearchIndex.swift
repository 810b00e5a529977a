import SkelsiteStore
/// `search-index.json`: one record per gallery component, in gallery order, each with
/// a fixed key order (why: byte-stable JSON), so the gallery can search without a server.
enum SearchIndex {
    /// The file's bytes, each record built as bytes (why: string interpolation of eight
    /// fields a record, 5000 records, was most of a one-spec rebuild's gallery step on a
    /// big site, which waits for it).
    static func bytes(_ items: [GalleryItem]) -> [UInt8] {
        bytes(of: items.map { (document: $0.document, component: $0.component) })
    }

    /// The index of every component of `documents` (the gallery's docs, in its order),
    /// made from the docs alone: the build makes it beside painting (why: made after it,
    /// it was a third of the gallery step, which a one-spec rebuild of a big site waits
    /// for). It is the index of the gallery's items when they are every one of these
    /// components (`Prepared.bytes(for:)`).
    static func prepared(galleryDocuments documents: [SiteDocument]) -> Prepared {
        let entries = documents.flatMap { document in document.components.map { (document: document, component: $0) } }
        let bytes = bytes(of: entries)
        return Prepared(components: entries.count, bytes: bytes, digest: SHA256.hex(bytes))
    }

    /// An index made before the components were rendered, and its SHA-256.
    struct Prepared: Sendable {
        let components: Int
        let bytes: [UInt8]
        let digest: String

        /// The index and its digest when `items` are all the components it was made of
        /// (the items are those components, in that order, less any not rendered), else nil.
        func bytes(for items: [GalleryItem]) -> (bytes: [UInt8], digest: String)? {
            items.count == components ? (bytes, digest) : nil
        }
    }

    private static func bytes(of entries: [(document: SiteDocument, component: SiteComponent)]) -> [UInt8] {
        if entries.isEmpty { return Array("[]\n".utf8) }
        let records = Parallel.chunks(entries) { record($0.document, $0.component) }
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

    private static func record(_ document: SiteDocument, _ component: SiteComponent) -> [UInt8] {
        let files = ComponentFiles(id: component.id)
        var out: [UInt8] = []
        out.reserveCapacity(320)
        out += "{\"id\":".utf8
        quote(component.id, into: &out)
        out += ",\"title\":".utf8
        quote(component.title, into: &out)
        out += ",\"doc\":".utf8
        quote(document.title, into: &out)
        out += ",\"url\":".utf8
        quote(document.pagePath + "#" + component.id, into: &out)
        out += ",\"tags\":[".utf8
        for (number, tag) in document.frontMatter.tags.enumerated() {
            if number > 0 { out.append(0x2C) }
            quote(tag, into: &out)
        }
        out += "],\"thumb\":".utf8
        quote(files.link(ComponentFiles.light1x), into: &out)
        out += ",\"darkThumb\":".utf8
        quote(files.link(ComponentFiles.dark1x), into: &out)
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
