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
/// (see `RenderStep`).
/// `@unchecked Sendable`: what changes as files are placed (`placed`, `folders`, `counts`,
/// `written`, `covered`) is touched only under `lock`; the rest never changes after `init`.
package final class GenerationWriter: @unchecked Sendable {
    package enum How: Sendable {
        case kept, linked, written

        package var slot: Int {
            switch self {
            case .kept: 0
            case .linked: 1
            case .written: 2
            }
        }
    }

    /// The work generation (a real folder, not live).
    package let folder: URL
    private let root: String
    private let livePath: String?
    private let liveFiles: GenerationFiles
    /// What the work folder held when the build began (`WorkFolderContents`): known, or
    /// its listing, which may still be under way when the writer is made (why: waited for
    /// there, it kept a core idle while the pages, gallery and search index, which need
    /// none of it at first, could have begun; about a tenth of a one-spec rebuild of a big
    /// site). Every change to the folder follows a lookup in `before`, which waits for the
    /// listing, so the listing never sees this build's own files.
    private let contents: Contents
    private enum Contents {
        case ready(WorkFolderContents)
        case listing(Background<FolderScan>)
    }
    private var before: WorkFolderContents {
        switch contents {
        case .ready(let ready): ready
        case .listing(let listing): .listed(listing.value())
        }
    }
    private let lock = NSLock()
    private var placed: [String: GenerationFiles.Record] = [:]
    /// Folders this build made or found to be real folders; the listing's are looked up
    /// in it (`ensureFolder`).
    private var folders: Set<String> = [""]
    /// Kept, linked and written, by `How` (an array, not a table: counted once per file).
    private var counts = [0, 0, 0]
    private var written: [String] = []
    /// How many of the paths placed held a non-folder when the build began: when that is
    /// every one the work folder held, and none of its folders was empty, `finish` has
    /// nothing to remove and need not compare the two.
    private var covered = 0

    /// `live`: the live generation's folder and what it holds, when there is one whose
    /// record was read. `holding`: what the work folder is known to hold (serve's own last
    /// build left it so), instead of listing it. `listed`: the work folder's listing, when
    /// the caller began it earlier (`FolderScan.of`), after taking the output's lock.
    package init(folder: URL, live: (folder: URL, files: GenerationFiles)?, holding known: GenerationFiles? = nil,
         listed: Background<FolderScan>? = nil) {
        self.folder = folder
        root = folder.path
        livePath = live.flatMap { FilePaths.realPath($0.folder) }
        liveFiles = live?.files ?? GenerationFiles()
        if let known {
            contents = .ready(.known(known))
        } else if let listed {
            contents = .listing(listed)
        } else {
            contents = .ready(.listed(FolderScan.of(folder, like: liveFiles)))
        }
        placed.reserveCapacity(liveFiles.records.count)
    }

    /// How many files were kept, linked and written so far.
    package func count(_ how: How) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return counts[how.slot]
    }

    /// Places the live generation's file when it holds `id` at `path`; false when the
    /// caller must produce the bytes.
    package func reuse(_ path: String, id: String) -> Bool {
        reuse(path) { $0.id == id }
    }

    /// `reuse` for the PNG folders of many components (each `folder` ends with "/"; each
    /// PNG's id is "sha256:" + its digest), the kept ones placed under one lock, the work
    /// folder's contents looked up once (why: a lock per PNG, then per folder, then per
    /// doc, 1000 a rebuild of a big site, each contended between the cores, kept a core
    /// waiting for a tenth of the keep step). Returns, per folder, the indices of the
    /// files the caller must write.
    package func reuse(folders: [(folder: String, files: [(name: String, digest: String)])]) -> [[Int]] {
        var kept: [(path: String, record: GenerationFiles.Record)] = []
        kept.reserveCapacity(folders.reduce(0) { $0 + $1.files.count })
        let before = self.before
        // The live records taken once a call (why: looked up through `self` per PNG, each
        // lookup retained and released the table both cores share).
        let records = liveFiles.records
        let missing = folders.map { folder, files in
            var missing: [Int] = []
            let stamps = before.fileStamps(in: folder, files.map(\.name))
            for (index, file) in files.enumerated() {
                let path = folder + file.name
                switch live(path, records[path], stamps[index], before, holding: { $0.holds(sha256: file.digest) }) {
                case .kept(let record): kept.append((path, record))
                case .linked: break
                case .missing: missing.append(index)
                }
            }
            return missing
        }
        if kept.isEmpty { return missing }
        lock.lock()
        for (path, record) in kept where placed.updateValue(record, forKey: path) == nil { covered += 1 }
        counts[How.kept.slot] += kept.count
        lock.unlock()
        return missing
    }

    private func reuse(_ path: String, holding: (GenerationFiles.Record) -> Bool) -> Bool {
        let before = self.before
        switch live(path, liveFiles.records[path], before.fileStamp(path), before, holding: holding) {
        case .kept(let record):
            place(path, record, .kept, before)
            return true
        case .linked: return true
        case .missing: return false
        }
    }

    private enum LiveFile { case kept(GenerationFiles.Record), linked, missing }

    /// The live generation's file at `path` (`record`: the live record's, if any), when its
    /// record passes `holding`: still in the work folder as recorded (`workStamp`: the work
    /// folder's file there, if any; kept, for the caller to place), or hard-linked into it
    /// from the live folder (placed), or neither.
    private func live(_ path: String, _ record: GenerationFiles.Record?, _ workStamp: GenerationFiles.Stamp?,
                      _ before: WorkFolderContents, holding: (GenerationFiles.Record) -> Bool) -> LiveFile {
        guard let record, holding(record) else { return .missing }
        if workStamp == record.stamp { return .kept(record) }
        return linkFromLive(path, record, before) ? .linked : .missing
    }

    /// Hard-links the live generation's file at `path` into the work one, when it still
    /// looks as `record` says.
    private func linkFromLive(_ path: String, _ record: GenerationFiles.Record, _ before: WorkFolderContents) -> Bool {
        // The live file must lie in the live folder itself: a folder of it replaced by a
        // link elsewhere must not bring a foreign file (sharing its inode) into the site.
        guard let livePath, GenerationFiles.Stamp.of(livePath + "/" + path) == record.stamp,
              FilePaths.realPath(livePath + "/" + path) == livePath + "/" + path,
              (try? prepare(path)) != nil else { return false }
        CrashPoint.mutation()
        guard link(livePath + "/" + path, root + "/" + path) == 0 else { return false }
        place(path, record, .linked, before)
        return true
    }

    /// Writes `bytes` at `path` unless the live generation already holds them.
    package func write<Bytes: ContiguousBytes>(_ bytes: Bytes, to path: String, id: String? = nil) throws(SiteBuildError) {
        let id = id ?? "sha256:" + bytes.withUnsafeBytes { SHA256.hex(Array($0)) }
        if reuse(path, id: id) { return }
        let full = root + "/" + path
        let info: stat
        do {
            if let slash = path.lastIndex(of: "/") { try ensureFolder(String(path[..<slash])) }
            info = try create(bytes, at: full, path)
        } catch {
            throw .io("cannot write \(full): \(FileErrorText.describe(error, path: full))")
        }
        place(path, GenerationFiles.Record(id: id, stamp: GenerationFiles.Stamp(info)), .written, before)
    }

    /// A new file at `full` with `bytes`, never one opened in place: whatever the path
    /// holds goes first (found by the create failing, so a fresh path costs one call).
    private func create<Bytes: ContiguousBytes>(_ bytes: Bytes, at full: String, _ path: String) throws -> stat {
        CrashPoint.mutation()
        let first = Result { () throws(PlainFileWriter.Failure) -> stat in try PlainFileWriter.create(bytes, at: full) }
        if case .failure(let failure) = first, failure.code == EEXIST {
            try prepare(path)
            CrashPoint.mutation()
            return try PlainFileWriter.create(bytes, at: full)
        }
        return try first.get()
    }

    /// Paths written (not kept or linked): what changed since the live site, sorted.
    package func writtenPaths() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return written.sorted()
    }

    private func place(_ path: String, _ record: GenerationFiles.Record, _ how: How, _ before: WorkFolderContents) {
        // A kept file was there; a linked or written one replaced whatever was.
        let held = how == .kept || before.holdsNonFolder(path)
        lock.lock()
        if placed.updateValue(record, forKey: path) == nil && held { covered += 1 }
        if how == .written { written.append(path) }
        counts[how.slot] += 1
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

    /// Makes `relative` a real folder, its parents first. The system calls run outside
    /// the lock (why: 5000 component folders made under it kept the other core waiting
    /// for `place`, about a fifth of writing a big site's PNGs); two threads making one
    /// folder both end with it made, one of them by finding it there.
    private func ensureFolder(_ relative: String) throws {
        // A folder the listing found is looked up there (why: its 5000 folders copied into
        // `folders` on the first call, under the lock, were a tenth of linking a one-spec
        // rebuild's few files). Folders not listed are checked when a file goes in one (below).
        if before.listedFolder(relative) { return }
        lock.lock()
        let made = folders.contains(relative)
        lock.unlock()
        if made { return }
        if let slash = relative.lastIndex(of: "/") { try ensureFolder(String(relative[..<slash])) }
        let full = root + "/" + relative
        // mkdir first: on a fresh generation it is the only call (a lstat first was one more per folder).
        CrashPoint.mutation()
        if mkdir(full, 0o755) != 0 {
            let code = errno
            guard code == EEXIST else { throw PlainFileWriter.Failure(path: full, code: code) }
            var info = stat()
            if lstat(full, &info) != 0 || (info.st_mode & S_IFMT) != S_IFDIR {
                CrashPoint.mutation()
                unlink(full)  // a file or a link where a folder goes: never followed
                CrashPoint.mutation()
                if mkdir(full, 0o755) != 0 {
                    let again = errno
                    guard again == EEXIST, lstat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                        throw PlainFileWriter.Failure(path: full, code: again)
                    }
                }
            }
        }
        lock.lock()
        folders.insert(relative)
        lock.unlock()
    }

    /// Removes what the new site does not have (`keep` names files outside the records,
    /// such as the marker); returns the generation's records.
    package func finish(keeping keep: Set<String>) -> GenerationFiles {
        lock.lock()
        let placed = self.placed
        let covered = self.covered
        lock.unlock()
        let before = self.before
        // Every file the work folder held is in the new site, and every folder of it held
        // something: so each folder holds a file of the new site, and nothing goes.
        let keptOutside = keep.filter { placed[$0] == nil && before.holdsNonFolder($0) }.count
        if covered + keptOutside == before.nonFolderCount && before.emptyFolderCount == 0 { return GenerationFiles(records: placed) }
        // Substrings of the paths, not copies (why: one per file of the site).
        var needed: Set<Substring> = [""]
        needed.reserveCapacity(placed.count / 4 + 16)
        for path in placed.keys.concatenated(with: keep) {
            var current = Substring(path)
            while let slash = current.utf8.lastIndex(of: 0x2F) {
                current = current[..<slash]
                if !needed.insert(current).inserted { break }
            }
        }
        let beforeFolders = before.allFolders()
        let extras = before.nonFolders.filter { path in
            placed[path] == nil && !keep.contains(path) && !isInsideRemovedFolder(path, needed, beforeFolders)
        }
        _ = Parallel.map(extras) { [root] path in
            CrashPoint.mutation()
            unlink(root + "/" + path)
        }
        // Folders no file needs, deepest first; a whole folder in one removal.
        // Not a folder that stood where this build put a file (`prepare` removed it, and
        // removing that path now would remove the file).
        let unneeded = beforeFolders.filter { !needed.contains(Substring($0)) && placed[$0] == nil }
        let tops = Array(unneeded.filter { path in !isInsideRemovedFolder(path, needed, beforeFolders) })
        _ = Parallel.map(tops) { [root] path in
            CrashPoint.mutation()
            OutputSwap.removeTree(root + "/" + path)
        }
        return GenerationFiles(records: placed)
    }

    /// Whether a folder holding `path` goes as a whole (so `path` goes with it).
    private func isInsideRemovedFolder(_ path: String, _ needed: Set<Substring>, _ folders: Set<String>) -> Bool {
        var current = Substring(path)
        while let slash = current.utf8.lastIndex(of: 0x2F) {
            current = current[..<slash]
            if !needed.contains(current) && folders.contains(String(current)) { return true }
        }
        return false
    }
}

private extension Dictionary.Keys where Key == String {
    func concatenated(with other: Set<String>) -> [String] { Array(self) + Array(other) }
}
