import Foundation

/// Every component's PNGs, copied from its render cache entry into `png/<id>/`.
///
/// Copied (cloned where the file system can), never hard-linked: an output file
/// sharing the cache's inode would let an edit of the output change the cache, and
/// every later build would publish the edited picture. A PNG the previous output
/// already holds byte for byte, in a file linked nowhere else, is hard-linked from
/// there instead (why: a new file costs an inode, about 0.3 ms of kernel time on ext4,
/// and a big site has tens of thousands; linking output to output never reaches the
/// cache, and comparing the bytes means an edited PNG is never carried over).
struct ComponentImages {
    let site: SiteContent
    let cache: RenderCache
    let staging: StagingFolder
    /// The output folder being replaced; nil: copy every PNG.
    let previousOutput: URL?

    /// Writes them all; returns the number of PNGs.
    func write() throws(SiteBuildError) -> Int {
        let all = site.documents.flatMap(\.components).compactMap { component -> Placed? in
            site.components[component.id].map { Placed(files: ComponentFiles(id: component.id), rendered: $0) }
        }
        let realOutput = previousOutput.flatMap { Self.realPath($0.path) }
        let failures = Parallel.map(all) { placed -> SiteBuildError? in
            do throws(SiteBuildError) { try copy(placed, previous: realOutput.flatMap { previousFolder(placed.files, $0) }) }
            catch { return error }
            return nil
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
        return all.reduce(0) { $0 + $1.rendered.artifacts.pngNames.count }
    }

    private struct Placed: Sendable {
        var files: ComponentFiles
        var rendered: RenderedComponent
    }

    /// The component's folder in the previous output, when it really is there: reached
    /// through no symbolic link (why: a `png` link in an old output must not bring a
    /// foreign file, sharing its inode, into the site).
    private func previousFolder(_ files: ComponentFiles, _ realOutput: String) -> String? {
        guard let previousOutput else { return nil }
        let expected = realOutput + "/" + files.folder
        return Self.realPath(files.folder(in: previousOutput).path) == expected ? expected : nil
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private func copy(_ placed: Placed, previous: String?) throws(SiteBuildError) {
        let folder = placed.files.folder(in: staging.url)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in placed.rendered.artifacts.pngNames {
                let source = cache.pngURL(placed.rendered.key, name).path, target = folder.appendingPathComponent(name).path
                if let old = previous.map({ $0 + "/" + name }), FileCopy.isUnsharedCopy(old, of: source),
                   link(old, target) == 0 {
                    continue
                }
                try FileCopy.copy(source, to: target)
            }
        } catch {
            throw .io("cannot write PNGs of \(placed.files.id): \(error)")
        }
    }
}
