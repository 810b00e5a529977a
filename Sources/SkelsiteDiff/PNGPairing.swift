import SkelSite
import Foundation
import SkelsiteStore

/// One relative path and which of the two folders holds a PNG there.
public struct PNGPair: Equatable, Sendable {
    /// Relative to the folders, with `/` separators.
    public var path: String
    public var inBaseline: Bool
    public var inCurrent: Bool
}

/// Pairs the `*.png` files of two folders by relative path.
public enum PNGPairing {
    /// Every regular file under `folder` whose name ends in `.png` (any case), as
    /// relative paths sorted by their UTF-8 bytes, so the order is the same on every
    /// machine and locale. Files under any of `excluded` (absolute paths) are skipped.
    public static func listPNGs(in folder: String, excluding excluded: [String] = []) throws(DiffError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw DiffError(path: folder, message: "no such directory")
        }
        let subpaths: [String]
        do {
            subpaths = try FileManager.default.subpathsOfDirectory(atPath: folder)
        } catch {
            throw DiffError(path: folder, message: "cannot list directory: \(FileErrorText.describe(error, path: folder))")
        }
        var found: [String] = []
        for path in subpaths where path.lowercased().hasSuffix(".png") {
            var entryIsFolder: ObjCBool = false
            let full = (folder as NSString).appendingPathComponent(path)
            let absolute = absolutePath(full)
            if excluded.contains(where: { absolute.hasPrefix($0 + "/") }) { continue }
            if FileManager.default.fileExists(atPath: full, isDirectory: &entryIsFolder), !entryIsFolder.boolValue {
                found.append(path)
            }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `path` made absolute against the working folder, with `.` and `..` resolved.
    public static func absolutePath(_ path: String) -> String {
        let base = path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        return (base as NSString).standardizingPath
    }

    /// The union of both listings, sorted by UTF-8 bytes.
    public static func pair(baseline: [String], current: [String]) -> [PNGPair] {
        let inBaseline = Set(baseline)
        let inCurrent = Set(current)
        return inBaseline.union(inCurrent)
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { PNGPair(path: $0, inBaseline: inBaseline.contains($0), inCurrent: inCurrent.contains($0)) }
    }
}

/// A usage or I/O problem; printed as `path: error: message` and exits 2.
public struct DiffError: Error, Equatable, Sendable {
    public var path: String
    public var message: String
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    public var text: String { "\(path): error: \(message)" }
}

/// Several problems at once, reported together.
public struct DiffFailures: Error, Sendable {
    public var errors: [DiffError]
    public init(_ errors: [DiffError]) { self.errors = errors }
}
