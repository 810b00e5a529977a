import ArgumentParser
import Foundation
import SkelSite

/// `skelsite build [SOURCE] [--output DIR] [--templates DIR] [--quiet]`.
/// Exit 0 built, 1 doc or spec errors (output untouched), 2 usage or I/O error.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build a folder of Markdown docs into a gallery site.",
        discussion: """
        Writes pages, reference PNGs (png/<component-id>/), assets and indexes to a \
        staging folder beside the output and swaps it in only when the build has no \
        errors. Rendered components are cached in <SOURCE>/.skelsite-cache.
        """)

    @Argument(help: "The docs folder.")
    var source = "site"

    /// `_site` (why: Jekyll's and the GitHub Pages convention, ignored by .gitignore,
    /// and `_`-folders are skipped when docs are discovered).
    @Option(name: .shortAndLong, help: "The output folder (replaced on success).")
    var output = "_site"

    @Option(help: "A templates folder to use instead of the default theme.")
    var templates: String?

    @Option(name: .customLong("base-url"), help: "Absolute URL of the site, for sitemap.xml.")
    var baseURL: String?

    @Flag(name: .customLong("allow-raw-html"), help: "Pass raw HTML in docs through (off: it is omitted).")
    var allowRawHTML = false

    @Option(name: .customLong("verify-results"),
            help: "A `skelsite verify --json` file: show each measured component's CSS-vs-PNG figures on its page.")
    var verifyResults: String?

    @Flag(name: .shortAndLong, help: "Print nothing but diagnostics.")
    var quiet = false

    @Option(help: "Diagnostics as text (default), json (one document on stdout) or github (Actions annotations).")
    var format: OutputFormat = .text

    func run() throws {
        let builder = SiteBuilder(
            source: URL(fileURLWithPath: source), output: URL(fileURLWithPath: output),
            templates: templates.map { URL(fileURLWithPath: $0) },
            options: SiteBuilder.Options(allowRawHTML: allowRawHTML, baseURL: baseURL,
                                         verifyResults: verifyResults.map { URL(fileURLWithPath: $0) }),
            displaySource: source)
        let report: BuildReport
        do {
            report = try builder.build(progress: StepPrinter.progress(quiet: quiet || format == .json))
        } catch {
            StepPrinter.error("skelsite build: \(error.description)")
            throw ExitCode(2)
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
