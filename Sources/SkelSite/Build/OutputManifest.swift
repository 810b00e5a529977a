import Foundation

/// What a finished build records in its output's `.skelsite-output` marker, after the
/// marker text: a digest of every input, the counts the build reported, and a digest of
/// the output's file list with sizes. A rebuild whose inputs digest the same, into an
/// output whose files still match, has nothing to do.
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
    /// Page path -> (page key, size) of every doc page written (see `PageReuse`).
    var pages: [String: PageReuse.Entry] = [:]

    /// Count, total size and a digest of sorted `path<TAB>size` lines of every regular
    /// file under a folder except the marker itself (which holds the manifest).
    ///
    /// A `diff/` folder holding `DiffReportFolder.marker` is the build's placeholder or
    /// the report `skelsite diff` put in its place: only that its `index.html` and marker
    /// are there is listed (`path<TAB>-`), so a report does not make the next build
    /// rebuild (the PNGs it describes are unchanged), while a missing page does.
    struct FileListing: Equatable {
        var files = 0
        var bytes = 0
        var digest = ""

        static func of(_ folder: URL) -> FileListing {
            var lines: [String] = []
            var total = 0
            let report = DiffReportFolder.siteFolderName + "/"
            let reportKept = [report + "index.html", report + DiffReportFolder.marker]
            let hasReport = FileManager.default.fileExists(atPath: folder.appendingPathComponent(reportKept[1]).path)
            walk(folder.path, prefix: "") { path, size in
                if path == OutputSwap.markerName { return }
                if hasReport && path.hasPrefix(report) {
                    if reportKept.contains(path) { lines.append("\(path)\t-\n") }
                    return
                }
                total += size
                lines.append("\(path)\t\(size)\n")
            }
            lines.sort()
            return FileListing(files: lines.count, bytes: total, digest: SHA256.hex(Array(lines.joined().utf8)))
        }

        /// Every regular file under `directory` with its size, by readdir and lstat
        /// (why: Foundation's enumerator with resource values takes seconds on the tens
        /// of thousands of PNGs of a big site). Symlinks are listed, not followed.
        private static func walk(_ directory: String, prefix: String, _ visit: (String, Int) -> Void) {
            guard let handle = opendir(directory) else { return }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let full = directory + "/" + name, relative = prefix + name
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: walk(full, prefix: relative + "/", visit)
                case S_IFREG, S_IFLNK: visit(relative, Int(info.st_size))
                default: continue
                }
            }
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

            """ + pages.keys.sorted().map { "page=\(pages[$0]!.key) \(pages[$0]!.size) \($0)\n" }.joined()
    }

    /// The manifest in an output folder's marker, or nil when there is none.
    static func read(from output: URL) -> OutputManifest? {
        guard let text = try? String(contentsOf: output.appendingPathComponent(OutputSwap.markerName), encoding: .utf8)
        else { return nil }
        var fields: [String: String] = [:]
        var pages: [String: PageReuse.Entry] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals]), value = line[line.index(after: equals)...]
            if key == "page" {
                // "page=<key> <size> <path>"; the path may contain spaces, key and size do not.
                let parts = value.split(separator: " ", maxSplits: 2)
                if parts.count == 3, let size = Int(parts[1]) {
                    pages[String(parts[2])] = PageReuse.Entry(key: String(parts[0]), size: size)
                }
                continue
            }
            fields[key] = String(value)
        }
        func int(_ key: String) -> Int? { fields[key].flatMap { Int($0) } }
        guard let inputs = fields["inputs"], let documents = int("documents"), let drafts = int("drafts"),
              let components = int("components"), let distinct = int("distinct-components"),
              let files = int("files"), let bytes = int("bytes"), let digest = fields["listing"] else { return nil }
        return OutputManifest(inputs: inputs.isEmpty ? nil : inputs, documents: documents, drafts: drafts, components: components,
                              distinctComponents: distinct,
                              listing: FileListing(files: files, bytes: bytes, digest: digest), pages: pages)
    }

    /// Digest of everything a build reads: each doc (path and bytes), every file of the
    /// templates folder, the playground's wasm when installed from elsewhere, and the
    /// settings that change output (`settings`: renderer fingerprint and options).
    static func inputDigest(source: URL, docs: [String], templates: URL, extraFiles: [URL], settings: [String])
        -> InputDigest {
        var entries: [(String, URL)] = docs.map { ("doc:" + $0, source.appendingPathComponent($0)) }
        for path in filesUnder(templates) { entries.append(("template:" + path, templates.appendingPathComponent(path))) }
        for url in extraFiles { entries.append(("extra:" + url.path, url)) }
        // Each file hashed on its own, in parallel (why: the docs are most of the bytes).
        let digests = Parallel.map(entries) { entry -> String in
            let bytes = FileManager.default.contents(atPath: entry.1.path).map { [UInt8]($0) }
            return bytes.map(SHA256.hex) ?? "missing"
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
