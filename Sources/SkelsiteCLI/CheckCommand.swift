import ArgumentParser
import Foundation
import SkelSite
import SkeletonCore

/// `skelsite check [SOURCE]`: validates every doc and spec and writes nothing. SOURCE
/// may also be one `.md` doc or one `.skel` spec, as `render` and `export` take them.
/// Exit 0 clean, 1 errors found, 2 usage or I/O error.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate docs and specs; build nothing.")

    @OptionGroup var site: SiteSourceOptions

    @Option(help: ArgumentHelp("Also check every link and asset reference of this built site folder.", valueName: "SITE_DIR"))
    var links: String?

    func run() throws {
        let project = try site.project.load()
        let source = project.path(site.source, \.source, else: "site"), quiet = site.quiet, format = site.format
        if let links { try checkLinks(in: links) }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: source, isDirectory: &isFolder)
        if exists && !isFolder.boolValue && source.lowercased().hasSuffix(".skel") {
            return try checkSpecFile(source, defaults: project?.settings ?? InheritedSettings())
        }
        // One doc: its folder is the source, and only it is read.
        let oneDoc = exists && !isFolder.boolValue
        let folder = oneDoc ? (source as NSString).deletingLastPathComponent : source
        // The output is never touched by check; any path works.
        let builder = SiteBuilder(source: URL(fileURLWithPath: folder.isEmpty ? "." : folder), output: URL(fileURLWithPath: "_site"),
                                  options: SiteBuilder.Options(specDefaults: project?.settings ?? InheritedSettings()),
                                  displaySource: folder)
        let report: BuildReport
        do {
            report = try builder.check(only: oneDoc ? (source as NSString).lastPathComponent : nil,
                                       progress: StepPrinter.progress(quiet: quiet || format == .json))
        } catch {
            throw UsageError(["skelsite check: \(error.description)"])
        }
        DiagnosticPrinter.emit(report.diagnostics, format: format, extra: [
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

    /// `check FILE.skel`: the one spec in the file, parsed and bounded as a build would
    /// (the project file's spec defaults inherited).
    private func checkSpecFile(_ path: String, defaults: InheritedSettings) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError(["skelsite check: cannot read '\(path)'"])
        }
        let bytes = [UInt8](data)
        let result = SpecParser.parseWithinBounds(bytes, inheriting: defaults)
        let diagnostics = result.diagnostics.map { d in
            FileDiagnostic(path: path, d, sourceLine: DiagnosticFormatter.line(d.position.line, in: bytes))
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        DiagnosticPrinter.emit(diagnostics, format: site.format, extra: [("documents", "0"), ("components", errors == 0 ? "1" : "0")])
        guard errors == 0 else {
            StepPrinter.error("check failed: \(errors) error\(errors == 1 ? "" : "s")")
            throw ExitCode(1)
        }
        if !site.quiet { StepPrinter.line("ok: 1 spec") }
    }

    /// `--links SITE_DIR`: broken local references are errors; references that need the
    /// network are errors too, since a built site must work offline.
    private func checkLinks(in folder: String) throws {
        let report: LinkCheckReport
        do {
            report = try SiteLinkChecker.scan(siteFolder: URL(fileURLWithPath: folder))
        } catch {
            throw UsageError(["skelsite check: cannot read \(folder): \(error)"])
        }
        for problem in report.broken { StepPrinter.error("\(problem.description)") }
        for problem in report.external { StepPrinter.error("\(problem.description)") }
        let bad = report.broken.count + report.external.count
        if !site.quiet || bad > 0 {
            StepPrinter.line("links: \(report.checkedCount) references in \(report.fileCount) files, \(bad) problem\(bad == 1 ? "" : "s")")
        }
        if bad > 0 { throw ExitCode(1) }
    }
}
