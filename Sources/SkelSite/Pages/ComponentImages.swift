import Foundation

/// Every component's PNGs in `png/<id>/`: the live site's file when it holds the same
/// bytes (by the SHA-256 the cache entry records), else copied from the render cache.
///
/// Copied (cloned where the file system can), never hard-linked from the cache: an
/// output file sharing the cache's inode would let an edit of the output change the
/// cache, and every later build would publish the edited picture. Linking between the
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
        var missing: [(name: String, digest: String)] = []
        for name in placed.rendered.artifacts.pngNames {
            let digest = placed.rendered.pngDigests[name] ?? "?"
            if !staging.writer.reuse(folder + "/" + name, sha256: digest) { missing.append((name, digest)) }
        }
        if missing.isEmpty { return false }
        // Cache files are checked before they are copied; a damaged one is painted again.
        var repainted = false
        if !placed.rendered.pngsChecked && cache.lookupEntry(placed.rendered.key) == nil {
            let output = ComponentRenderer.render(placed.component.spec, label: placed.component.title)
            try cache.store(placed.rendered.key, output)
            repainted = true
        }
        for (name, digest) in missing {
            try staging.writer.copy(cache.pngURL(placed.rendered.key, name).path, to: folder + "/" + name, id: "sha256:" + digest)
        }
        return repainted
    }
}
