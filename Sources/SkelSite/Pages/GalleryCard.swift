/// What one gallery card shows: every value the card template may read
/// (`GalleryCardTemplate.cardNames` and, for a doc with tags, `optionalCardNames`).
/// Plain values, not a template context (why: a big gallery has 5000 cards and a
/// rebuild renders only the changed ones; making a `[String: Any]` for each card was
/// a fifth of the gallery's time, so a context is made only for a card to render).
struct GalleryCard: Sendable, Equatable {
    var id: String
    var title: String
    var url: String
    var docTitle: String
    var docURL: String
    var thumb: String
    var darkThumb: String
    var thumb2x: String
    var darkThumb2x: String
    var width: Int
    var height: Int
    var tagList: String
    var searchText: String
    /// The doc's tags; none: the card has no `tags` and no `hasTags`.
    var tags: [String]
    /// For a component with content, its fit badge (`fitBadge`: "fits", "shifts N", "not
    /// measured"; `fitState`: its class suffix); nil for one without, whose card is as before.
    var fit: FitSection.Badge?

    init(_ item: GalleryItem, fit: FitSection.Badge? = nil) {
        self.fit = fit
        let document = item.document, component = item.component, files = item.files
        id = component.id
        title = component.title
        url = item.url
        docTitle = document.title
        docURL = document.pagePath
        thumb = files.link(ComponentFiles.light1x)
        darkThumb = files.link(ComponentFiles.dark1x)
        thumb2x = files.link(ComponentFiles.light2x)
        darkThumb2x = files.link(ComponentFiles.dark2x)
        width = item.rendered.artifacts.width
        height = item.rendered.artifacts.height
        tags = document.frontMatter.tags
        tagList = tags.joined(separator: " ")
        searchText = ([component.title, document.title] + tags).joined(separator: " ").lowercased()
    }

    /// The card's template context: each value under its name.
    var context: [String: Any] {
        var card: [String: Any] = [:]
        forEachValue { name, value in card[name] = value.context }
        return card
    }

    /// Each value under its context name, the names in sorted order (what
    /// `GalleryCardTemplate.digest` reads).
    func forEachValue(_ body: (String, Value) -> Void) {
        body("darkThumb", .text(darkThumb))
        body("darkThumb2x", .text(darkThumb2x))
        body("docTitle", .text(docTitle))
        body("docURL", .text(docURL))
        if let fit {
            body("fitBadge", .text(fit.text))
            body("fitState", .text(fit.state))
        }
        if !tags.isEmpty { body("hasTags", .flag(true)) }
        body("height", .number(height))
        body("id", .text(id))
        body("searchText", .text(searchText))
        body("tagList", .text(tagList))
        if !tags.isEmpty { body("tags", .list(tags)) }
        body("thumb", .text(thumb))
        body("thumb2x", .text(thumb2x))
        body("title", .text(title))
        body("url", .text(url))
        body("width", .number(width))
    }

    enum Value {
        case text(String)
        case number(Int)
        case flag(Bool)
        case list([String])

        /// The value as a template reads it.
        var context: Any {
            switch self {
            case .text(let text): text
            case .number(let number): number
            case .flag(let flag): flag
            case .list(let list): list
            }
        }
    }
}
