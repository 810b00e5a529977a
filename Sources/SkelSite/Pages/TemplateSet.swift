import Foundation
import SkeletonWeb
import Mustache
import SkeletonCore
import SkelsiteStore

/// The theme: Mustache templates plus the `assets/` folder copied to the site.
///
/// Names: `page.mustache` (a doc), `index.mustache` (the gallery), `component.mustache`
/// (one component inside a page); `_name.mustache` files are partials (`{{> _name}}`);
/// any other top-level `name.mustache` (e.g. the playground) becomes `<out>/name.html`,
/// rendered with the site context.
struct TemplateSet: Sendable {
    static let required = ["page", "index", "component"]
    static let environmentVariable = "SKELSITE_TEMPLATES"

    let directory: URL
    let templates: TemplateLibrary
    /// Standalone page templates, sorted.
    let standalonePages: [String]
    /// Links in the theme whose real path leaves it, errors at each link (`ThemeLinks`):
    /// the build fails with them (exit 1) and nothing behind them is rendered or copied.
    let linkProblems: [FileDiagnostic]
    /// Every file under `assets/`, relative paths sorted, as found when the theme was loaded.
    private let assets: [String]

    /// Where the default theme lives: `explicit` if given; else $SKELSITE_TEMPLATES;
    /// else the theme inside a released binary (`UnpackedPayload`); else a `Templates`
    /// folder next to the executable or up its tree (a SwiftPM build runs from
    /// `<repo>/.build/<config>/`); else `./Templates`.
    static func locate(explicit: URL?, environment: [String: String] = ProcessInfo.processInfo.environment,
                       executable: URL? = Bundle.main.executableURL,
                       embedded: URL? = UnpackedPayload.folder,
                       currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) throws(SiteBuildError) -> URL {
        if let explicit {
            guard isTemplateFolder(explicit) else {
                throw .templates("templates folder \(explicit.path) has no page.mustache")
            }
            return explicit
        }
        var candidates: [URL] = []
        if let variable = environment[environmentVariable], !variable.isEmpty {
            candidates.append(URL(fileURLWithPath: variable))
        }
        if let embedded { candidates.append(embedded.appendingPathComponent(UnpackedPayload.templatesFolder)) }
        if let executable {
            var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<6 {
                candidates.append(folder.appendingPathComponent("Templates"))
                candidates.append(folder.appendingPathComponent("share/skelsite/Templates"))
                folder = folder.deletingLastPathComponent()
            }
        }
        candidates.append(currentDirectory.appendingPathComponent("Templates"))
        guard let found = candidates.first(where: isTemplateFolder) else {
            throw .templates("cannot find the default templates; pass --templates DIR or set \(environmentVariable)")
        }
        return found
    }

    /// The standalone pages a theme folder would render (`name.mustache` that is neither
    /// a partial nor a required template), sorted; what `check` compares docs' pages with.
    static func standalonePageNames(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
            .filter { $0.hasSuffix(".mustache") && !$0.hasPrefix("_") }
            .map { String($0.dropLast(".mustache".count)) }
            .filter { !required.contains($0) }
    }

    static func isTemplateFolder(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent("page.mustache").path)
    }

    static func load(from directory: URL) throws(SiteBuildError) -> TemplateSet {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        } catch {
            throw .templates("cannot list templates folder \(directory.path): \(FileErrorText.describe(error, path: directory.path))")
        }
        var templates = TemplateLibrary()
        var standalone: [String] = []
        var links = ThemeLinks(directory: directory)
        var refused: Set<String> = []
        for file in names where file.hasSuffix(".mustache") {
            let name = String(file.dropLast(".mustache".count))
            let url = directory.appendingPathComponent(file)
            guard links.allows(url.path) else {
                refused.insert(name)
                continue
            }
            do {
                let text = try String(contentsOf: url, encoding: .utf8)
                do {
                    try templates.register(text, named: name)
                } catch {
                    try templates.register(asWritten: text, named: name)  // the error at the file's own positions
                }
            } catch let error as MustacheTemplate.ParserError {
                // Like a doc's diagnostic: path:line:column, the line and a caret (why: the
                // Mustache error prints as a struct dump).
                let diagnostic = Diagnostic(.error, "template does not parse: \(error.error)",
                                            at: SourcePosition(line: error.context.lineNumber, column: error.context.columnNumber))
                throw .templates(DiagnosticFormatter.render(diagnostic, path: url.path, sourceLine: error.context.line))
            } catch {
                throw .templates("\(url.path): template does not parse: \(error)")
            }
            if !name.hasPrefix("_") && !required.contains(name) { standalone.append(name) }
        }
        // A required template that is a refused link is reported as that link.
        for name in required where !templates.has(name) && !refused.contains(name) {
            throw .templates("templates folder \(directory.path) has no \(name).mustache")
        }
        let assets = links.assetFiles()
        return TemplateSet(directory: directory, templates: templates, standalonePages: standalone,
                           linkProblems: links.problems, assets: assets)
    }

    func render(_ name: String, _ context: [String: Any]) -> String {
        templates.render(name, context) ?? ""
    }

    /// Every file under `assets/`, relative paths sorted (links that leave the theme left out).
    func assetFiles() -> [String] { assets }
}

/// `{{name}}` escaping on UTF-8 bytes (`HTMLText.escape`) instead of Mustache's own,
/// which goes a Character at a time through a dictionary: with 5000 components, about
/// 40 escaped values each, that was an eighth of writing the pages. Same five
/// replacements, same output. Every template starts with the pragma that selects it;
/// a template's own `CONTENT_TYPE` pragma still wins, coming later.
enum FastHTMLEscaping {
    static let name = "SKELSITE_HTML"
    static let pragma = "{{% CONTENT_TYPE: \(name)}}"

    struct ContentType: MustacheContentType {
        func escapeText(_ text: String) -> String { HTMLText.escape(text) }
    }

    private static let registration: Void = MustacheContentTypes.register(ContentType(), named: name)
    static func register() { _ = registration }
}
