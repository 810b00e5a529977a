import SkelsiteStore
/// `search-index.json`: one record per gallery component, in gallery order, each with
/// a fixed key order (why: byte-stable JSON), so the gallery can search without a server.
enum SearchIndex {
    static func json(_ items: [GalleryItem]) -> String {
        items.isEmpty ? "[]\n" : "[\n" + Parallel.chunks(items, record).joined(separator: ",\n") + "\n]\n"
    }

    private static func record(_ item: GalleryItem) -> String {
        let document = item.document, component = item.component
        let tags = "[" + document.frontMatter.tags.map(JSONString.quote).joined(separator: ",") + "]"
        return "{\"id\":\(JSONString.quote(component.id)),\"title\":\(JSONString.quote(component.title)),"
            + "\"doc\":\(JSONString.quote(document.title)),\"url\":\(JSONString.quote(item.url)),"
            + "\"tags\":\(tags),\"thumb\":\(JSONString.quote(item.files.link(ComponentFiles.light1x))),"
            + "\"darkThumb\":\(JSONString.quote(item.files.link(ComponentFiles.dark1x))),"
            + "\"description\":\(JSONString.quote(document.frontMatter.description ?? ""))}"
    }
}
