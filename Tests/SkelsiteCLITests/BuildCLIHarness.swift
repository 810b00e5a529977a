import Foundation
import SkelSite

/// Runs the built `skelsite` executable (it sits next to the test bundle in
/// `.build/<triple>/<config>/`) and captures its exit code and output.
enum BuildCLIHarness {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL {
        var folder = Bundle.main.bundleURL
        if folder.pathExtension == "xctest" { folder = folder.deletingLastPathComponent() }
        let beside = folder.appendingPathComponent("skelsite")
        if FileManager.default.fileExists(atPath: beside.path) { return beside }
        // swift-testing may run from the .xctest bundle's own folder.
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("skelsite")
    }

    static let templates = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates")

    /// "assets/<file>" for every file the default theme ships, and the playground's
    /// files the builder adds (the module when built, its file:-URL forms), and the SwiftUI
    /// support file component pages link to.
    static var themeAssets: [String] {
        files(in: templates.appendingPathComponent("assets")).map { "assets/" + $0 }
            + ((try? PlaygroundAssets.files(templates: templates)) ?? []).map { "assets/" + $0.name }
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

    static func run(_ arguments: [String], in directory: URL) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["SKELSITE_TEMPLATES"] = templates.path
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A temp folder with `files` written under it.
    static func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-cli-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

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
}
