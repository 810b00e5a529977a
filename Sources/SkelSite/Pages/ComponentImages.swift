import Foundation

/// Every component's PNGs in `png/<id>/`: the live site's file when it holds the same
/// bytes (by the SHA-256 the cache entry records), else written from the render cache
/// entry's bytes.
///
/// Written as files of their own, never linked to the cache: an output file sharing the
/// cache's inode would let an edit of the output change the cache, and every later
/// build would publish the edited picture (and an entry holds several PNGs in one file). Linking between the
/// output's own generations never reaches the cache (see `GenerationWriter`).
struct ComponentImages {
    let site: SiteContent
    let cache: RenderCache
    let staging: StagingFolder

    struct Written {
        var pngs = 0
        /// Components painted again because a cache PNG they needed was damaged.
        var repainted = 0
    }

    /// Writes them all.
    func write() throws(SiteBuildError) -> Written {
        let all = site.documents.flatMap(\.components).compactMap { component -> Placed? in
            site.components[component.id].map { Placed(component: component, files: ComponentFiles(id: component.id), rendered: $0) }
        }
        let outcomes = Parallel.map(all) { placed -> Result<Bool, SiteBuildError> in
            do throws(SiteBuildError) { return .success(try copy(placed)) } catch { return .failure(error) }
        }
        var written = Written(pngs: all.reduce(0) { $0 + $1.rendered.artifacts.pngNames.count })
        for outcome in outcomes where try outcome.get() { written.repainted += 1 }
        return written
    }

    private struct Placed: Sendable {
        var component: SiteComponent
        var files: ComponentFiles
        var rendered: RenderedComponent
    }

    /// Returns whether the component had to be painted again.
    private func copy(_ placed: Placed) throws(SiteBuildError) -> Bool {
        // Ids are made only for the PNGs written (why: most of a big site's are kept).
        let folder = placed.files.folder
        let files = placed.rendered.artifacts.pngNames.map { (name: $0, digest: placed.rendered.pngDigests[$0] ?? "?") }
        let missing = staging.writer.reuse(in: folder + "/", files).map { files[$0] }
        if missing.isEmpty { return false }
        // The entry's PNGs are checked before they are written, unless this build just
        // checked or wrote them; a damaged entry is painted again (the same bytes).
        var repainted = false
        let rendered = placed.rendered
        var pngs = stampedPNGs(rendered) ?? cache.pngs(rendered.key, check: !rendered.pngsChecked)
        if pngs.map({ found in placed.rendered.artifacts.pngNames.allSatisfy { found[$0] != nil } }) != true {
            let output = ComponentRenderer.render(placed.component.spec, label: placed.component.title)
            try cache.store(placed.rendered.key, output)
            pngs = Dictionary(output.files.map { ($0.0, $0.1[...]) }, uniquingKeysWith: { first, _ in first })
            repainted = true
        }
        for (name, digest) in missing {
            guard let bytes = pngs?[name] else { throw .io("component \(placed.component.id) has no \(name)") }
            try staging.writer.write(bytes, to: folder + "/" + name, id: "sha256:" + digest)
        }
        return repainted
    }

    /// The entry's PNGs read from its file's end, when the file is as this build found or
    /// wrote it; checked against their digests unless this build already did.
    private func stampedPNGs(_ rendered: RenderedComponent) -> [String: ArraySlice<UInt8>]? {
        guard let stamp = rendered.entryStamp,
              let found = cache.pngs(rendered.key, unchangedSince: stamp, names: rendered.artifacts.pngNames,
                                     sizes: rendered.pngSizes) else { return nil }
        if rendered.pngsChecked { return found }
        let intact = found.allSatisfy { name, bytes in bytes.withUnsafeBytes { SHA256.hex($0) } == rendered.pngDigests[name] }
        return intact ? found : nil
    }
}
