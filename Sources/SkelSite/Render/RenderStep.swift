import SkeletonCore

/// Step 4: every component from the cache or freshly rendered, in parallel over all
/// cores. Identical specs (same key) render once.
enum RenderStep {
    struct Output: Sendable {
        /// By component id.
        let components: [String: RenderedComponent]
        /// Distinct specs (keys) painted this build, and taken from the cache.
        let rendered: Int
        let cached: Int
    }

    private struct Job: Sendable {
        var key: String
        var spec: Spec
        var label: String
        /// The ids of the components that show it.
        var ids: [String]
    }

    private struct Painted: Sendable {
        var artifacts: ComponentArtifacts
        var pngDigests: [String: String]
        var fromCache: Bool
        var pngsChecked: Bool
    }

    /// `published(id, name, digest)`: whether the live site holds that PNG of component
    /// `id` with that SHA-256 (then the cache's copy need not be read).
    static func run(_ documents: [SiteDocument], cache: RenderCache, fingerprint: String,
                    published: @Sendable (String, String, String) -> Bool = { _, _, _ in false }) throws(SiteBuildError) -> Output {
        try cache.prepare()
        var keysById: [String: String] = [:]
        var jobsByKey: [String: Job] = [:]
        for document in documents {
            for component in document.components {
                let key = RenderCache.key(fingerprint: fingerprint, block: component.block, label: component.title,
                                          inherited: component.inherited)
                keysById[component.id] = key
                if jobsByKey[key] == nil { jobsByKey[key] = Job(key: key, spec: component.spec, label: component.title, ids: []) }
                jobsByKey[key]!.ids.append(component.id)
            }
        }
        let jobs = jobsByKey.keys.sorted().map { jobsByKey[$0]! }
        let outcomes = Parallel.map(jobs) { job -> Result<Painted, SiteBuildError> in
            var checked = true
            let hit = cache.lookupEntry(job.key) { entry in
                checked = !job.ids.allSatisfy { id in
                    entry.artifacts.pngNames.allSatisfy { published(id, $0, entry.pngDigests[$0] ?? "") }
                }
                return checked
            }
            if let hit {
                return .success(Painted(artifacts: hit.artifacts, pngDigests: hit.pngDigests, fromCache: true,
                                        pngsChecked: checked))
            }
            let output = ComponentRenderer.render(job.spec, label: job.label)
            do throws(SiteBuildError) {
                let digests = try cache.store(job.key, output)
                return .success(Painted(artifacts: output.artifacts, pngDigests: digests, fromCache: false,
                                        pngsChecked: true))
            } catch {
                return .failure(error)
            }
        }
        var byKey: [String: RenderedComponent] = [:]
        var rendered = 0, cached = 0
        for (job, outcome) in zip(jobs, outcomes) {
            let painted = try outcome.get()
            byKey[job.key] = RenderedComponent(key: job.key, artifacts: painted.artifacts, pngDigests: painted.pngDigests,
                                             fromCache: painted.fromCache, pngsChecked: painted.pngsChecked)
            if painted.fromCache { cached += 1 } else { rendered += 1 }
        }
        return Output(components: keysById.mapValues { byKey[$0]! }, rendered: rendered, cached: cached)
    }
}
