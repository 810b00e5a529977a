import ArgumentParser
import Foundation
import SkelSite
import SkeletonCore
import SkeletonWeb
import SkelsiteStore

/// `skelsite export SOURCE --format swiftui|html|react|web-component|npm [--output DIR]
/// [--element-prefix P] [--package-name N] [--package-version V]`
///
/// Exit codes: 0 written; 1 a spec is invalid (every diagnostic printed, nothing
/// written); 2 usage or I/O error (unknown format, unreadable SOURCE, an output file
/// that is not a regular file).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Turn specs into code for another platform (SwiftUI, React, custom elements) or into bare HTML and CSS.",
        discussion: """
            SOURCE is a .skel file, a Markdown doc (its ```skeleton blocks) or a docs \
            folder (every doc the build reads). swiftui writes Skeletons.swift (one View \
            per spec, named from its title) and SkeletonSupport.swift; html writes \
            NAME.html and NAME.css per spec; react writes Skeletons.jsx, Skeletons.d.ts \
            and Skeletons.css; web-component writes skeleton-elements.js and .d.ts; npm \
            writes a package folder with both. Files in DIR are replaced only when they \
            are regular files. See reference/swiftui-export and \
            guides/react-and-web-components.
            """
    )

    @Argument(help: "A .skel file, a Markdown doc or a docs folder.")
    var source: String?

    @Option(help: ArgumentHelp("What to write.", valueName: "format"))
    var format = Checked<ExportFormatRule>(argument: "swiftui")

    // A folder of its own: the files are regenerated, never edited by hand.
    @Option(help: ArgumentHelp("The folder to write into (created when missing).", valueName: "dir"))
    var output = "skelsite-export"

    @Option(help: ArgumentHelp("The custom elements' name prefix (web-component, npm; default sk).", valueName: "prefix"))
    var elementPrefix: String?

    @Option(help: ArgumentHelp("The npm package's name (npm; default \(NpmPackage.defaultName)).", valueName: "name"))
    var packageName: String?

    @Option(help: ArgumentHelp("The npm package's version (npm; default \(NpmPackage.defaultVersion)).", valueName: "version"))
    var packageVersion: String?

    @OptionGroup var project: ProjectOptions

    func validate() throws {
        if source == nil { throw UsageError(message: "missing SOURCE") }
        try format.check("--format")
        // Each web option belongs to the formats that use it: given to another, it would
        // be silently ignored, so it is refused.
        let format = format.value
        if let elementPrefix {
            guard format == .webComponent || format == .npm else {
                throw UsageError(message: "--element-prefix needs --format web-component or npm")
            }
            if let problem = WebComponentExport.prefixProblem(elementPrefix) {
                throw UsageError(message: "--element-prefix \(problem), got '\(elementPrefix)'")
            }
        }
        for (option, value) in [("--package-name", packageName), ("--package-version", packageVersion)] where value != nil {
            guard format == .npm else { throw UsageError(message: "\(option) needs --format npm") }
        }
        if let packageName, let problem = NpmPackage.nameProblem(packageName) {
            throw UsageError(message: "--package-name \(problem), got '\(packageName)'")
        }
        if let packageVersion, let problem = NpmPackage.versionProblem(packageVersion) {
            throw UsageError(message: "--package-version \(problem), got '\(packageVersion)'")
        }
    }

    func run() throws {
        let source = source ?? ""
        let config = try project.load()
        let found: [ExportSpecText]
        do {
            found = try ExportSource.specs(at: source)
        } catch where error.located {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        } catch {
            throw UsageError(message: error.description)
        }
        var specs: [ExportedSpec] = []
        var failed = false
        // Read once per doc (its specs share it); its errors go with the doc's first spec.
        var defaultsByPath: [String: DocumentDefaults] = [:]
        for text in found {
            // As in a build: the project file's spec defaults, then the doc's front matter.
            let known = defaultsByPath[text.path]
            let defaults = known ?? DocumentDefaults.read(project: config, file: text.path, bytes: text.file)
            defaultsByPath[text.path] = defaults
            var result = SpecParser.parseWithinBounds(text.text, firstLine: text.firstLine, columnOffset: text.columnOffset,
                                                      inheriting: defaults.settings)
            // A front matter error fails the doc's build, so it fails its export too (told
            // once per doc, however many specs it holds).
            if !defaults.errors.isEmpty {
                result = ParseResult(spec: nil, diagnostics: (known == nil ? defaults.errors : []) + result.diagnostics)
            }
            if !result.diagnostics.isEmpty {
                FileHandle.standardError.write(Data(DiagnosticFormatter.render(result.diagnostics, path: text.path,
                                                                               file: text.file).utf8))
            }
            guard let spec = result.spec else {
                failed = true
                continue
            }
            let origin = text.path + ":" + String(spec.position.line) + ":" + String(spec.position.column)
            specs.append(ExportedSpec(spec: spec, origin: origin))
        }
        if failed { throw ExitCode(1) }
        if specs.isEmpty { throw UsageError(message: "'\(source)' holds no spec") }
        let options = ExportFormat.Options(elementPrefix: elementPrefix ?? WebComponentExport.defaultPrefix,
                                           packageName: packageName ?? NpmPackage.defaultName,
                                           packageVersion: packageVersion ?? NpmPackage.defaultVersion)
        let files = format.value.files(specs, options: options)
        let folder = URL(fileURLWithPath: output)
        // Foundation says "file exists" for `--output /dev/null`; say what is wrong.
        if let problem = UserFolder.problem(output) {
            throw UsageError(message: "cannot create --output folder \(output): \(problem)")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw UsageError(message: "cannot create '\(output)': \(FileErrorText.describe(error, path: output))")
        }
        let paths = files.map { folder.appendingPathComponent($0.name).path }
        // npm's files lie in subfolders (react/, web-components/): each is checked like
        // DIR, before anything is written.
        var subfolders: [String] = []
        for file in files where file.name.contains("/") {
            let sub = folder.appendingPathComponent(file.name).deletingLastPathComponent().path
            if subfolders.contains(sub) { continue }
            if let problem = UserFolder.problem(sub) {
                throw UsageError(message: "cannot create folder \(sub): \(problem)")
            }
            subfolders.append(sub)
        }
        // Every target is checked before the first write, so a refused one leaves DIR as it was.
        for path in paths {
            do { try UserFile.checkReplaceable(path) } catch { throw UsageError(message: error.description) }
        }
        for sub in subfolders {
            do {
                try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            } catch {
                throw UsageError(message: "cannot create '\(sub)': \(FileErrorText.describe(error, path: sub))")
            }
        }
        for (file, path) in zip(files, paths) {
            do { try UserFile.write(file.text, to: path) } catch { throw UsageError(message: error.description) }
        }
        print("exported \(specs.count) spec\(specs.count == 1 ? "" : "s") as \(format.text) into \(output): "
              + files.map(\.name).joined(separator: ", "))
    }
}
