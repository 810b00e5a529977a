import SkeletonCore

/// Step 4: every component from the cache or freshly rendered, in parallel over all
/// cores. Identical specs (same key) render once. Each component leaves with the scope
/// its page shows (`ScopeAssignment`).
enum RenderStep {
    struct Output: Sendable {
        /// By component id.
        let components: [String: RenderedComponent]
        /// Distinct specs (keys) painted this build, and taken from the cache.
        let rendered: Int
        let cached: Int
        /// The cache index for the next build: every entry this build used.
        let index: RenderCacheIndex
    }

    private struct Job: Sendable {
        var key: String
        /// Its spec is read only when painted (why: a doc from its memo parses it then).
        var component: SiteComponent
        var label: String
        /// The ids of the components that show it.
        var ids: [String]
    }

    private struct Painted: Sendable {
        var artifacts: ComponentArtifacts
        var pngDigests: [String: String]
        var pngSizes: [String: Int]
        var fromCache: Bool
        var pngsChecked: Bool
        var record: RenderCacheIndex.Record?
    }

    /// `published(path, digest)`: whether the live site holds the PNG at `path` (as
    /// `ComponentFiles.link` makes it) with that SHA-256 (then the cache's copy need not be read).
    /// `index`: the cache index of the last build (`RenderCacheIndex`); an entry it vouches
    /// for whose PNGs the live site all holds is not opened.
    static func run(_ documents: [SiteDocument], cache: RenderCache, fingerprint: String, index: RenderCacheIndex = .init(),
                    published: @Sendable (String, String) -> Bool = { _, _ in false }) throws(SiteBuildError) -> Output {
        try cache.prepare()
        var keysById: [String: String] = [:]
        var jobsByKey: [String: Job] = [:]
        for document in documents {
            for component in document.components {
                let key = RenderCache.key(fingerprint: fingerprint, block: component.block, label: component.title,
                                          inherited: component.inherited)
                keysById[component.id] = key
                if jobsByKey[key] == nil { jobsByKey[key] = Job(key: key, component: component, label: component.title, ids: []) }
                jobsByKey[key]!.ids.append(component.id)
            }
        }
        let jobs = jobsByKey.keys.sorted().map { jobsByKey[$0]! }
        let outcomes = Parallel.map(jobs) { job -> Result<Painted, SiteBuildError> in
            if let record = index.records[job.key] {
                // Read when a page shows it; should the entry be gone by then, painted
                // again (the same bytes: rendering is deterministic).
                let body = ComponentArtifacts.Body.deferred {
                    if let entry = cache.lookupEntry(job.key, checkPNGs: { _ in false }) {
                        return (entry.artifacts.html, entry.artifacts.css)
                    }
                    let artifacts = ComponentRenderer.render(job.component.spec, label: job.label).artifacts
                    return (artifacts.html, artifacts.css)
                }
                if let entry = cache.indexedEntry(job.key, record, body: body), allPublished(job.ids, entry, published) {
                    return .success(Painted(artifacts: entry.artifacts, pngDigests: entry.pngDigests, pngSizes: entry.pngSizes,
                                            fromCache: true, pngsChecked: false, record: record))
                }
            }
            var checked = true
            let hit = cache.lookupEntry(job.key) { entry in
                checked = !allPublished(job.ids, entry, published)
                return checked
            }
            if let hit {
                return .success(Painted(artifacts: hit.artifacts, pngDigests: hit.pngDigests, pngSizes: hit.pngSizes,
                                        fromCache: true, pngsChecked: checked, record: cache.indexRecord(job.key, hit)))
            }
            let output = ComponentRenderer.render(job.component.spec, label: job.label)
            do throws(SiteBuildError) {
                let stored = try cache.store(job.key, output)
                return .success(Painted(artifacts: output.artifacts, pngDigests: stored.entry.pngDigests,
                                        pngSizes: stored.entry.pngSizes, fromCache: false, pngsChecked: true,
                                        record: stored.record))
            } catch {
                return .failure(error)
            }
        }
        var byKey: [String: RenderedComponent] = [:]
        var rendered = 0, cached = 0
        var next = RenderCacheIndex()
        for (job, outcome) in zip(jobs, outcomes) {
            let painted = try outcome.get()
            next.records[job.key] = painted.record
            byKey[job.key] = RenderedComponent(key: job.key, artifacts: painted.artifacts, pngDigests: painted.pngDigests,
                                               fromCache: painted.fromCache, pngsChecked: painted.pngsChecked,
                                               entryStamp: painted.record?.stamp, pngSizes: painted.pngSizes)
            if painted.fromCache { cached += 1 } else { rendered += 1 }
        }
        // Scopes as their pages show them (a collision on a page is resolved here, not when the page is made).
        let components = ScopeAssignment.resolve(documents, keysById.mapValues { byKey[$0]! })
        return Output(components: components, rendered: rendered, cached: cached, index: next)
    }

    /// Whether the live site holds every PNG of `entry` for each of `ids` (each folder's
    /// path made once, not once a PNG).
    private static func allPublished(_ ids: [String], _ entry: CacheEntryFile.Decoded,
                                     _ published: (String, String) -> Bool) -> Bool {
        ids.allSatisfy { id in
            let folder = ComponentFiles(id: id).folder + "/"
            return entry.artifacts.pngNames.allSatisfy { published(folder + $0, entry.pngDigests[$0] ?? "") }
        }
    }
}
