import Foundation
import TestSupport

/// The checkout these tests read, and what it holds.
enum RepositoryLayout {
    static let root = Repository.root

    /// Every Swift file under `Sources/<module>`, with its path relative to the root.
    static func swiftFiles(of module: String) -> [String] {
        let folder = root.appendingPathComponent("Sources/\(module)")
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            .map { "Sources/\(module)/\($0)" }
    }

    /// The folders under `Sources/`, one per target.
    static func modules() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)) ?? []
        return entries.filter { !$0.hasPrefix(".") }.sorted()
    }

    /// `git ls-files` in the checkout; nil when git or the repository is not there.
    static func trackedFiles() -> [String]? {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", root.path, "ls-files", "-z"]
        let pipe = Pipe()
        git.standardOutput = pipe
        git.standardError = FileHandle.nullDevice
        guard (try? git.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        guard git.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init)
    }
}
