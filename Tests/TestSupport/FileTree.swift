import Foundation

/// What a folder holds, for tests that compare outputs.
public enum FileTree {
    /// Every regular file under `folder` (links followed), relative paths, sorted.
    public static func files(in folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var out: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory),
               !isDirectory.boolValue { out.append(path) }
        }
        return out.sorted()
    }

    /// A new folder under the temporary directory (named `prefix` and a UUID) holding
    /// `files`, each written at its relative path with its folders made.
    public static func write(_ files: [String: String], prefix: String = "skelsite-test-") throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(prefix + UUID().uuidString)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }
}
