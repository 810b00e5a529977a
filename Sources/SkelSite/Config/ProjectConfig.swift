import Foundation
import SkeletonCore
import TOMLKit

/// `skelsite.toml`, a project's settings (site/reference/command-line.md, "Project
/// file"): where the docs and the output are, the site's title and base URL, the theme,
/// and the defaults of `diff` and `verify`. Every value is optional; a flag given on
/// the command line wins over the file. Paths are relative to the file's folder.
public struct ProjectConfig: Equatable, Sendable {
    public static let fileName = "skelsite.toml"

    /// The file read, and its folder (paths in the file are relative to it).
    public var file: URL
    public var folder: URL { file.deletingLastPathComponent() }

    public var source: String?
    public var output: String?
    public var baseURL: String?
    public var title: String?
    public var templates: String?
    public var diff = Diff()
    public var verify = Verify()
    public var fit = Fit()
    public var build = Build()
    public var serve = Serve()
    /// `[appearance]`, `[animation]` and `lang`: defaults for every spec of the project,
    /// under each doc's front matter (site/reference/appearance.md).
    public var settings = InheritedSettings()

    public struct Diff: Equatable, Sendable {
        public var threshold: Double?
        public var maxDiffPixels: Int?
        public var maxDiffRatio: Double?
    }

    public struct Build: Equatable, Sendable {
        /// `[build] cache`: the render cache's folder, as `--cache-dir` (default:
        /// `SOURCE/.skelsite-cache`); for a source folder the build may not write into.
        public var cache: String?
    }

    public struct Serve: Equatable, Sendable {
        /// `[serve] allowed_hosts`: host names the preview server answers besides the
        /// loopback ones, as `serve --allow-host` (site/reference/limits.md, "Serve: host names").
        public var allowedHosts: [String]?
    }

    public struct Verify: Equatable, Sendable {
        /// Whether CI runs verify (the workflow `init` writes reads it; verify itself runs when asked).
        public var enabled: Bool?
        public var threshold: Double?
        public var scales: [Int]?
        public var minimum: Double?
        /// Engines (`chromium`, `firefox`, `webkit`, `all`) or Chromium-family
        /// executables, as `VerifyBrowserChoice.fromProjectFile` reads them.
        public var browsers: [String]?
    }

    public struct Fit: Equatable, Sendable {
        /// `[fit] threshold`: the largest layout-shift score `skelsite fit` passes
        /// (site/guides/fit-the-content.md), as `fit --threshold`.
        public var threshold: Double?
        /// `[fit] browsers`: the engines `fit` measures in, as `fit --browser`.
        public var browsers: [BrowserEngine]?
        /// `[fit] parts`: `"error"` makes a part that does not fit its shape fail the
        /// run, as `fit --strict-parts`; `"warning"` (the default) only reports it.
        public var partsAreErrors: Bool?
        /// `[fit] results`: a `skelsite fit --json` file whose figures `build` shows on
        /// the component pages, as `build --fit-results` (a path relative to this file).
        public var results: String?
    }

    public init(file: URL) { self.file = file }

    /// `relative`, a path written in the file, as a path from the current folder: kept
    /// short when it is inside it, so diagnostics name files as the user types them.
    public func path(_ relative: String, currentDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        let absolute = relative.hasPrefix("/") ? relative
            : folder.appendingPathComponent(relative).standardizedFileURL.path
        return ProjectConfig.shorten(absolute, from: currentDirectory)
    }

    static func shorten(_ absolute: String, from currentDirectory: String) -> String {
        let base = URL(fileURLWithPath: currentDirectory).standardizedFileURL.path
        if absolute == base { return "." }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    /// The project file for a command: `explicit` (`--config FILE`) when given, else
    /// `skelsite.toml` in `currentDirectory` or the nearest of its parents; nil when
    /// there is none. A file that cannot be read or is not valid throws.
    public static func find(explicit: String?,
                            currentDirectory: String = FileManager.default.currentDirectoryPath) throws(ProjectConfigError) -> ProjectConfig? {
        if let explicit {
            return try load(URL(fileURLWithPath: explicit, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true)),
                            shown: explicit)
        }
        var folder = URL(fileURLWithPath: currentDirectory, isDirectory: true).standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(fileName)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue {
                return try load(candidate, shown: shorten(candidate.path, from: currentDirectory))
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Reads and checks one file; `shown` is how diagnostics name it.
    public static func load(_ file: URL, shown: String) throws(ProjectConfigError) -> ProjectConfig {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw ProjectConfigError(lines: ["\(shown): error: cannot read the project file"])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ProjectConfigError(lines: ["\(shown):1:1: error: the project file is not UTF-8 text"])
        }
        return try parse(text, file: file.standardizedFileURL, shown: shown)
    }

    /// Parses `text` with TOMLKit, then checks every key and type against the schema
    /// in `ProjectConfigSchema`: every problem is reported, in file order.
    public static func parse(_ text: String, file: URL, shown: String) throws(ProjectConfigError) -> ProjectConfig {
        // TOMLKit would stop reading at a NUL byte and take what came before as the whole file.
        if let nul = TOMLTextCheck.rawNUL(in: text) {
            throw ProjectConfigError(lines: ["\(shown):\(nul.line):\(nul.column): error: the project file holds a NUL byte "
                                             + "(U+0000), which would end the file here; remove it"])
        }
        let locator = TOMLKeyLocator(text: text)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let at = error.source.begin
            // A key or table set twice: TOMLKit's words garble a quoted key ('"tititle" ').
            if error.description.contains("cannot redefine"), let again = locator.redefinition(onLine: at.line) {
                let name = again.path.joined(separator: ".")
                let what = again.isTable ? "table [\(name)] is defined twice" : "key '\(name)' is set twice"
                throw ProjectConfigError(lines: ["\(shown):\(again.at.line):\(again.at.column): error: \(what) "
                                                 + "(first on line \(again.firstLine)); keep one"])
            }
            throw ProjectConfigError(lines: ["\(shown):\(max(at.line, 1)):\(max(at.column, 1)): error: \(error.description)"])
        } catch {
            throw ProjectConfigError(lines: ["\(shown):1:1: error: \(error)"])
        }
        var reader = ProjectConfigSchema.Reader(locator: locator)
        var config = ProjectConfig(file: file)
        reader.read(table, into: &config)
        // TOMLKit returns a string cut at its first NUL, and keeps other control
        // characters that no path, name or URL can mean (site/reference/limits.md).
        for found in TOMLTextCheck.controls(in: text) {
            let at = TOMLKeyLocator.Position(line: found.line, column: found.column)
            let key = locator.key(holding: at).map { $0.joined(separator: ".") } ?? "a string"
            let message = found.scalar == "\0"
                ? "\(key) holds a NUL (\\u0000), which would cut it short here; remove it"
                : "\(key) holds the control character \(TOMLTextCheck.name(found.scalar)); remove it "
                    + "(a string here may hold tabs and line breaks, no other control characters)"
            reader.problems.append(.init(line: found.line, column: found.column, message: message))
        }
        if !reader.problems.isEmpty {
            let sorted = reader.problems.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            throw ProjectConfigError(lines: sorted.map { "\(shown):\($0.line):\($0.column): error: \($0.message)" })
        }
        return config
    }
}

/// Why a project file was refused: `path:line:column: error: message` lines; the
/// commands print them and exit 2 (site/reference/command-line.md).
public struct ProjectConfigError: Error, Equatable, CustomStringConvertible {
    public var lines: [String]
    public var description: String { lines.joined(separator: "\n") }
}
