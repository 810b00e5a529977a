import ArgumentParser
import Foundation
import SkelSite

/// `skelsite check [SOURCE]`: validates every doc and spec and writes nothing.
/// Exit 0 clean, 1 errors found, 2 usage or I/O error.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate docs and specs; build nothing.")

    @Argument(help: "The docs folder.")
    var source = "site"

    @Flag(name: .shortAndLong, help: "Print nothing but diagnostics.")
    var quiet = false

    @Option(help: "Diagnostics as text (default), json (one document on stdout) or github (Actions annotations).")
    var format: OutputFormat = .text

    func run() throws {
        // The output is never touched by check; any path works.
        let builder = SiteBuilder(source: URL(fileURLWithPath: source), output: URL(fileURLWithPath: "_site"),
                                  displaySource: source)
        let report: BuildReport
        do {
            report = try builder.check(progress: StepPrinter.progress(quiet: quiet || format == .json))
        } catch {
            StepPrinter.error("skelsite check: \(error.description)")
            throw ExitCode(2)
        }
        DiagnosticPrinter.emit(report.diagnostics.map(\.fileDiagnostic), format: format, extra: [
            ("documents", String(report.documents)), ("components", String(report.components)),
        ])
        guard report.succeeded else {
            StepPrinter.error("check failed: \(report.errorCount) error\(report.errorCount == 1 ? "" : "s")")
            throw ExitCode(1)
        }
        if !quiet {
            StepPrinter.line("ok: \(report.documents) docs, \(report.components) specs")
        }
    }
}
