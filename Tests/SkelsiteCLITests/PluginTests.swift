import Foundation
import Testing

/// The command plugin (Plugins/SkelsitePlugin, site/guides/swift-package-plugin.md): an
/// app's package that depends on this checkout by path runs
/// `swift package --allow-writing-to-package-directory skelsite build`, which builds the
/// site its skelsite.toml describes; a spec error fails the command with its diagnostic.
///
/// SwiftPM builds skelsite again for the app package. The build folder is kept in
/// `.build/plugin-test` of this checkout, so only the first run pays for a full build.
@Suite struct PluginTests {
    static let swift = WasmHarness.executable(named: "swift")

    @Test(.enabled(if: swift != nil, "swift is not on the PATH"))
    func appPackageBuildsItsSiteThroughThePlugin() throws {
        let swift = try #require(Self.swift)
        let app = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: app) }
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try Data("""
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "App",
                dependencies: [.package(path: "\(WasmHarness.root.path)")],
                targets: [.target(name: "App")]
            )

            """.utf8).write(to: app.appendingPathComponent("Package.swift"))
        try Data("public struct Feed {}\n".utf8).write(to: app.appendingPathComponent("Sources/App/Feed.swift"))
        let scaffold = try CLIRunner.run(["init", "."], cwd: app)
        #expect(scaffold.status == 0, "\(scaffold.stderr)")

        let scratch = WasmHarness.root.appendingPathComponent(".build/plugin-test").path
        var environment = ProcessInfo.processInfo.environment
        for name in ["SKELSITE_TEMPLATES", "SKELSITE_WASM"] { environment[name] = nil }
        func swiftPackage(_ arguments: [String]) throws -> (status: Int32, output: String) {
            let run = try WasmHarness.run(swift, ["package", "--scratch-path", scratch] + arguments, in: app,
                                          wholeEnvironment: environment)
            return (run.status, run.output)
        }

        let build = try swiftPackage(["--allow-writing-to-package-directory", "skelsite", "build"])
        #expect(build.status == 0, "\(build.output)")
        #expect(build.output.contains("built 3 docs, 3 components into _site\n"), "\(build.output)")
        let index = try String(contentsOf: app.appendingPathComponent("_site/index.html"), encoding: .utf8)
        #expect(index.contains("<title>Our loading skeletons</title>"))
        #expect(FileManager.default.fileExists(
            atPath: app.appendingPathComponent("_site/png/components-article-row--article-row").path))

        // A broken spec: the tool's diagnostic, and the command fails.
        let doc = app.appendingPathComponent("docs/components/article-row.md")
        let text = try String(contentsOf: doc, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "rect 56x56", with: "rectt 56x56").utf8).write(to: doc)
        let check = try swiftPackage(["--allow-writing-to-package-directory", "skelsite", "check"])
        #expect(check.status != 0)
        #expect(check.output.contains("error: skelsite check exited with 1\n"), "\(check.output)")
        #expect(check.output.contains("docs/components/article-row.md:16:5: error: unknown node kind 'rectt'; did you mean 'rect'?"),
                "\(check.output)")
    }
}
