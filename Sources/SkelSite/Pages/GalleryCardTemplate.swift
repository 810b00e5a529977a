import Foundation
import SkelsiteStore

/// The gallery template cut at its cards: the page with one placeholder where the
/// `{{#components}}` section was, and the section's body as a template of its own, so
/// each card can be rendered alone (and taken from the last build when its context did
/// not change) and the page joined from the pieces.
///
/// Only where that gives the very bytes of the whole template: the section's open and
/// close tags each stand alone on their line (Mustache drops such lines whole), the body
/// uses no partial, delimiter change or pragma, and every name it shows is one the card
/// always has, or an optional one the page context does not have (so a lookup never
/// reaches the page). `GalleryIndex` also compares a page of two cards rendered both ways
/// before trusting the cut; anything else renders the whole template, as before.
struct GalleryCardTemplate {
    /// Names every card context has; `optionalCardNames` are set only for some cards.
    static let cardNames: Set<String> = ["id", "title", "url", "docTitle", "docURL", "thumb", "darkThumb", "thumb2x",
                                         "darkThumb2x", "width", "height", "tagList", "searchText"]
    static let optionalCardNames: Set<String> = ["tags", "hasTags", "fitBadge", "fitState"]
    /// The page's placeholder: a triple-stash variable (never a standalone tag) alone on a
    /// line, so the lines around it keep the standalone state they had.
    static let placeholder = "__skelsiteGalleryCards"
    static let pageName = "__skelsite-gallery-page", cardName = "__skelsite-gallery-card"

    /// The theme's templates and the two pieces.
    let templates: TemplateLibrary
    /// Names the card body shows (first segments).
    let names: Set<String>
    /// SHA-256 of the card body: part of every card's digest.
    let bodyDigest: String
    /// Whether the page, outside the cards, reads `components` other than to ask whether
    /// there are any (so its context needs every card's).
    let pageReadsCards: Bool

    /// The cut of the theme's `index.mustache`; nil when it cannot be cut safely.
    init?(theme: TemplateSet) {
        let url = theme.directory.appendingPathComponent("index.mustache")
        guard let text = try? String(contentsOf: url, encoding: .utf8), let cut = Self.cut(text) else { return nil }
        var templates = theme.templates
        do {
            try templates.register(cut.page, named: Self.pageName)
            try templates.register(cut.card, named: Self.cardName)
        } catch {
            return nil
        }
        self.templates = templates
        names = cut.names
        pageReadsCards = cut.pageReadsCards
        bodyDigest = SHA256.hex(Array(cut.card.utf8))
    }

    /// Whether cards rendered alone depend on nothing but their own context.
    func isSelfContained(page context: [String: Any]) -> Bool {
        names.allSatisfy { name in
            name == "." || Self.cardNames.contains(name) || (Self.optionalCardNames.contains(name) && context[name] == nil)
        }
    }

    /// The page around the cards: the bytes before them, and those after (the
    /// placeholder's own newline already dropped). nil when the placeholder does not
    /// come out exactly once.
    func renderPage(_ context: [String: Any]) -> (before: [UInt8], after: [UInt8])? {
        let marker = "\u{1}skelsite-gallery-cards-\(UUID().uuidString)\u{1}"
        var context = context
        context[Self.placeholder] = marker
        guard let page = templates.render(Self.pageName, context) else { return nil }
        let bytes = Array(page.utf8), needle = Array(marker.utf8)
        let found = Self.occurrences(of: needle, in: bytes)
        guard found.count == 1, let at = found.first, bytes.count > at + needle.count,
              bytes[at + needle.count] == 0x0A else { return nil }
        return (Array(bytes[..<at]), Array(bytes[(at + needle.count + 1)...]))
    }

    /// A digest of everything a card's rendering reads: the body and the card's values,
    /// by name in sorted order, each with its kind.
    func digest(of card: GalleryCard) -> String {
        // Appended in place into one buffer (why: a big gallery digests 5000 cards a
        // rebuild, and an array per field was most of it).
        var material: [UInt8] = []
        material.reserveCapacity(1024)
        material += "body=".utf8
        material += bodyDigest.utf8
        material.append(0x0A)
        card.forEachValue { key, value in
            material += key.utf8
            switch value {
            case .text(let text):
                material += [0, 0x73]
                material += text.utf8
            case .number(let number):
                material += [0, 0x69]
                material += String(number).utf8
            case .flag(let flag): material += [0, 0x62, flag ? 0x31 : 0x30]
            case .list(let list):
                material += [0, 0x61]
                for item in list {
                    material.append(1)
                    material += item.utf8
                }
            }
            material.append(0x0A)
        }
        return SHA256.hex(material)
    }

    func renderCard(_ card: GalleryCard) -> String {
        templates.render(Self.cardName, card.context) ?? ""
    }

    // MARK: cutting the template

    struct Cut: Equatable {
        /// The template with the section replaced by the placeholder line.
        var page: String
        /// The section's body, from the line after its open tag to the line of its close.
        var card: String
        var names: Set<String>
        /// Whether the page reads `components` outside the section, other than in an
        /// inverted section (which asks only whether there are any).
        var pageReadsCards = false
    }

