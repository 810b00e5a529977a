import SkeletonCore
import SkelsiteStore

/// Step 5: every component from the cache or freshly rendered, in parallel over all
/// cores, and the PNGs step 4 did not keep written into the work generation. Identical
/// specs (same key) render once. Each component leaves with the scope its page shows
/// (`ScopeAssignment`).
///
/// What is read follows what is made: a component whose page is made gets its HTML and
/// CSS (from its entry, checked); one with PNGs to write gets its entry's PNGs, each
/// checked against its digest; a missing or damaged entry is painted again here, from
/// the spec step 4 parsed. A component with nothing to make takes the head the cache
/// index vouches for and reads nothing.
///
/// PNGs are written as files of their own, never linked to the cache: an output file
/// sharing the cache's inode would let an edit of the output change the cache, and every
/// later build would publish the edited picture (and an entry holds several PNGs in one
/// file). Linking between the output's own generations never reaches the cache (see
/// `GenerationWriter`).
enum RenderStep {
    struct Output: Sendable {
        /// By component id.
        let components: [String: RenderedComponent]
        /// Distinct specs (keys) painted this build, and taken from the cache.
        let rendered: Int
        let cached: Int
        /// The cache index for the next build: every entry this build used.
        let index: RenderCacheIndex
        /// PNG files written (the rest were kept by step 4).
        let pngsWritten: Int
    }

    private struct Job: Sendable {
        var key: String
        var label: String
        /// The spec, from a component of a doc step 4 parsed; nil when every component
        /// with this key comes from a memo doc with nothing to make.
        var spec: Spec?
        /// Whether a page this build makes shows it.
        var markup = false
        /// The components that show it, and the PNG names each still needs (nil: all).
        var writes: [(id: String, names: [String]?)] = []
    }

    private struct Painted: Sendable {
        var artifacts: ComponentArtifacts
        var pngDigests: [String: String]
        var fromCache: Bool
        var record: RenderCacheIndex.Record?
        var pngsWritten: Int
    }

    /// `kept`: step 4's output (its docs are the ones rendered); `index`: the cache index
    /// of the last build (`RenderCacheIndex`).
    static func run(_ kept: KeepStep.Output, cache: RenderCache, index: RenderCacheIndex,
                    writer: GenerationWriter) throws(SiteBuildError) -> Output {
        try cache.prepare()
        // Each job changed in place, the tables sized once (why: copied out and back per
        // component, and grown as they filled, this bookkeeping was most of a one-spec
        // rebuild's render step on a big site).
        var jobsByKey: [String: Job] = [:]
        jobsByKey.reserveCapacity(kept.keys.count)
        for document in kept.documents {
            let pageMade = !kept.keptPages.contains(document.pagePath)
            for component in document.components {
                let key = kept.keys[component.id]!
                let writes = kept.pngsToWrite[component.id]
                let spec = component.parsedSpec
                modify(&jobsByKey[key, default: Job(key: key, label: component.title)]) { job in
                    if job.spec == nil { job.spec = spec }
                    job.markup = job.markup || pageMade
                    if let names = writes { job.writes.append((component.id, names)) }
                }
            }
        }
        var byKey: [String: RenderedComponent] = [:]
        byKey.reserveCapacity(jobsByKey.count)
        var rendered = 0, cached = 0, pngsWritten = 0
        var next = RenderCacheIndex()
        next.records.reserveCapacity(jobsByKey.count)
        func record(_ key: String, _ painted: Painted) {
            next.records[key] = painted.record
            byKey[key] = RenderedComponent(key: key, artifacts: painted.artifacts, pngDigests: painted.pngDigests,
                                           fromCache: painted.fromCache)
            if painted.fromCache { cached += 1 } else { rendered += 1 }
            pngsWritten += painted.pngsWritten
        }
        // A job with nothing to read or write (`untouched`) is answered here, in one pass;
        // only the rest go to the cores (why: a big site's 5000 jobs, each dispatched and
        // its result stored under a lock, then sorted, were half of a one-spec rebuild's
        // render step, for one job with work to do).
        var pending: [String] = []
        for (key, job) in jobsByKey {
            if let painted = untouched(job, head: kept.heads[key], record: index.records[key]) {
                record(key, painted)
            } else {
                pending.append(key)
            }
        }
        // The keys sorted, not the jobs (why: moving 5000 jobs through the sort, each with
        // its strings retained and released, was a seventh of the render step).
        let jobs = pending.sorted().map { jobsByKey[$0]! }
        let outcomes = Parallel.map(jobs) { job -> Result<Painted, SiteBuildError> in
            do throws(SiteBuildError) {
                return .success(try make(job, head: kept.heads[job.key], record: index.records[job.key], cache: cache,
                                         writer: writer))
            } catch {
                return .failure(error)
            }
        }
        for (job, outcome) in zip(jobs, outcomes) { record(job.key, try outcome.get()) }
        // Scopes as the pages made show them (a collision on a page is resolved here, not
        // when the page is made); a kept page already shows its own.
        let made = kept.documents.filter { !kept.keptPages.contains($0.pagePath) }
        let components = ScopeAssignment.resolve(made, kept.keys.mapValues { byKey[$0]! })
        return Output(components: components, rendered: rendered, cached: cached, index: next, pngsWritten: pngsWritten)
    }

