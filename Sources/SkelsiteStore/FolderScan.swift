import Foundation
import Platform

/// Every entry under a folder, by readdir and lstat (why not Foundation's enumerator:
/// it takes seconds on the tens of thousands of PNGs of a big site). Links are listed as
/// links, never followed.
///
/// Kept folder by folder, as each was listed: an entry is found by its folder, then by
/// its name (why: one table of every path, 35,000 on a big site, cost a string made and
/// hashed per entry to fill, and a probe of cold memory per lookup; a rebuild looks up
/// a component's PNGs together, in one folder of a handful).
package struct FolderScan: Sendable {
    package enum Kind: Sendable, Equatable { case file, link, folder, other }

    package struct Entry: Sendable {
        package var kind: Kind
        /// A file's; a folder's or link's holds only its inode (see `list`).
        package var stamp: GenerationFiles.Stamp

        package init(kind: Kind, stamp: GenerationFiles.Stamp) {
            self.kind = kind
            self.stamp = stamp
        }
    }

    /// One folder's entries, in listing order.
    package struct Folder: Sendable {
        package let names: [String]
        package let entries: [Entry]
        /// Name -> position, for a folder of many entries (a component's folder holds a
        /// handful, compared in place; a section's, hundreds of pages).
        private let positions: [String: Int]?

        init(names: [String], entries: [Entry]) {
            self.names = names
            self.entries = entries
            positions = names.count > 16
                ? Dictionary(names.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
                : nil
        }

        package func entry(named name: Substring) -> Entry? { entry(named: String(name)) }

        /// Compared as bytes, as the file system names them (`String.hasUTF8`): the table
        /// keyed by strings keeps one of two names equal as strings, so a name it finds
        /// with other bytes is looked for in place.
        package func entry(named name: String) -> Entry? {
            var wanted = name
            return wanted.withUTF8 { wanted in
                func matches(_ index: Int) -> Bool { names[index].hasUTF8(wanted) }
                if let positions {
                    // No name equal as a string: none equal as bytes either.
                    guard let index = positions[name] else { return nil }
                    if matches(index) { return entries[index] }
                }
                for index in names.indices where matches(index) { return entries[index] }
                return nil
            }
        }
    }

    /// Each folder listed (every folder found, one that could not be listed as empty), by
    /// its path relative to the root with a trailing "/"; the root is "". Keyed by
    /// substrings so a path's folder is looked up without copying it.
    private var folders: [Substring: Folder] = [:]

    /// How many entries are not folders, and how many folders (below the root) were empty
    /// or could not be listed.
    package private(set) var nonFolderCount = 0
    package private(set) var emptyFolderCount = 0

    package init() {}

    /// The entry at `path` (relative, no trailing "/"), or nil.
    package func entry(_ path: String) -> Entry? {
        let name: Substring, folder: Substring
        if let slash = path.utf8.lastIndex(of: 0x2F) {
            folder = path[...slash]
            name = path[path.utf8.index(after: slash)...]
        } else {
            folder = ""
            name = Substring(path)
        }
        return folders[folder]?.entry(named: name)
    }

    /// The listing of `folder` (relative, ending with "/"; the root is ""), or nil when
    /// it was not found.
    package func folder(_ folder: String) -> Folder? { folders[Substring(folder)] }

    /// Every folder found below the root, without its trailing "/".
    package var folderPaths: [String] { folders.keys.filter { !$0.isEmpty }.map { String($0.dropLast()) } }

    /// Every entry by relative path, folders included (made anew on each call).
    package var entries: [String: Entry] {
        var all: [String: Entry] = [:]
        all.reserveCapacity(nonFolderCount + folders.count)
        for (prefix, folder) in folders {
            for (name, entry) in zip(folder.names, folder.entries) { all[String(prefix) + name] = entry }
        }
        return all
    }

    /// Calls `body` with the folder (as keyed, "" for the root) and listing of each folder.
    package func forEachFolder(_ body: (Substring, Folder) throws -> Void) rethrows {
        for (prefix, folder) in folders { try body(prefix, folder) }
    }

    /// Lists folder by folder, a level at a time, the folders of a level in parallel (why:
    /// a big site's `png/` holds a folder per component; one `stat` per file is most of
    /// a rebuild's fixed cost), each entry `stat`ed relative to its open folder.
    /// `expecting`: about how many entries there are (folders are a fifth of them).
    package static func of(_ root: String, expecting: Int = 0) -> FolderScan {
        var scan = FolderScan()
        scan.folders.reserveCapacity(expecting / 5)
        var level: [String] = [""]
        while !level.isEmpty {
            let listed = Parallel.map(level) { prefix in list(prefix.isEmpty ? root : root + "/" + prefix.dropLast()) }
            let listedPrefixes = level
            level = []
            for (prefix, folder) in zip(listedPrefixes, listed) {
                if folder.names.isEmpty && !prefix.isEmpty { scan.emptyFolderCount += 1 }
                for (name, entry) in zip(folder.names, folder.entries) {
                    if entry.kind == .folder { level.append(prefix + name + "/") } else { scan.nonFolderCount += 1 }
                }
                scan.folders[Substring(prefix)] = folder
            }
        }
        return scan
    }

    /// `of(folder.path)` for a generation about the size of `files` (files plus their
    /// folders: a component's folder holds four or more PNGs).
    package static func of(_ folder: URL, like files: GenerationFiles?) -> FolderScan {
        of(folder.path, expecting: expected(files: files?.records.count ?? 0))
    }

    /// About how many entries a generation of `files` files holds, folders included.
    package static func expected(files: Int) -> Int { files + files / 4 }

    /// One folder's entries (not its subfolders').
    private static func list(_ directory: String) -> Folder {
        guard let handle = opendir(directory) else { return Folder(names: [], entries: []) }
        defer { closedir(handle) }
        let folder = dirfd(handle)
        var names: [String] = []
        var entries: [Entry] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            // Only a file's stamp is ever compared: a folder or link named so by the listing
            // is not `stat`ed (why: a big site's `png/` holds 5000 folders, a seventh of
            // the `stat`s of a rebuild's listing). A file system that does not say
            // (DT_UNKNOWN) gets a `stat` for each.
            let listedKind: Kind? = switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): .folder
            case Int32(DT_LNK): .link
            default: nil
            }
            if let listedKind {
                names.append(name)
                entries.append(Entry(kind: listedKind, stamp: .init(inode: UInt64(entry.pointee.d_ino), size: 0, modified: 0)))
                continue
            }
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let kind: Kind
            switch info.st_mode & S_IFMT {
            case S_IFDIR: kind = .folder
            case S_IFREG: kind = .file
            case S_IFLNK: kind = .link
            default: kind = .other
            }
            names.append(name)
            entries.append(Entry(kind: kind, stamp: GenerationFiles.Stamp(info)))
        }
        return Folder(names: names, entries: entries)
    }
}
