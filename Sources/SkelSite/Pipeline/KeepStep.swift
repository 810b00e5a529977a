import SkeletonCore
import SkelsiteStore

/// Step 4: what the live site still holds is placed in the work generation before
/// anything is made, and that decides what the later steps make.
///
/// For each doc page whose key (`PageReuse`) the live site's record holds, and each PNG
/// whose digest it holds (by the head of the component's cache entry: as the cache index
/// vouches for it, else read from the entry), the work generation keeps or links the live
/// file (`GenerationWriter.reuse`). A doc has something to make when its page was not
/// kept, or one of its components' PNGs was not, or its component has no cache entry; a
/// doc from its memo with something to make is parsed here (its HTML and specs), so every
/// later step finds a complete record: step 5 paints only what it has the spec of, step 6
/// makes only pages whose doc it has the HTML of. The gallery's intro (the root
/// index.md) has no page of its own: the gallery shows it, and whether the gallery is
/// made is known only once every card's size is (step 7), so the intro is always parsed.
enum KeepStep {
    struct Output: Sendable {
        /// Step 3's docs, with each doc from its memo that has something to make parsed.
        let documents: [SiteDocument]
        /// The cache key of every component, by id.
        let keys: [String: String]
        /// Doc pages the work generation now holds from the live site.
        let keptPages: Set<String>
        /// By component id, the names of the PNGs still to write; a component whose PNGs
        /// were all kept has none. nil: the entry's head is not vouched for (all of them,
        /// whatever the entry names).
        let pngsToWrite: [String: [String]?]
        /// By key, the head of the component's cache entry, when it has one.
        let heads: [String: Head]
        /// Docs parsed here (they came from their memo).
        let parsed: Int
    }

    /// A cache entry's names, sizes and digests. A class, shared rather than copied (why:
    /// as a struct, every lookup of one of a big site's 5000 heads retained and released
    /// each of its strings, tables and arrays). Nothing in it changes once made.
    final class Head: Sendable {
        /// The HTML and CSS are `unread` when vouched for, read (and checked) when not.
        let entry: CacheEntryFile.Decoded
        /// Whether the cache index vouched for it (its file unchanged since): then it was
        /// not opened.
        let vouched: Bool

        init(entry: CacheEntryFile.Decoded, vouched: Bool) {
            self.entry = entry
            self.vouched = vouched
        }
    }

    /// Parses a doc from its memo: its HTML and its specs in doc order; nil when it no
    /// longer reads as the memo says (changed since the build began).
    typealias Parse = @Sendable (SiteDocument) -> (html: String, specs: [Spec])?

    static func run(_ documents: [SiteDocument], pageKeys: PageReuse, writer: GenerationWriter, cache: RenderCache,
                    index: RenderCacheIndex, fingerprint: String, parse: Parse) throws(SiteBuildError) -> Output {
        // Digested on every core (why: one after the other, 5000 keys were a twentieth of a
        // one-spec rebuild of a big site, with the other core idle).
        let digested = Parallel.chunks(documents) { document in
            document.components.map { component in
                (component.id, RenderCache.key(fingerprint: fingerprint, block: component.block,
                                               label: component.title, inherited: component.inherited))
            }
        }
        var keys: [String: String] = [:]
        keys.reserveCapacity(documents.reduce(0) { $0 + $1.components.count })
        for (id, key) in digested.joined() { keys[id] = key }
        // Each doc's heads, then its page and PNGs, in one pass over the docs on every core
        // (why: the heads in a pass of their own, sorted and gathered into a table between
        // the two, left a core idle at each end, a tenth of the keep step). A head is a
        // `stat` of the entry file when the index vouches for it, else the entry read (its
        // PNGs not checked: they are not needed yet). Identical specs share a key; their
        // heads are the same, whichever is kept.
        struct Kept: Sendable {
            var page: Bool
            var pngsToWrite: [(id: String, names: [String]?)]
            var heads: [(key: String, head: Head)]
        }
        // In a few chunks, the shared tables taken once a chunk and the chunk's PNGs placed
        // in one call (why: a doc at a time, every lookup retained and released tables both
        // cores share, and the cores took turns at the writer's lock 1000 times).
        let kept = Parallel.slices(documents) { [keys] slice -> [Kept] in
            let keys = keys, records = index.records, pages = pageKeys.keys
            var found: [Kept] = []
            found.reserveCapacity(slice.count)
            var folders: [(folder: String, files: [(name: String, digest: String)])] = []
            var named: [(doc: Int, id: String, names: [String])] = []
            for document in slice {
                let page = pages[document.pagePath].map { writer.reuse(document.pagePath, id: "page:" + $0) } ?? false
                var toWrite: [(id: String, names: [String]?)] = []
                var heads: [(key: String, head: Head)] = []
                for component in document.components {
                    let key = keys[component.id]!
                    let head: Head?
                    if let record = records[key], let entry = cache.indexedEntry(key, record) {
                        head = Head(entry: entry, vouched: true)
                    } else {
                        head = cache.lookupEntry(key, checkPNGs: { _ in false }).map { Head(entry: $0, vouched: false) }
                    }
                    guard let head else {
                        toWrite.append((component.id, nil))
                        continue
                    }
                    heads.append((key, head))
                    let names = head.entry.artifacts.pngNames
                    folders.append((ComponentFiles(id: component.id).folder + "/",
                                    names.map { (name: $0, digest: head.entry.pngDigests[$0] ?? "?") }))
                    named.append((found.count, component.id, names))
                }
                found.append(Kept(page: page, pngsToWrite: toWrite, heads: heads))
            }
            for ((doc, id, names), missing) in zip(named, writer.reuse(folders: folders)) where !missing.isEmpty {
                found[doc].pngsToWrite.append((id, missing.map { names[$0] }))
            }
            return found
        }
        var heads: [String: Head] = [:]
        heads.reserveCapacity(keys.count)
        for found in kept { for (key, head) in found.heads { heads[key] = head } }
        var keptPages: Set<String> = []
        var pngsToWrite: [String: [String]?] = [:]
        var toParse: [Int] = []
        for (number, (document, found)) in zip(documents, kept).enumerated() {
            if found.page { keptPages.insert(document.pagePath) }
            for (id, names) in found.pngsToWrite { pngsToWrite[id] = names }
            if document.html == nil, !found.page || !found.pngsToWrite.isEmpty { toParse.append(number) }
        }
        var complete = documents
        let parsed = Parallel.map(toParse) { parse(documents[$0]) }
        for (number, result) in zip(toParse, parsed) {
            let document = documents[number]
            guard let result, result.specs.count == document.components.count else {
                throw .io("\(document.relativePath) changed while the build read it; build again")
            }
            complete[number] = document.parsed(html: result.html, specs: result.specs)
        }
        return Output(documents: complete, keys: keys, keptPages: keptPages, pngsToWrite: pngsToWrite, heads: heads,
                      parsed: toParse.count)
    }
}
