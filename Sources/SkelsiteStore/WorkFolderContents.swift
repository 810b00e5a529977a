/// What the work generation held when a build began: listed and `stat`ed (`FolderScan`,
/// `skelsite build`), or known from the records `skelsite serve`'s own last build left
/// there. Known records are looked up as they are, not copied into a scan first (why:
/// building a 34,000-entry scan from them was a twentieth of serve's rebuild); their
/// folders are found from the paths only when the build ends.
package struct WorkFolderContents: Sendable {
    private let scan: FolderScan?
    private let known: GenerationFiles?

    package static func listed(_ scan: FolderScan) -> WorkFolderContents { .init(scan: scan, known: nil) }

    package static func known(_ files: GenerationFiles) -> WorkFolderContents { .init(scan: nil, known: files) }

    /// The stamp of the regular file at `path` (nil: none, or a link, folder or other).
    package func fileStamp(_ path: String) -> GenerationFiles.Stamp? {
        if let known { return known.records[path]?.stamp }
        guard let entry = scan?.entry(path), entry.kind == .file else { return nil }
        return entry.stamp
    }

    /// `fileStamp` of each of `names` in `folder` (ending with "/"): the folder looked up
    /// once (why: a rebuild asks for every PNG of a big site, a component's at a time).
    package func fileStamps(in folder: String, _ names: [String]) -> [GenerationFiles.Stamp?] {
        if let known { return names.map { known.records[folder + $0]?.stamp } }
        guard let listing = scan?.folder(folder) else { return names.map { _ in nil } }
        return names.map { name in listing.entry(named: name).flatMap { $0.kind == .file ? $0.stamp : nil } }
    }

    /// Whether the work folder held a file, link or other non-folder at `path`.
    package func holdsNonFolder(_ path: String) -> Bool {
        if let known { return known.records[path] != nil }
        guard let entry = scan?.entry(path) else { return false }
        return entry.kind != .folder
    }

    /// How many non-folders it held (`nonFolders.count`, without making the list).
    package var nonFolderCount: Int { known?.records.count ?? scan?.nonFolderCount ?? 0 }

    /// How many of its folders held nothing, or could not be listed (known records hold
    /// files only, so each folder they imply holds one).
    package var emptyFolderCount: Int { scan?.emptyFolderCount ?? 0 }

    /// Whether a listing found a folder at `path` (relative, no trailing "/"; never when
    /// known), as `listedFolders.contains(path)` says without making the set.
    package func listedFolder(_ path: String) -> Bool {
        guard let scan, !path.isEmpty else { return false }
        return scan.folder(path + "/") != nil
    }

    /// The folders a listing found (none when known: `allFolders` finds them).
    package var listedFolders: Set<String> {
        guard let scan else { return [] }
        return Set(scan.folderPaths)
    }

    /// Every path that is not a folder: files, and in a listing links and others too.
    package var nonFolders: [String] {
        if let known { return Array(known.records.keys) }
        guard let scan else { return [] }
        var paths: [String] = []
        paths.reserveCapacity(scan.nonFolderCount)
        scan.forEachFolder { prefix, folder in
            for (name, entry) in zip(folder.names, folder.entries) where entry.kind != .folder { paths.append(prefix + name) }
        }
        return paths
    }

    /// Every folder: listed, or each folder a known file lies in.
    package func allFolders() -> Set<String> {
        guard let known else { return listedFolders }
        var folders: Set<String> = []
        for path in known.records.keys {
            var current = Substring(path)
            while let slash = current.utf8.lastIndex(of: 0x2F) {
                current = current[..<slash]
                if !folders.insert(String(current)).inserted { break }
            }
        }
        return folders
    }
}
