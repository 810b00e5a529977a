import Foundation

/// What a finished build records in its output's `.skelsite-output` marker, after the
/// marker text: a digest of every input, the counts the build reported, and the number
/// and size of its files. A rebuild whose inputs digest the same, into an output whose
/// files still match their record (`GenerationFiles.matches`), has nothing to do.
///
/// Invariants: only a build without errors writes an output, so a manifest is always
/// of one; the docs' warnings of that build are kept in it (`warnings`), and a rebuild
/// that finds nothing changed prints exactly those, in that order (why: a site with a
/// warning must take the up-to-date path too, and still print what the build that
/// wrote it printed). Warnings of discovery and the theme are found again by every
/// build before it compares digests, so they are not kept.
package struct OutputManifest: Equatable {
    /// `InputDigest.all` of the build that wrote the output; nil: never reuse it.
    package var inputs: String?
    package var documents = 0
    package var drafts = 0
    package var components = 0
    /// Distinct specs (cache keys): what a full rebuild would report as cached.
    package var distinctComponents = 0
    package var listing: FileListing
    /// The warnings of the build's docs (front matter and specs), sorted for display,
    /// each `path` relative to the source folder (why: diagnostics name docs as the
    /// source was typed, which the next build may type otherwise).
    package var warnings: [RecordedWarning] = []

    package init(inputs: String? = nil, documents: Int = 0, drafts: Int = 0, components: Int = 0,
                 distinctComponents: Int = 0, listing: FileListing, warnings: [RecordedWarning] = []) {
        self.inputs = inputs
        self.documents = documents
        self.drafts = drafts
        self.components = components
        self.distinctComponents = distinctComponents
        self.listing = listing
        self.warnings = warnings
    }

    /// Count and total size of the site's files (`digest` is kept for older markers;
    /// the generation's own record, `GenerationFiles`, says file by file what it holds).
    package struct FileListing: Equatable {
        package var files = 0
        package var bytes = 0
        package var digest = ""

        package init(files: Int = 0, bytes: Int = 0, digest: String = "") {
            self.files = files
            self.bytes = bytes
            self.digest = digest
        }

        package static func of(_ files: GenerationFiles) -> FileListing {
            FileListing(files: files.records.count, bytes: files.bytes, digest: "-")
        }
    }

    /// The marker file's full text.
    package func markerText() -> String {
        OutputSwap.markerText + """
            inputs=\(inputs ?? "")
            documents=\(documents)
            drafts=\(drafts)
            components=\(components)
            distinct-components=\(distinctComponents)
            files=\(listing.files)
            bytes=\(listing.bytes)
            listing=\(listing.digest)

            """ + warnings.map { "warning=" + $0.markerField() + "\n" }.joined()
    }

    /// The manifest in an output folder's marker, or nil when there is none.
    package static func read(from output: URL) -> OutputManifest? {
        guard let text = try? String(contentsOf: output.appendingPathComponent(OutputSwap.markerName), encoding: .utf8)
        else { return nil }
        var fields: [String: String] = [:]
        var warnings: [RecordedWarning] = []
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals]), value = line[line.index(after: equals)...]
            if key == "warning" {
                // A warning that does not read makes the record unusable (nil), not shorter.
                guard let warning = RecordedWarning(markerField: value) else { return nil }
                warnings.append(warning)
            } else {
                fields[key] = String(value)
            }
        }
        func int(_ key: String) -> Int? { fields[key].flatMap { Int($0) } }
        guard let inputs = fields["inputs"], let documents = int("documents"), let drafts = int("drafts"),
              let components = int("components"), let distinct = int("distinct-components"),
              let files = int("files"), let bytes = int("bytes"), let digest = fields["listing"] else { return nil }
        return OutputManifest(inputs: inputs.isEmpty ? nil : inputs, documents: documents, drafts: drafts, components: components,
                              distinctComponents: distinct,
                              listing: FileListing(files: files, bytes: bytes, digest: digest), warnings: warnings)
    }

    /// Digest of everything a build reads: each doc (path and bytes), every file of the
    /// templates folder, the playground's wasm when installed from elsewhere, and the
    /// settings that change output (`settings`: renderer fingerprint and options).
    package static func inputDigest(source: URL, docs: [String], templates: URL, extraFiles: [URL], settings: [String],
                            memory: FileDigestMemory? = nil) -> InputDigest {
        // Paths joined as strings (why: a URL appended to per doc was half of digesting a
        // big site's unchanged docs).
        func under(_ folder: URL) -> (String) -> String {
            let prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
            return { prefix + $0 }
        }
        let inSource = under(source), inTemplates = under(templates)
        var entries: [(String, String)] = docs.map { ("doc:" + $0, inSource($0)) }
        for path in filesUnder(templates) { entries.append(("template:" + path, inTemplates(path))) }
        for url in extraFiles { entries.append(("extra:" + url.path, url.path)) }
        // Each file hashed on its own, in parallel, a few chunks of files to a core (why: the
        // docs are most of the bytes; one dispatch per file cost more than a stat).
        // A file hashed before and unchanged since is not read again (`FileDigestMemory`:
        // serve's rebuilds, and a build's from the last build's).
        let digests = memory?.digests(of: entries.map(\.1))
            ?? Parallel.chunks(entries) { entry in FileDigestMemory.read(entry.1).map(SHA256.hex) ?? "missing" }
        var docDigests: [String: String] = [:]
        for (path, digest) in zip(docs, digests) { docDigests[path] = digest }
        let lines = zip(entries, digests).map { $0.0.0 + "\t" + $0.1 + "\n" }
        let settingsText = settings.joined(separator: "\n") + "\n"
        let shared = SHA256.hex(Array((settingsText + lines.dropFirst(docs.count).joined()).utf8))
        return InputDigest(all: SHA256.hex(Array((settingsText + lines.joined()).utf8)), shared: shared, docs: docDigests)
    }

    /// What `inputDigest` found.
    package struct InputDigest: Sendable {
        /// Of everything: equal digests, equal output.
        package let all: String
        /// Of everything but the docs (templates, extra files, settings): what every
        /// page depends on.
        package let shared: String
        /// Of each doc's bytes, by relative path.
        package let docs: [String: String]

        package init(all: String, shared: String, docs: [String: String]) {
            self.all = all
            self.shared = shared
            self.docs = docs
        }
    }

    /// Relative paths of the regular files under a folder, sorted.
    package static func filesUnder(_ folder: URL) -> [String] {
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

/// A doc's warning as a build found it, kept where the build's shortcuts live (`DocMemo`,
/// `OutputManifest`) so a build that takes a shortcut prints it again byte for byte.
/// `path` is relative to the source folder.
package struct RecordedWarning: Sendable, Equatable {
    package var path: String
    package var line: Int
    package var column: Int
    package var message: String
    /// The offending line, for the caret display; nil when unknown.
    package var sourceLine: String?

    /// One marker line's value: path, line, column, message and (when known) source line,
    /// tab-separated, with `%`, tab, CR and LF escaped as `%25`, `%09`, `%0D`, `%0A`.
    package func markerField() -> String {
        ([path, String(line), String(column), message] + (sourceLine.map { [$0] } ?? []))
            .map(Self.escaped).joined(separator: "\t")
    }

    package init(path: String, line: Int, column: Int, message: String, sourceLine: String?) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
    }

    /// nil when the value is not one `markerField` writes.
    package init?(markerField value: Substring) {
        let parts = value.split(separator: "\t", omittingEmptySubsequences: false).map { Self.unescaped(String($0)) }
        guard parts.count == 4 || parts.count == 5, let path = parts[0], let lineText = parts[1], let line = Int(lineText),
              let columnText = parts[2], let column = Int(columnText), let message = parts[3] else { return nil }
        var sourceLine: String?
        if parts.count == 5 {
            guard let text = parts[4] else { return nil }
            sourceLine = text
        }
        self.init(path: path, line: line, column: column, message: message, sourceLine: sourceLine)
    }

    private static func escaped(_ text: String) -> String {
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case 0x25: out += Array("%25".utf8)
            case 0x09: out += Array("%09".utf8)
            case 0x0A: out += Array("%0A".utf8)
            case 0x0D: out += Array("%0D".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// nil for a `%` not followed by one of the four escapes.
    private static func unescaped(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x25 else {
                out.append(bytes[index])
                index += 1
                continue
            }
            guard index + 2 < bytes.count else { return nil }
            switch (bytes[index + 1], bytes[index + 2]) {
            case (0x32, 0x35): out.append(0x25)
            case (0x30, 0x39): out.append(0x09)
            case (0x30, 0x41): out.append(0x0A)
            case (0x30, 0x44): out.append(0x0D)
            default: return nil
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
