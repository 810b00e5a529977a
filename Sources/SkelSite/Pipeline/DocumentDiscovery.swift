import Foundation
import SkeletonCore
import SkelsiteStore

/// Finds the docs of a source folder: every `*.md` file, recursively, skipping hidden
/// files and folders (`.git`, `.skelsite-cache`) and `_`-prefixed ones (drafts, partials
/// by convention). Sorted by relative path so the build order never depends on the file
/// system's listing order.
///
/// Symbolic links are followed only while they stay inside the source folder; a link
/// that leaves it, a link loop and a doc that is not a regular file are problems at the
/// link's own path, and are left out of the list, so every listed doc is safe to read
/// (site/reference/limits.md, "Files the build reads and writes"). Each real folder is
/// read once, so links cannot make the walk loop or grow exponentially.
enum DocumentDiscovery {
    /// A problem with one entry of the source folder, at its path relative to the source.
    struct Problem: Equatable, Sendable {
        var relativePath: String
        var severity: Severity
        var message: String
    }

    struct Found: Equatable, Sendable {
        /// Safe-to-read docs, sorted.
        var paths: [String]
        /// Sorted by path.
        var problems: [Problem]

        /// The problems as diagnostics at line 1, column 1 of `display(relativePath)`.
        func diagnostics(_ display: (String) -> String) -> [FileDiagnostic] {
            problems.map { FileDiagnostic(path: display($0.relativePath), line: 1, column: 1, severity: $0.severity,
                                          message: $0.message) }
        }
    }

    /// The safe docs only; `scan` also says what was left out and why.
    static func find(in source: URL) throws(SiteBuildError) -> [String] {
        try scan(in: source).paths
    }

    static func scan(in source: URL) throws(SiteBuildError) -> Found {
        var info = stat()
        guard stat(source.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
              let root = FilePaths.realPath(source) else {
            throw .io("source folder \(source.path) does not exist or is not a folder")
        }
        var walk = Walk(root: root)
        walk.visited[FolderID(info)] = ""
        try walk.run(source.path, ancestors: [FolderID(info)])
        return Found(paths: walk.found.sorted(), problems: walk.problems.sorted { $0.relativePath < $1.relativePath })
    }

    static func isDoc(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
    }

    /// A folder's identity: device and inode, whatever path reached it.
    struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    private struct Walk {
        let root: String
        var found: [String] = []
        var problems: [Problem] = []
        /// Every folder read so far, with the relative path it was read at.
        var visited: [FolderID: String] = [:]
        /// Links met while walking, followed after every real folder is read (why: so a
        /// link to a folder, such as `latest -> v2`, is the one skipped, not the folder).
        var links: [(full: String, path: String, ancestors: [FolderID])] = []

        init(root: String) { self.root = root }

        mutating func problem(_ path: String, _ message: String, _ severity: Severity = .error) {
            problems.append(Problem(relativePath: path, severity: severity, message: message))
        }

        /// Reads `folder` and every real folder below it, then follows the links met.
        mutating func run(_ folder: String, ancestors: [FolderID]) throws(SiteBuildError) {
            try walk(folder, relative: "", ancestors: ancestors)
            var next = 0
            while next < links.count {
                let link = links[next]
                next += 1
                try follow(link.full, path: link.path, ancestors: link.ancestors)
            }
        }

        mutating func walk(_ folder: String, relative: String, ancestors: [FolderID]) throws(SiteBuildError) {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                throw .io("cannot list \(folder): \(FilePaths.errnoText(opendirErrno(folder)))")
            }
            for name in names.sorted() where !name.hasPrefix(".") && !name.hasPrefix("_") {
                let full = folder + "/" + name
                let path = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFLNK {
                    links.append((full, path, ancestors))
                } else {
                    try take(full, path: path, info, ancestors: ancestors)
                }
            }
        }

        /// A link: refused when it leaves the source, else taken like what it names.
        mutating func follow(_ full: String, path: String, ancestors: [FolderID]) throws(SiteBuildError) {
            guard let target = FilePaths.realPath(full) else {
                // A dangling link reads nothing; a link to itself is a loop.
                if errno == ELOOP { problem(path, "symbolic link loop (too many levels of symbolic links)") }
                return
            }
            var info = stat()
            guard stat(target, &info) == 0 else { return }
            guard SourceReading.isInside(target, root: root) else {
                // Only what the build would read matters: folders and docs.
                if (info.st_mode & S_IFMT) == S_IFDIR || DocumentDiscovery.isDoc(path) {
                    problem(path, SourceReading.leavesMessage(target))
                }
                return
            }
            try take(full, path: path, info, ancestors: ancestors, viaLink: true)
        }

        mutating func take(_ full: String, path: String, _ info: stat, ancestors: [FolderID],
                           viaLink: Bool = false) throws(SiteBuildError) {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                let id = FolderID(info)
                if ancestors.contains(id) {
                    let above = visited[id].map { $0.isEmpty ? "the source folder" : "'\($0)'" } ?? "a folder above it"
                    problem(path, "symbolic link loop: it leads back to \(above), which contains it")
                } else if let first = visited[id] {
                    problem(path, "\(viaLink ? "symbolic link leads to folder" : "same folder as") '\(first)', "
                            + "which is already read; skipped", .warning)
                } else {
                    visited[id] = path
                    try walk(full, relative: path, ancestors: ancestors + [id])
                }
            case S_IFREG:
                if DocumentDiscovery.isDoc(path) { found.append(path) }
            default:
                if DocumentDiscovery.isDoc(path) { problem(path, "not a regular file; only regular files are read") }
            }
        }

        /// Why a folder cannot be listed (FileManager's error reads "error 256").
        private func opendirErrno(_ folder: String) -> Int32 {
            guard let handle = opendir(folder) else { return errno }
            closedir(handle)
            return EIO
        }
    }
}
