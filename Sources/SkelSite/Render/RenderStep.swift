import SkeletonCore

/// Step 4: every component from the cache or freshly rendered, in parallel over all
/// cores. Identical specs (same key) render once.
enum RenderStep {
    struct Result: Sendable {
        var key: String
        var artifacts: ComponentArtifacts
        var fromCache: Bool
    }

    struct Job: Sendable {
        var key: String
        var spec: Spec
        var label: String
    }

    /// Results by component id.
    static func run(_ documents: [SiteDocument], cache: RenderCache, fingerprint: String) throws(SiteBuildError) -> [String: Result] {
        try cache.prepare()
        var keysById: [String: String] = [:]
        var jobsByKey: [String: Job] = [:]
        for document in documents {
            for site in document.specs {
                guard let spec = site.spec else { continue }
                let key = RenderCache.key(fingerprint: fingerprint, block: site.block, label: site.title)
                keysById[site.id] = key
                if jobsByKey[key] == nil { jobsByKey[key] = Job(key: key, spec: spec, label: site.title) }
            }
        }
        let jobs = jobsByKey.keys.sorted().map { jobsByKey[$0]! }
        let outcomes = Parallel.map(jobs) { job -> Swift.Result<(ComponentArtifacts, Bool), SiteBuildError> in
            if let hit = cache.lookup(job.key) { return .success((hit, true)) }
            let output = ComponentRenderer.render(job.spec, label: job.label)
            do throws(SiteBuildError) {
                try cache.store(job.key, output)
            } catch {
                return .failure(error)
            }
            return .success((output.artifacts, false))
        }
        var byKey: [String: Result] = [:]
        for (job, outcome) in zip(jobs, outcomes) {
            switch outcome {
            case .success(let (artifacts, fromCache)):
                byKey[job.key] = Result(key: job.key, artifacts: artifacts, fromCache: fromCache)
            case .failure(let error):
                throw error
            }
        }
        return keysById.mapValues { byKey[$0]! }
    }
}