    /// One distinct spec: what its components need, read or painted, and its PNGs written.
    /// A job with nothing to read or write: the work generation holds every PNG, no page
    /// made shows it, and the cache index vouches for its head, which is all it needs.
    private static func untouched(_ job: Job, head: KeepStep.Head?, record: RenderCacheIndex.Record?) -> Painted? {
        guard job.writes.isEmpty, let head, let record, head.vouched, !job.markup else { return nil }
        return Painted(artifacts: head.entry.artifacts, pngDigests: head.entry.pngDigests, fromCache: true,
                       record: record, pngsWritten: 0)
    }

    private static func make(_ job: Job, head: KeepStep.Head?, record: RenderCacheIndex.Record?,
                             cache: RenderCache, writer: GenerationWriter) throws(SiteBuildError) -> Painted {
        if job.writes.isEmpty {
            // The work generation holds every PNG: they are not read.
            if let painted = untouched(job, head: head, record: record) { return painted }
            if let head, !head.vouched {
                return Painted(artifacts: head.entry.artifacts, pngDigests: head.entry.pngDigests, fromCache: true,
                               record: cache.indexRecord(job.key, head.entry), pngsWritten: 0)
            }
            // Vouched for, and a page made shows it: its markup is read (and checked).
            if let entry = cache.lookupEntry(job.key, checkPNGs: { _ in false }) {
                return Painted(artifacts: entry.artifacts, pngDigests: entry.pngDigests, fromCache: true,
                               record: head != nil ? record : cache.indexRecord(job.key, entry), pngsWritten: 0)
            }
        } else if let (entry, pngs) = cache.checkedEntry(job.key) {
            let written = try write(job.writes, names: entry.artifacts.pngNames, digests: entry.pngDigests,
                                    bytes: { pngs[$0] }, writer: writer)
            return Painted(artifacts: entry.artifacts, pngDigests: entry.pngDigests, fromCache: true,
                           record: cache.indexRecord(job.key, entry), pngsWritten: written)
        }
        // Missing or damaged: painted again (the same bytes: rendering is deterministic).
        guard let spec = job.spec else { preconditionFailure("\(job.key): painted without a spec step 4 parsed") }
        let output = ComponentRenderer.render(spec, label: job.label)
        let stored = try cache.store(job.key, output)
        let files = Dictionary(output.files.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
        let written = try write(job.writes, names: output.artifacts.pngNames, digests: stored.entry.pngDigests,
                                bytes: { files[$0].map { $0[...] } }, writer: writer)
        return Painted(artifacts: output.artifacts, pngDigests: stored.entry.pngDigests, fromCache: false,
                       record: stored.record, pngsWritten: written)
    }

    /// Writes each component's PNGs still missing from the work generation.
    private static func write(_ writes: [(id: String, names: [String]?)], names: [String], digests: [String: String],
                              bytes: (String) -> ArraySlice<UInt8>?, writer: GenerationWriter) throws(SiteBuildError) -> Int {
        var count = 0
        for (id, missing) in writes {
            let folder = ComponentFiles(id: id).folder
            for name in missing ?? names {
                guard let png = bytes(name), let digest = digests[name] else { throw .io("component \(id) has no \(name)") }
                try writer.write(png, to: folder + "/" + name, id: "sha256:" + digest)
                count += 1
            }
        }
        return count
    }
}

/// Applies `change` to a value in place (why: a table's `default:` subscript changes its
/// value without copying it out, and `inout` keeps it so through a closure).
private func modify<Value>(_ value: inout Value, _ change: (inout Value) -> Void) {
    change(&value)
}
