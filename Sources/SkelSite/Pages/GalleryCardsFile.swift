import Foundation
import SkelsiteStore

/// `<cache>/.gallery.cards`: where each card lies in the `index.html` the last build
/// wrote (by the card's digest, see `GalleryCardTemplate.digest`), and that page's id in
/// the generation record. A rebuild whose live `index.html` still has that id and the
/// stamp its record says takes every unchanged card's bytes from it instead of rendering
/// 5000 cards again (site/reference/output-folder.md, "What a rebuild reads").
///
/// Not trusted either: it ends with the SHA-256 of what precedes it, and every range is
/// checked against the page's size.
struct GalleryCardsFile: Sendable, Equatable {
    static let fileName = ".gallery.cards"
    private static let magic = "skelsite-gallery-cards 1\n"

    struct Card: Sendable, Equatable {
        var digest: String
        var offset: Int
        var length: Int
    }

    /// The id of the page the cards lie in (`gallery:KEY`).
    var pageID: String
    var cards: [Card]

    func encoded() -> [UInt8] {
        var out = Array((Self.magic + pageID + "\n").utf8)
        out.reserveCapacity(out.count + cards.count * 84 + 64)
        for card in cards { out += Array("\(card.digest) \(card.offset) \(card.length)\n".utf8) }
        out += Array(SHA256.hex(out).utf8)
        return out
    }

    static func decode(_ bytes: [UInt8]) -> GalleryCardsFile? {
        guard let end = SHA256.checkedContentEnd(bytes, magic: Array(magic.utf8)) else { return nil }
        let body = Array(bytes[..<end])
        let lines = body.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.count >= 3, lines.last?.isEmpty == true else { return nil }
        var cards: [Card] = []
        cards.reserveCapacity(lines.count - 3)
        for line in lines[2..<(lines.count - 1)] {
            let fields = line.split(separator: 0x20)
            guard fields.count == 3, fields[0].count == 64, let offset = Int(String(decoding: fields[1], as: UTF8.self)),
                  let length = Int(String(decoding: fields[2], as: UTF8.self)), offset >= 0, length >= 0 else { return nil }
            cards.append(Card(digest: String(decoding: fields[0], as: UTF8.self), offset: offset, length: length))
        }
        return GalleryCardsFile(pageID: String(decoding: lines[1], as: UTF8.self), cards: cards)
    }

    static func read(from directory: URL) -> GalleryCardsFile? {
        SiteMemory.galleryCards.value(at: directory.appendingPathComponent(fileName).path, decode: decode)
    }

    /// Under a temporary name, then renamed into place (its leftovers are pruned with
    /// the cache's, see `RenderCache.unused`).
    func write(to directory: URL) {
        let final = directory.appendingPathComponent(Self.fileName).path
        let temporary = final + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        CrashPoint.mutation()
        guard (try? PlainFileWriter.write(encoded(), to: temporary)) != nil else {
            unlink(temporary)
            return
        }
        CrashPoint.mutation()
        if rename(temporary, final) != 0 { unlink(temporary) } else { SiteMemory.galleryCards.remember(self, at: final) }
    }

    /// The cards' bytes in `page` (the live `index.html`), by digest; ranges outside the
    /// page are left out.
    func slices(in page: [UInt8]) -> [String: ArraySlice<UInt8>] {
        var slices: [String: ArraySlice<UInt8>] = [:]
        slices.reserveCapacity(cards.count)
        for card in cards where card.offset + card.length <= page.count {
            slices[card.digest] = page[card.offset..<(card.offset + card.length)]
        }
        return slices
    }
}