    /// Cuts `text` at its one `{{#components}}` section, or nil (see the type's comment).
    static func cut(_ text: String) -> Cut? {
        let bytes = Array(text.utf8)
        let tags = Self.tags(in: bytes)
        let opens = tags.indices.filter { tags[$0].sigil == UInt8(ascii: "#") && tags[$0].name == "components" }
        guard opens.count == 1, let open = opens.first else { return nil }
        // The matching close: sections of other names may nest in between.
        var depth = 0, closeIndex: Int?
        for index in (open + 1)..<tags.count where tags[index].name == "components" {
            let sigil = tags[index].sigil
            if sigil == UInt8(ascii: "#") || sigil == UInt8(ascii: "^") { depth += 1 }
            if sigil == UInt8(ascii: "/") {
                if depth == 0 { closeIndex = index; break }
                depth -= 1
            }
        }
        guard let closeIndex, let openLine = standaloneLine(tags[open].range, in: bytes),
              let closeLine = standaloneLine(tags[closeIndex].range, in: bytes), openLine.upperBound <= closeLine.lowerBound else { return nil }
        // A page that reads `components` outside the section, other than to ask whether
        // there are none (`{{^components}}`), needs every card's context.
        let pageReadsCards = (tags[..<open] + tags[(closeIndex + 1)...]).contains {
            ($0.name == "components" || $0.name.hasPrefix("components.")) && $0.sigil != UInt8(ascii: "^") && $0.sigil != UInt8(ascii: "/")
        }
        var names: Set<String> = []
        for tag in tags[(open + 1)..<closeIndex] {
            switch tag.sigil {
            case UInt8(ascii: "!"): continue
            case UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: "$"): return nil
            default:
                guard !tag.name.isEmpty, tag.name.utf8.allSatisfy({ $0 == 0x2E || $0 == 0x5F || (0x30...0x39).contains($0)
                    || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
                names.insert(tag.name == "." ? "." : String(tag.name.split(separator: ".").first ?? ""))
            }
        }
        guard !names.contains("components"), !names.contains(placeholder) else { return nil }
        let card = Array(bytes[openLine.upperBound..<closeLine.lowerBound])
        // The body must end a line, so that the cards joined end with a newline that the
        // placeholder's own newline stands in for.
        guard card.last == 0x0A else { return nil }
        let page = Array(bytes[..<openLine.lowerBound]) + Array("{{{\(placeholder)}}}\n".utf8) + Array(bytes[closeLine.upperBound...])
        return Cut(page: String(decoding: page, as: UTF8.self), card: String(decoding: card, as: UTF8.self), names: names,
                   pageReadsCards: pageReadsCards)
    }

    private struct Tag {
        var sigil: UInt8?
        var name: String
        var range: Range<Int>
    }

    /// Every `{{...}}` / `{{{...}}}` tag in default delimiters; a delimiter change anywhere
    /// gives no tags (so no cut).
    private static func tags(in bytes: [UInt8]) -> [Tag] {
        var tags: [Tag] = []
        var index = 0
        let brace = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        while index + 1 < bytes.count {
            guard bytes[index] == brace, bytes[index + 1] == brace else { index += 1; continue }
            let triple = index + 2 < bytes.count && bytes[index + 2] == brace
            let start = index + (triple ? 3 : 2)
            var end = start
            while end + 1 < bytes.count && !(bytes[end] == close && bytes[end + 1] == close) { end += 1 }
            guard end + 1 < bytes.count else { return [] }
            var inside = Array(bytes[start..<end])
            var after = end + 2
            if triple {
                guard after < bytes.count, bytes[after] == close else { return [] }
                after += 1
            }
            while let first = inside.first, first == 0x20 || first == 0x09 { inside.removeFirst() }
            var sigil: UInt8? = triple ? brace : nil
            if !triple, let first = inside.first, Array("#^/&!>=%<$".utf8).contains(first) {
                sigil = first
                inside.removeFirst()
            }
            if sigil == UInt8(ascii: "=") { return [] }
            let name = String(decoding: inside, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            tags.append(Tag(sigil: sigil, name: name, range: index..<after))
            index = after
        }
        return tags
    }

    /// The whole line of a tag alone on it (only spaces or tabs beside it), newline
    /// included; nil when something else shares the line.
    private static func standaloneLine(_ tag: Range<Int>, in bytes: [UInt8]) -> Range<Int>? {
        var start = tag.lowerBound
        while start > 0 && bytes[start - 1] != 0x0A {
            guard bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 else { return nil }
            start -= 1
        }
        var end = tag.upperBound
        while end < bytes.count && bytes[end] != 0x0A {
            guard bytes[end] == 0x20 || bytes[end] == 0x09 || (bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A) else { return nil }
            end += 1
        }
        guard end < bytes.count else { return nil }
        return start..<(end + 1)
    }

    static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard let first = needle.first, bytes.count >= needle.count else { return [] }
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { haystack in
            var index = 0
            while index + needle.count <= haystack.count {
                if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) { found.append(index) }
                index += 1
            }
        }
        return found
    }
}
