import Foundation
import SkelsiteStore

/// The theme folder's rule for symbolic links, the docs' rule (site/reference/limits.md,
/// "Files the build reads and writes"): a link whose real path (every link resolved)
/// leaves the theme folder is an error at the link, and nothing behind it is rendered
/// or published. Why: a theme is committed with the docs (`templates = "theme"`), by
/// anyone who can open a pull request; `assets/leak.txt -> /etc/passwd` would be
/// published, and a partial linked to it would print it into every page.
struct ThemeLinks {
    let directory: URL
    /// The theme folder's real path (the folder itself may be a link).
    let root: String
    /// Errors at the links that leave, in the order met.
    private(set) var problems: [FileDiagnostic] = []

    init(directory: URL) {
        self.directory = directory
        root = FilePaths.realPath(directory) ?? directory.standardizedFileURL.path
    }

    static func leavesMessage(_ target: String) -> String {
        "symbolic link leaves the theme folder (-> \(target))"
    }

    /// False, with an error at the link, when `path` is a link whose real path leaves
    /// the theme. Anything else passes: a link that stays inside, a file or folder, and
    /// a dangling link or a loop, which read nothing (the callers skip them as before).
    mutating func allows(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
              let target = FilePaths.realPath(path) else { return true }
        guard SourceReading.isInside(target, root: root) else {
            problems.append(FileDiagnostic(path: path, line: 1, column: 1, message: Self.leavesMessage(target)))
            return false
        }
        return true
    }

    /// Every file under `assets/` that the build copies, relative paths sorted: files
    /// and links to files, in real folders and below (a link to a folder inside the
    /// theme is not followed, as always; `assets` itself may be a link inside). A link
    /// that leaves the theme is an error and left out.
    mutating func assetFiles() -> [String] {
        let assets = directory.appendingPathComponent("assets").path
        guard allows(assets) else { return [] }
        var files: [String] = []
        walk(assets, relative: "", into: &files)
        return files.sorted()
    }

    private mutating func walk(_ folder: String, relative: String, into files: inout [String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() {
            let full = folder + "/" + name
            let path = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk(full, relative: path, into: &files)
                continue
            }
            guard allows(full) else { continue }
            // What the link names: a dangling link and a link to a folder are skipped.
            guard stat(full, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { continue }
            files.append(path)
        }
    }
}
