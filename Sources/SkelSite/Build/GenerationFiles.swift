import Foundation

/// What a published generation holds, file by file: for each path, what it holds (`id`:
/// a digest of its bytes or of the inputs they come from) and how the file looked on
/// disk when the build left it (inode, size, modification time). A file that still
/// looks so was not touched since, and holds `id`; anything else is unknown and is
/// written again (why stat and not the bytes: reading 30,000 files to compare them cost
/// more than writing them; an edit in place changes the modification time, and a
/// replaced file its inode).
struct GenerationFiles: Sendable, Equatable {
    struct Record: Sendable, Equatable {
        var id: String
        var stamp: Stamp
    }

    /// Inode, size and modification time (nanoseconds) of a regular file.
    struct Stamp: Sendable, Equatable, Hashable {
        var inode: UInt64
        var size: Int
        var modified: Int

        init(inode: UInt64, size: Int, modified: Int) {
            self.inode = inode
            self.size = size
            self.modified = modified
        }

        init(_ info: stat) {
            inode = UInt64(info.st_ino)
            size = Int(info.st_size)
            modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        }

        /// The stamp of the regular file at `path` (a link is not followed), else nil.
        static func of(_ path: String) -> Stamp? {
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return Stamp(info)
        }
    }

    var records: [String: Record] = [:]

    /// Total bytes, for the manifest's summary.
    var bytes: Int { records.values.reduce(0) { $0 + $1.stamp.size } }

    // MARK: the file format

    /// One line a file, sorted by path: `inode size modified id path`. A path never holds
    /// a newline (site paths come from doc names and ids), but `%` and newline are escaped
    /// all the same, so a strange name cannot forge a line.
    func encoded() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(records.count * 120)
        out += Array("skelsite-generation-files 1\n".utf8)
        for path in records.keys.sorted() {
            let record = records[path]!
            let line = "\(record.stamp.inode) \(record.stamp.size) \(record.stamp.modified) \(record.id) \(Self.escape(path))\n"
            out += Array(line.utf8)
        }
        return out
    }

    /// nil when the text is not a whole file of this format (a torn or foreign file
    /// trusts nothing).
    static func decode(_ bytes: [UInt8]) -> GenerationFiles? {
        let header = Array("skelsite-generation-files 1\n".utf8)
        guard bytes.count >= header.count, Array(bytes[0..<header.count]) == header, bytes.last == 0x0A else { return nil }
        var files = GenerationFiles()
        var start = header.count
        while start < bytes.count {
            var end = start
            while bytes[end] != 0x0A { end += 1 }
            let line = bytes[start..<end]
            start = end + 1
            let fields = line.split(separator: 0x20, maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count == 5, let inode = UInt64(String(decoding: fields[0], as: UTF8.self)),
                  let size = Int(String(decoding: fields[1], as: UTF8.self)),
                  let modified = Int(String(decoding: fields[2], as: UTF8.self)) else { return nil }
            let path = unescape(String(decoding: fields[4], as: UTF8.self))
            files.records[path] = Record(id: String(decoding: fields[3], as: UTF8.self),
                                         stamp: Stamp(inode: inode, size: size, modified: modified))
        }
        return files
    }

    static func escape(_ path: String) -> String {
        guard path.contains(where: { $0 == "%" || $0 == "\n" || $0 == "\r" }) else { return path }
        return path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\n", with: "%0A")
            .replacingOccurrences(of: "\r", with: "%0D")
    }

    static func unescape(_ path: String) -> String {
        guard path.contains("%") else { return path }
        return path.replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%25", with: "%")
    }
}

/// Every entry under a folder, by readdir and lstat (why not Foundation's enumerator:
/// it takes seconds on the tens of thousands of PNGs of a big site). Links are listed as
/// links, never followed.
struct FolderScan: Sendable {
    enum Kind: Sendable, Equatable { case file, link, folder, other }

    struct Entry: Sendable {
        var kind: Kind
        var stamp: GenerationFiles.Stamp
    }

    /// Relative path -> entry, folders included.
    var entries: [String: Entry] = [:]

    /// Lists folder by folder, a level at a time, the folders of a level in parallel (why:
    /// a big site's `png/` holds a folder per component; one `stat` per file is most of
    /// a rebuild's fixed cost), each entry `stat`ed relative to its open folder.
    static func of(_ root: String) -> FolderScan {
        var scan = FolderScan()
        var level: [String] = [""]
        while !level.isEmpty {
            let listed = Parallel.map(level) { prefix in list(prefix.isEmpty ? root : root + "/" + prefix.dropLast(), prefix: prefix) }
            level = []
            for listing in listed {
                for (relative, entry) in listing {
                    scan.entries[relative] = entry
                    if entry.kind == .folder { level.append(relative + "/") }
                }
            }
        }
        return scan
    }

    /// One folder's entries (not its subfolders'), by path relative to the scan's root.
    private static func list(_ directory: String, prefix: String) -> [(String, Entry)] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        let folder = dirfd(handle)
        var out: [(String, Entry)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let kind: Kind
            switch info.st_mode & S_IFMT {
            case S_IFDIR: kind = .folder
            case S_IFREG: kind = .file
            case S_IFLNK: kind = .link
            default: kind = .other
            }
            out.append((prefix + name, Entry(kind: kind, stamp: GenerationFiles.Stamp(info))))
        }
        return out
    }
}

extension GenerationFiles {
    /// Whether `scan` (of the live generation) still holds exactly these files as the
    /// build left them: no file missing, changed, replaced or added, besides the marker.
    ///
    /// A `diff/` folder holding `DiffReportFolder.marker` is the build's placeholder or the
    /// report `skelsite diff` put in its place: only that its `index.html` and marker are
    /// there counts, so a report does not make the next build rebuild (the PNGs it
    /// describes are unchanged), while a missing page does.
    func matches(_ scan: FolderScan) -> Bool {
        let report = DiffReportFolder.siteFolderName + "/"
        let kept = [report + "index.html", report + DiffReportFolder.marker]
        let hasReport = scan.entries[kept[1]]?.kind == .file
        for (path, record) in records {
            if hasReport && path.hasPrefix(report) {
                if kept.contains(path) && scan.entries[path]?.kind != .file { return false }
                continue
            }
            guard let entry = scan.entries[path], entry.kind == .file, entry.stamp == record.stamp else { return false }
        }
        for (path, entry) in scan.entries where entry.kind != .folder && path != OutputSwap.markerName {
            if hasReport && path.hasPrefix(report) { continue }
            if records[path] == nil { return false }
        }
        return true
    }
}
