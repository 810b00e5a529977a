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

    /// Writes them all; returns the number of PNGs.
    func write() throws(SiteBuildError) -> Int {
        let all = site.documents.flatMap(\.components).compactMap { component -> Placed? in
            site.components[component.id].map { Placed(files: ComponentFiles(id: component.id), rendered: $0) }
        }
        let failures = Parallel.map(all) { placed -> SiteBuildError? in
            do throws(SiteBuildError) { try copy(placed) } catch { return error }
            return nil
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
        return all.reduce(0) { $0 + $1.rendered.artifacts.pngNames.count }
    }

    private struct Placed: Sendable {
        var files: ComponentFiles
        var rendered: RenderedComponent
    }

    private func copy(_ placed: Placed) throws(SiteBuildError) {
        for name in placed.rendered.artifacts.pngNames {
            let id = "sha256:" + (placed.rendered.pngDigests[name] ?? "?")
            try staging.writer.copy(cache.pngURL(placed.rendered.key, name).path, to: placed.files.folder + "/" + name, id: id)
        }
    }
}
