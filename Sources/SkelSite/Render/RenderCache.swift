import Foundation

/// A content-addressed store of rendered components, kept outside the output so a
/// failed build cannot touch it and a swap cannot lose it.
///
/// Layout: `<directory>/<key>/` holding `component.html`, `component.css`, `meta.txt`
/// and the PNGs. An entry is written under a temporary name and renamed into place, so
/// a reader sees a whole entry or none. Keys are SHA-256 of the renderer fingerprint and
/// the spec's text (see `key`), so a stale entry is never reused.
final class RenderCache: @unchecked Sendable {
    let directory: URL
    private let fileManager = FileManager()

    init(directory: URL) {
        self.directory = directory
    }

    /// What a key covers: the renderer (version and the running binary's identity, so a
    /// rebuilt tool re-renders), the accessible label and the spec's text. Not where the
    /// spec sits in its file: neither the painter nor the emitter outputs source
    /// positions, so moving a spec does not re-render it.
    static func key(fingerprint: String, block: SpecBlock, label: String) -> String {
        let material = "\(fingerprint)\n\(label)\n\(block.text)"
        return SHA256.hex(Array(material.utf8))
    }

    func entryURL(_ key: String) -> URL { directory.appendingPathComponent(key, isDirectory: true) }

    /// The entry's artifacts, or nil when absent or unreadable (then it is re-rendered).
    func lookup(_ key: String) -> ComponentArtifacts? {
        let entry = entryURL(key)
        guard let meta = try? String(contentsOf: entry.appendingPathComponent("meta.txt"), encoding: .utf8),
              let html = try? String(contentsOf: entry.appendingPathComponent("component.html"), encoding: .utf8),
              let css = try? String(contentsOf: entry.appendingPathComponent("component.css"), encoding: .utf8)
        else { return nil }
        return CacheMeta.decode(meta, html: html, css: css)
    }

    /// Stores a freshly rendered component. Losing a race with another writer of the same
    /// key is fine: both wrote the same bytes.
    func store(_ key: String, _ output: ComponentRenderer.Output) throws(SiteBuildError) {
        let final = entryURL(key)
        let temporary = directory.appendingPathComponent(".tmp-\(key)-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try? fileManager.removeItem(at: temporary)
            try fileManager.createDirectory(at: temporary, withIntermediateDirectories: true)
            try PlainFileWriter.write(output.artifacts.html, to: temporary.appendingPathComponent("component.html").path)
            try PlainFileWriter.write(output.artifacts.css, to: temporary.appendingPathComponent("component.css").path)
            for (name, bytes) in output.files {
                try PlainFileWriter.write(bytes, to: temporary.appendingPathComponent(name).path)
            }
            // meta.txt last: its presence marks the entry complete.
            try PlainFileWriter.write(CacheMeta.encode(output.artifacts), to: temporary.appendingPathComponent("meta.txt").path)
            try? fileManager.removeItem(at: final)
            try fileManager.moveItem(at: temporary, to: final)
        } catch {
            try? fileManager.removeItem(at: temporary)
            if lookup(key) == nil {
                throw .io("cannot write cache entry \(final.path): \(error.localizedDescription)")
            }
        }
    }

    /// Creates the folder, with a `.gitignore` that ignores everything in it (why: the
    /// default cache sits inside the docs folder, which is usually under version control).
    func prepare() throws(SiteBuildError) {
        do {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
            let ignore = directory.appendingPathComponent(".gitignore")
            if !fileManager.fileExists(atPath: ignore.path) {
                try Data("# skelsite's render cache: safe to delete.\n*\n".utf8).write(to: ignore)
            }
        } catch {
            throw .io("cannot create cache folder \(directory.path): \(error.localizedDescription)")
        }
    }

    /// Deletes entries this build did not use, so the cache tracks the site and does
    /// not grow without bound.
    func prune(keeping keys: Set<String>) {
        guard let names = try? fileManager.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.count == 64 && !keys.contains(name) {
            try? fileManager.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}

/// `meta.txt`: one `key=value` per line, fixed order.
enum CacheMeta {
    static func encode(_ artifacts: ComponentArtifacts) -> String {
        var lines = [
            "scope=\(artifacts.scope)",
            "width=\(artifacts.width)",
            "height=\(artifacts.height)",
            "animated=\(artifacts.animated)",
            "frames=\(artifacts.frameTimes.map { String($0) }.joined(separator: ","))",
        ]
        lines.append(contentsOf: artifacts.pngNames.map { "png=\($0)" })
        return lines.joined(separator: "\n") + "\n"
    }

    static func decode(_ text: String, html: String, css: String) -> ComponentArtifacts? {
        var fields: [String: String] = [:]
        var pngs: [String] = []
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { return nil }
            let key = String(line[..<equals]), value = String(line[line.index(after: equals)...])
            if key == "png" { pngs.append(value) } else { fields[key] = value }
        }
        guard let scope = fields["scope"], let width = fields["width"].flatMap({ Int($0) }),
              let height = fields["height"].flatMap({ Int($0) }), let animated = fields["animated"],
              let frames = fields["frames"] else { return nil }
        let times = frames.isEmpty ? [] : frames.split(separator: ",").compactMap { Double($0) }
        return ComponentArtifacts(scope: scope, html: html, css: css, width: width, height: height,
                                  pngNames: pngs, animated: animated == "true", frameTimes: times)
    }
}
