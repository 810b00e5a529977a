import ArgumentParser
import Foundation
import SkelSite
import SkeletonCore

/// `skelsite build [SOURCE] [--output DIR] [--templates DIR] [--quiet] [--config FILE]`.
/// Exit 0 built, 1 doc or spec errors (output untouched), 2 usage or I/O error.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build a folder of Markdown docs into a gallery site.",
        discussion: """
        Writes pages, reference PNGs (png/<component-id>/), assets and indexes to a \
        staging folder beside the output and swaps it in only when the build has no \
        errors. Rendered components are cached in <SOURCE>/.skelsite-cache, or in \
        --cache-dir DIR ([build] cache in the project file) when the source folder is \
        read-only.

        Settings not given as flags come from the project file, skelsite.toml in this \
        folder or the nearest parent (or --config FILE): source, output, templates, \
        base_url and title; paths in it are relative to its folder.
        """)

    @OptionGroup var site: SiteSourceOptions

    /// `_site` (why: Jekyll's and the GitHub Pages convention, ignored by .gitignore,
    /// and `_`-folders are skipped when docs are discovered).
    @Option(name: .shortAndLong, help: "The output folder, replaced on success (default: _site).")
    var output: String?

    @Option(help: "A templates folder to use instead of the default theme.")
    var templates: String?

    @Option(name: .customLong("base-url"), help: "Absolute URL of the site, for sitemap.xml.")
    var baseURL: String?

    @OptionGroup var cache: CacheOption

    @Flag(name: .customLong("allow-raw-html"), help: "Pass raw HTML in docs through (off: it is omitted).")
    var allowRawHTML = false

    @Option(name: .customLong("verify-results"),
            help: "A `skelsite verify --json` file: show each measured component's CSS-vs-PNG figures on its page.")
    var verifyResults: String?

    @Option(name: .customLong("fit-results"),
            help: "A `skelsite fit --json` file: show each component's fit figures beside its content (default: [fit] results in the project file).")
    var fitResults: String?

    func run() throws {
        let project = try site.project.load()
        let source = project.path(site.source, \.source, else: "site"), quiet = site.quiet, format = site.format
        let output = project.path(output, \.output, else: "_site")
        var builder = SiteBuilder(
            source: URL(fileURLWithPath: source), output: URL(fileURLWithPath: output),
            templates: project.path(templates, \.templates).map { URL(fileURLWithPath: $0) },
            options: SiteBuilder.Options(allowRawHTML: allowRawHTML, baseURL: project.value(baseURL, \.baseURL),
                                         cacheDirectory: cache.folder(project),
                                         verifyResults: verifyResults.map { URL(fileURLWithPath: $0) },
                                         siteTitle: project?.title, specDefaults: project?.settings ?? InheritedSettings()),
            displaySource: source)
        // This process ends when the build does: the exit reclaims the build's memory.
        builder.options.keepsMemoryUntilExit = true
        builder.options.listsChangedFiles = false  // serve's, for open pages; build prints none
        builder.options.fitResults = project.path(fitResults, \.fit.results).map { URL(fileURLWithPath: $0) }
        let report: BuildReport
        do {
            report = try builder.build(progress: StepPrinter.progress(quiet: quiet || format == .json))
        } catch .invalidFile(let lines) {
            // Located diagnostics of a file the user named: as they are, exit 2.
            throw UsageError(lines)
        } catch {
            throw UsageError(["skelsite build: \(error.description)"])
        }
        DiagnosticPrinter.emit(report.diagnostics, format: format, extra: [
            ("documents", String(report.documents)), ("components", String(report.components)),
            ("rendered", String(report.rendered)), ("cached", String(report.cached)),
        ])
        guard report.succeeded else {
            StepPrinter.error("build failed: \(report.errorCount) error\(report.errorCount == 1 ? "" : "s"); \(output) left as it was")
            throw ExitCode(1)
        }
        if !quiet {
            let baseURL = project.value(baseURL, \.baseURL)
            if Sitemap.absoluteBase(baseURL) == nil { StepPrinter.line(Sitemap.missingNote(baseURL: baseURL)) }
            StepPrinter.line("built \(report.documents) docs, \(report.components) components into \(output)")
        }
    }
}

/// Terminal output shared by build and check: steps and summaries on stderr (stdout
/// stays free for machine output), diagnostics on stderr always.
enum StepPrinter {
    static func progress(quiet: Bool) -> @Sendable (BuildStepEvent) -> Void {
        { event in if !quiet { line(event.line) } }
    }

    static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) { line(text) }
}
