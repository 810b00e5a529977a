import Foundation
import SkelSite

/// The files a build copies from the default theme, for tests that list an output.
public enum DefaultTheme {
    /// "assets/<file>" for every file the theme ships, the playground's files the
    /// builder adds (the module when built, its file:-URL forms), and the SwiftUI
    /// support file component pages link to.
    public static var assets: [String] {
        FileTree.files(in: Repository.templates.appendingPathComponent("assets")).map { "assets/" + $0 }
            + ((try? PlaygroundAssets.files(templates: Repository.templates)) ?? []).map { "assets/" + $0.name }
            + ["assets/SkeletonSupport.swift"]
    }

    /// "<name>.html" for every standalone page template (the playground).
    public static var pages: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: Repository.templates.path)) ?? [])
            .filter { $0.hasSuffix(".mustache") && !$0.hasPrefix("_") }
            .map { String($0.dropLast(".mustache".count)) }
            .filter { !["page", "index", "component"].contains($0) }
            .map { $0 + ".html" }.sorted()
    }
}
