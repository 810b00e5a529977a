import Foundation

/// Brings the generation that is not live up to date with this build, touching only
/// what differs (site/reference/output-folder.md).
///
/// For each file of the new site: when the live generation holds it (same `id`, and its
/// file still looks as that build left it), the work generation keeps the very same
/// file if it already shares it, or gets a hard link to it; else the file is written.
/// Files of the work generation the new site does not have are removed at the end.
///
/// Invariants: nothing is written in place (a path is unlinked first), so a file shared
/// with the live generation is never changed through the work one; nothing is followed
/// through a link (a link found in the work generation is removed, not written
/// through); the cache is never linked: its PNGs are written as files of their own
/// (see `ComponentImages`).
final class GenerationWriter: @unchecked Sendable {
    enum How: Sendable { case kept, linked, written }

    /// The work generation (a real folder, not live).
    let folder: URL
    private let root: String
    private let livePath: String?
    private let liveFiles: GenerationFiles
    private let before: FolderScan
    private let lock = NSLock()
    private var placed: [String: GenerationFiles.Record] = [:]
    private var folders: Set<String>
    private var counts: [How: Int] = [:]
    private var written: [String] = []

    /// `live`: the live generation's folder and what it holds, when there is one whose
    /// record was read. `holding`: what the work folder is known to hold (serve's own last
    /// build left it so), instead of listing it.
    init(folder: URL, live: (folder: URL, files: GenerationFiles)?, holding known: GenerationFiles? = nil) {
        self.folder = folder
        root = folder.path
        livePath = live.flatMap { SourceReading.realPath($0.folder) }
        liveFiles = live?.files ?? GenerationFiles()
        // Files plus their folders: a component's folder holds four or more PNGs.
        let expected = liveFiles.records.count + liveFiles.records.count / 4
        before = known.map(FolderScan.init(holding:)) ?? FolderScan.of(folder.path, expecting: expected)
        folders = [""]
        placed.reserveCapacity(liveFiles.records.count)
        for (path, entry) in before.entries where entry.kind == .folder { folders.insert(path) }
    }

    /// How many files were kept, linked and written so far.
    func count(_ how: How) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return counts[how] ?? 0
    }

    /// Places the live generation's file when it holds `id` at `path`; false when the
    /// caller must produce the bytes.
    func reuse(_ path: String, id: String) -> Bool {
        guard let record = liveFiles.records[path], record.id == id else { return false }
        if let here = before.entries[path], here.kind == .file, here.stamp == record.stamp {
            place(path, record, .kept)
            return true
        }
        // The live file must lie in the live folder itself: a folder of it replaced by a
        // link elsewhere must not bring a foreign file (sharing its inode) into the site.
        guard let livePath, GenerationFiles.Stamp.of(livePath + "/" + path) == record.stamp,
              SourceReading.realPath(livePath + "/" + path) == livePath + "/" + path,
              (try? prepare(path)) != nil else { return false }
        CrashPoint.mutation()
        guard link(livePath + "/" + path, root + "/" + path) == 0 else { return false }
        place(path, record, .linked)
        return true
    }

    /// Writes `bytes` at `path` unless the live generation already holds them.
    func write<Bytes: ContiguousBytes>(_ bytes: Bytes, to path: String, id: String? = nil) throws(SiteBuildError) {
        let id = id ?? "sha256:" + bytes.withUnsafeBytes { SHA256.hex(Array($0)) }
        if reuse(path, id: id) { return }
        let full = root + "/" + path
        do {
            try prepare(path)
            CrashPoint.mutation()
            try PlainFileWriter.write(bytes, to: full)
        } catch {
            throw .io("cannot write \(full): \(FileErrorText.describe(error, path: full))")
        }
        try stamp(path, id: id)
    }

    private func stamp(_ path: String, id: String) throws(SiteBuildError) {
        guard let stamp = GenerationFiles.Stamp.of(root + "/" + path) else {
            throw .io("cannot write \(root)/\(path): it vanished while the build wrote it")
        }
        place(path, GenerationFiles.Record(id: id, stamp: stamp), .written)
    }

    /// Paths written (not kept or linked): what changed since the live site, sorted.
    func writtenPaths() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return written.sorted()
    }

    private func place(_ path: String, _ record: GenerationFiles.Record, _ how: How) {
        lock.lock()
        placed[path] = record
        if how == .written { written.append(path) }
        counts[how, default: 0] += 1
        lock.unlock()
    }

    /// Makes `path`'s folders real folders and clears the path itself.
    private func prepare(_ path: String) throws {
        if let slash = path.lastIndex(of: "/") { try ensureFolder(String(path[..<slash])) }
        let full = root + "/" + path
        var info = stat()
        guard lstat(full, &info) == 0 else { return }
        CrashPoint.mutation()
        if (info.st_mode & S_IFMT) == S_IFDIR {
            OutputSwap.removeTree(full)
        } else {
            unlink(full)
        }
    }

    private func ensureFolder(_ relative: String) throws {
        lock.lock()
        defer { lock.unlock() }
        try ensureFolderLocked(relative)
    }

    private func ensureFolderLocked(_ relative: String) throws {
        if folders.contains(relative) { return }
        if let slash = relative.lastIndex(of: "/") { try ensureFolderLocked(String(relative[..<slash])) }
        let full = root + "/" + relative
        var info = stat()
        if lstat(full, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                folders.insert(relative)
                return
            }
            CrashPoint.mutation()
            unlink(full)  // a file or a link where a folder goes: never followed
        }
        CrashPoint.mutation()
        guard mkdir(full, 0o755) == 0 else { throw PlainFileWriter.Failure(path: full, code: errno) }
        folders.insert(relative)
    }

    /// Removes what the new site does not have (`keep` names files outside the records,
    /// such as the marker); returns the generation's records.
    func finish(keeping keep: Set<String>) -> GenerationFiles {
        lock.lock()
        let placed = self.placed
        lock.unlock()
        var needed: Set<String> = [""]
        for path in placed.keys.concatenated(with: keep) {
            var current = Substring(path)
            while let slash = current.lastIndex(of: "/") {
                current = current[..<slash]
                if !needed.insert(String(current)).inserted { break }
            }
        }
        let extras = before.entries.filter { path, entry in
            entry.kind != .folder && placed[path] == nil && !keep.contains(path) && !isInsideRemovedFolder(path, needed)
        }.map(\.key)
        _ = Parallel.map(extras) { [root] path in
            CrashPoint.mutation()
            unlink(root + "/" + path)
        }
        // Folders no file needs, deepest first; a whole folder in one removal.
        let unneeded = before.entries.filter { $0.value.kind == .folder && !needed.contains($0.key) }.map(\.key)
        let tops = unneeded.filter { path in !isInsideRemovedFolder(path, needed) }
        _ = Parallel.map(tops) { [root] path in
            CrashPoint.mutation()
            OutputSwap.removeTree(root + "/" + path)
        }
        return GenerationFiles(records: placed)
    }

    /// Whether a folder holding `path` goes as a whole (so `path` goes with it).
    private func isInsideRemovedFolder(_ path: String, _ needed: Set<String>) -> Bool {
        var current = Substring(path)
        while let slash = current.lastIndex(of: "/") {
            current = current[..<slash]
            if before.entries[String(current)]?.kind == .folder && !needed.contains(String(current)) { return true }
        }
        return false
    }
}

private extension Dictionary.Keys where Key == String {
    func concatenated(with other: Set<String>) -> [String] { Array(self) + Array(other) }
}
