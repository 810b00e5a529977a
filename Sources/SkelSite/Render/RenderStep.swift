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
    }

    private struct Painted: Sendable {
        var artifacts: ComponentArtifacts
        var fromCache: Bool
    }

    static func run(_ documents: [SiteDocument], cache: RenderCache, fingerprint: String) throws(SiteBuildError) -> Output {
        try cache.prepare()
        var keysById: [String: String] = [:]
        var jobsByKey: [String: Job] = [:]
        for document in documents {
            for component in document.components {
                let key = RenderCache.key(fingerprint: fingerprint, block: component.block, label: component.title,
                                          inherited: component.inherited)
                keysById[component.id] = key
                if jobsByKey[key] == nil { jobsByKey[key] = Job(key: key, spec: component.spec, label: component.title) }
            }
        }
        let jobs = jobsByKey.keys.sorted().map { jobsByKey[$0]! }
        let outcomes = Parallel.map(jobs) { job -> Result<Painted, SiteBuildError> in
            if let hit = cache.lookup(job.key) { return .success(Painted(artifacts: hit, fromCache: true)) }
            let output = ComponentRenderer.render(job.spec, label: job.label)
            do throws(SiteBuildError) {
                try cache.store(job.key, output)
            } catch {
                return .failure(error)
            }
            return .success(Painted(artifacts: output.artifacts, fromCache: false))
        }
        var byKey: [String: RenderedComponent] = [:]
        var rendered = 0, cached = 0
        for (job, outcome) in zip(jobs, outcomes) {
            let painted = try outcome.get()
            byKey[job.key] = RenderedComponent(key: job.key, artifacts: painted.artifacts, fromCache: painted.fromCache)
            if painted.fromCache { cached += 1 } else { rendered += 1 }
        }
        return Output(components: keysById.mapValues { byKey[$0]! }, rendered: rendered, cached: cached)
    }
}
