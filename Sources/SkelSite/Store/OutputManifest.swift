import Foundation

/// What a finished build records in its output's `.skelsite-output` marker, after the
/// marker text: a digest of every input, the counts the build reported, and the number
/// and size of its files. A rebuild whose inputs digest the same, into an output whose
/// files still match their record (`GenerationFiles.matches`), has nothing to do.
///
/// Invariant: `inputs` is nil (matches nothing) when the build had any diagnostic,
/// so warnings are printed again by the next build rather than skipped.
struct OutputManifest: Equatable {
    /// `InputDigest.all` of the build that wrote the output; nil: never reuse it.
    var inputs: String?
    var documents = 0
    var drafts = 0
    var components = 0
    /// Distinct specs (cache keys): what a full rebuild would report as cached.
    var distinctComponents = 0
    var listing: FileListing

    /// Count and total size of the site's files (`digest` is kept for older markers;
    /// the generation's own record, `GenerationFiles`, says file by file what it holds).
    struct FileListing: Equatable {
        var files = 0
        var bytes = 0
        var digest = ""

        static func of(_ files: GenerationFiles) -> FileListing {
            FileListing(files: files.records.count, bytes: files.bytes, digest: "-")
        }
    }

    /// The marker file's full text.
    func markerText() -> String {
        OutputSwap.markerText + """
            inputs=\(inputs ?? "")
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
        return OutputManifest(inputs: inputs.isEmpty ? nil : inputs, documents: documents, drafts: drafts, components: components,
                              distinctComponents: distinct,
                              listing: FileListing(files: files, bytes: bytes, digest: digest))
    }

    /// Digest of everything a build reads: each doc (path and bytes), every file of the
    /// templates folder, the playground's wasm when installed from elsewhere, and the
    /// settings that change output (`settings`: renderer fingerprint and options).
    static func inputDigest(source: URL, docs: [String], templates: URL, extraFiles: [URL], settings: [String],
                            memory: FileDigestMemory? = nil) -> InputDigest {
        var entries: [(String, URL)] = docs.map { ("doc:" + $0, source.appendingPathComponent($0)) }
        for path in filesUnder(templates) { entries.append(("template:" + path, templates.appendingPathComponent(path))) }
        for url in extraFiles { entries.append(("extra:" + url.path, url)) }
        // Each file hashed on its own, in parallel (why: the docs are most of the bytes).
        // A file hashed before by this process and unchanged since is not read again
        // (`FileDigestMemory`: serve's rebuilds).
        let digests = Parallel.map(entries) { entry -> String in
            if let memory { return memory.digest(of: entry.1.path) }
            return FileDigestMemory.read(entry.1.path).map(SHA256.hex) ?? "missing"
        }
        var docDigests: [String: String] = [:]
        for (path, digest) in zip(docs, digests) { docDigests[path] = digest }
        let lines = zip(entries, digests).map { $0.0.0 + "\t" + $0.1 + "\n" }
        let settingsText = settings.joined(separator: "\n") + "\n"
        let shared = SHA256.hex(Array((settingsText + lines.dropFirst(docs.count).joined()).utf8))
        return InputDigest(all: SHA256.hex(Array((settingsText + lines.joined()).utf8)), shared: shared, docs: docDigests)
    }

    /// What `inputDigest` found.
    struct InputDigest: Sendable {
        /// Of everything: equal digests, equal output.
        let all: String
        /// Of everything but the docs (templates, extra files, settings): what every
        /// page depends on.
        let shared: String
        /// Of each doc's bytes, by relative path.
        let docs: [String: String]
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
