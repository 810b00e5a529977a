import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory skelsite build` (any skelsite
/// command and options after the verb): runs the skelsite tool, built from this
/// package, in the root of the package that depends on it, so the project file
/// (skelsite.toml) there decides the docs and output folders
/// (site/guides/swift-package-plugin.md).
@main
struct SkelsitePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // The tool is the executable target `SkelsiteCLI` (product `skelsite`): a plugin
        // names its tools by target (docs/modules.md says why it is not named skelsite).
        let tool = try context.tool(named: "SkelsiteCLI")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        var environment = ProcessInfo.processInfo.environment
        // The tool finds its theme next to itself when installed; built as a plugin's
        // tool it lives in the app's .build, so point it at this package's Templates.
        if environment["SKELSITE_TEMPLATES"] == nil, let templates = Self.templates(context.package) {
            environment["SKELSITE_TEMPLATES"] = templates.path
        }
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        // The tool has printed its diagnostics; SwiftPM prints this and fails the command.
        if process.terminationStatus != 0 {
            throw ExitStatus(command: (["skelsite"] + arguments.prefix(1)).joined(separator: " "),
                             code: process.terminationStatus)
        }
    }

    /// `Templates/` of the skelsite package: found among `package`'s dependencies (any
    /// depth) by name, else beside this plugin's own source (SwiftPM compiles the
    /// plugin from the skelsite package's folder, which `#filePath` names).
    static func templates(_ package: Package) -> URL? {
        var seen: Set<String> = []
        var queue = [package]
        while let next = queue.first {
            queue.removeFirst()
            guard seen.insert(next.id).inserted else { continue }
            let templates = next.directoryURL.appendingPathComponent("Templates")
            if next.displayName == "skelsite",
               FileManager.default.fileExists(atPath: templates.appendingPathComponent("page.mustache").path) {
                return templates
            }
            queue += next.dependencies.map(\.package)
        }
        let ownPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let templates = ownPackage.appendingPathComponent("Templates")
        return FileManager.default.fileExists(atPath: templates.appendingPathComponent("page.mustache").path) ? templates : nil
    }

    struct ExitStatus: Error, CustomStringConvertible {
        var command: String
        var code: Int32
        var description: String { "\(command) exited with \(code)" }
    }
}
