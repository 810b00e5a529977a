import Foundation

/// What a finished build records in its output's `.skelsite-output` marker, after the
/// marker text: a digest of every input, the counts the build reported, and a digest of
/// the output's file list with sizes. A rebuild whose inputs digest the same, into an
/// output whose files still match, has nothing to do.
///
/// Invariant: `inputs` is empty (matches nothing) when the build had any diagnostic,
/// so warnings are printed again by the next build rather than skipped.
struct OutputManifest: Equatable {
    var inputs: String
    var documents = 0
    var drafts = 0
    var components = 0
    /// Distinct specs (cache keys): what a full rebuild would report as cached.
    var distinctComponents = 0
    var listing: FileListing

    /// Count, total size and a digest of sorted `path<TAB>size` lines of every regular
    /// file under a folder except the marker itself (which holds the manifest).
    struct FileListing: Equatable {
        var files = 0
        var bytes = 0
        var digest = ""

        static func of(_ folder: URL) -> FileListing {
            let base = folder.standardizedFileURL.path + "/"
            guard let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey]) else { return FileListing() }
            var lines: [String] = []
            var total = 0
            for case let url as URL in walker {
                guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]),
                      values.isRegularFile == true else { continue }
                var path = url.standardizedFileURL.path
                if path.hasPrefix(base) { path.removeFirst(base.count) }
                if path == OutputSwap.markerName { continue }
                let size = values.fileSize ?? 0
                total += size
                lines.append("\(path)\t\(size)\n")
            }
            lines.sort()
            return FileListing(files: lines.count, bytes: total, digest: SHA256.hex(Array(lines.joined().utf8)))
        }
    }

    /// The marker file's full text.
    func markerText() -> String {
        OutputSwap.markerText + """
            inputs=\(inputs)
            documents=\(documents)
            drafts=\(drafts)
            components=\(components)
            distinct-components=\(distinctComponents)
            files=\(listing.files)
            bytes=\(listing.bytes)
            listing=\(listing.digest)

            """
    }

    /// The manifest in an output folder's marker, or nil when there is none.
    static func read(from output: URL) -> OutputManifest? {
        guard let text = try? String(contentsOf: output.appendingPathComponent(OutputSwap.markerName), encoding: .utf8)
        else { return nil }
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        func int(_ key: String) -> Int? { fields[key].flatMap { Int($0) } }
        guard let inputs = fields["inputs"], let documents = int("documents"), let drafts = int("drafts"),
              let components = int("components"), let distinct = int("distinct-components"),
              let files = int("files"), let bytes = int("bytes"), let digest = fields["listing"] else { return nil }
        return OutputManifest(inputs: inputs, documents: documents, drafts: drafts, components: components,
                              distinctComponents: distinct,
                              listing: FileListing(files: files, bytes: bytes, digest: digest))
    }

    /// Digest of everything a build reads: each doc (path and bytes), every file of the
    /// templates folder, the playground's wasm when installed from elsewhere, and the
    /// settings that change output (`settings`: renderer fingerprint and options).
    static func inputDigest(source: URL, docs: [String], templates: URL, extraFiles: [URL], settings: [String]) -> String {
        var entries: [(String, URL)] = docs.map { ("doc:" + $0, source.appendingPathComponent($0)) }
        for path in filesUnder(templates) { entries.append(("template:" + path, templates.appendingPathComponent(path))) }
        for url in extraFiles { entries.append(("extra:" + url.path, url)) }
        // Each file hashed on its own, in parallel (why: the docs are most of the bytes).
        let digests = Parallel.map(entries) { entry -> String in
            let bytes = FileManager.default.contents(atPath: entry.1.path).map { [UInt8]($0) }
            return entry.0 + "\t" + (bytes.map(SHA256.hex) ?? "missing") + "\n"
        }
        let material = settings.joined(separator: "\n") + "\n" + digests.joined()
        return SHA256.hex(Array(material.utf8))
    }

    /// Relative paths of the regular files under a folder, sorted.
    static func filesUnder(_ folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory),
               !isDirectory.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }
}
