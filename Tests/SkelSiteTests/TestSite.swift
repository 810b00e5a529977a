import Foundation
@testable import SkelSite
import TestSupport
import SkelsiteStore

/// A throwaway docs folder, output folder and cache under one temp folder.
struct TestSite {
    let root: URL
    var source: URL { root.appendingPathComponent("docs") }
    var output: URL { root.appendingPathComponent("out") }
    var cache: URL { root.appendingPathComponent("cache") }

    /// The repository's default theme and the files a build copies from it (TestSupport).
    static var templates: URL { Repository.templates }
    static var themeAssets: [String] { DefaultTheme.assets }
    static var themePages: [String] { DefaultTheme.pages }

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    func write(_ path: String, _ text: String) throws {
        let url = source.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func builder(output: URL? = nil) -> SiteBuilder {
        SiteBuilder(source: source, output: output ?? self.output, templates: Self.templates,
                    options: SiteBuilder.Options(cacheDirectory: cache, rendererFingerprint: "test"),
                    displaySource: "docs")
    }

    func build() throws -> BuildReport { try builder().build() }

    func read(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every regular file under `folder`, relative, sorted.
    static func files(in folder: URL) -> [String] { FileTree.files(in: folder) }

    /// Path -> SHA-256 of every file under `folder`.
    static func hashes(of folder: URL) -> [String: String] {
        var out: [String: String] = [:]
        for path in files(in: folder) {
            let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) ?? Data()
            out[path] = SHA256.hex(Array(data))
        }
        return out
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}
