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
}
