import Foundation
@testable import SkelSite

/// A throwaway docs folder, output folder and cache under one temp folder.
struct TestSite {
    let root: URL
    var source: URL { root.appendingPathComponent("docs") }
    var output: URL { root.appendingPathComponent("out") }
    var cache: URL { root.appendingPathComponent("cache") }

    /// The repository's default theme (tests run from anywhere).
    static let templates = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates")

    /// "assets/<file>" for every file the default theme ships (other people add assets).
    static var themeAssets: [String] {
        files(in: templates.appendingPathComponent("assets")).map { "assets/" + $0 }
            // The playground's renderer when one is built, its file:-URL forms.
            + ((try? PlaygroundAssets.files(templates: templates)) ?? []).map { "assets/" + $0.name }
            // The SwiftUI support file component pages link to.
            + ["assets/SkeletonSupport.swift"]
    }

    /// "<name>.html" for every standalone page template of the theme (the playground).
    static var themePages: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: templates.path)) ?? [])
            .filter { $0.hasSuffix(".mustache") && !$0.hasPrefix("_") }
            .map { String($0.dropLast(".mustache".count)) }
            .filter { !["page", "index", "component"].contains($0) }
            .map { $0 + ".html" }.sorted()
    }

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
    static func files(in folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var out: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory),
               !isDirectory.boolValue { out.append(path) }
        }
        return out.sorted()
    }

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
