import Foundation

/// Finds the docs of a source folder: every `*.md` file, recursively, skipping hidden
/// files and folders (`.git`, `.skelsite-cache`) and `_`-prefixed ones (drafts, partials
/// by convention). Sorted by relative path so the build order never depends on the file
/// system's listing order.
enum DocumentDiscovery {
    static func find(in source: URL) throws(SiteBuildError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .io("source folder \(source.path) does not exist or is not a folder")
        }
        var found: [String] = []
        try walk(source, relative: "", into: &found)
        return found.sorted()
    }

    private static func walk(_ folder: URL, relative: String, into found: inout [String]) throws(SiteBuildError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw .io("cannot list \(folder.path): \(error.localizedDescription)")
        }
        for name in names.sorted() where !name.hasPrefix(".") && !name.hasPrefix("_") {
            let url = folder.appendingPathComponent(name)
            let path = relative.isEmpty ? name : relative + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                try walk(url, relative: path, into: &found)
            } else if name.lowercased().hasSuffix(".md") || name.lowercased().hasSuffix(".markdown") {
                found.append(path)
            }
        }
    }
}
