import ArgumentParser
import Foundation
import SkelSite
import SkelsiteFit
import SkeletonCore
import SkelsiteStore

/// `skelsite fit [SOURCE=site] [--browser chromium|firefox|webkit|all] [--json FILE] [--threshold N]
/// [--strict-parts] [--chromium PATH] [--firefox PATH] [--webkit-driver PATH]`: every spec with content
/// (site/guides/fit-the-content.md) against that content, in each engine asked for, at each
/// width and in both themes.
///
/// Exit codes: 0 every swap shifts the page by at most the threshold in every engine; 1 one
/// shifts it by more, a part does not fit its shape under --strict-parts, or a spec or a
/// content reference is invalid; 2 usage or I/O error (no folder, no browser, unwritable JSON).
struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Check that each skeleton has the shape of the content it stands in for.",
        discussion: """
            For every ```skeleton spec of every .md file under SOURCE that has content \
            (an ```html block, and optionally a ```css block, right after it, or \
            content=FILE on its skeleton line), each browser engine asked for \
            (Chromium by default) lays out the component and, in its place, the \
            content, at each of the spec's widths and in light and dark, and fit \
            reports the size difference of the two roots, the layout-shift score of \
            swapping one for the other (the Layout Instability API's, on a viewport \
            the container's width by 800 CSS pixels, with the page continuing below), \
            Chromium's own layout-shift entries (Chromium only), and each part the \
            content marks with data-skeleton whose box is more than 0.5 px from its \
            shape's: a warning at the shape's spec node, an error under --strict-parts.
            """
    )

    @Argument(help: "The docs folder (default: source in skelsite.toml, else site).")
    var source: String?

    // Repeatable and comma lists, as verify's.
    @Option(help: ArgumentHelp("Engines: chromium, firefox, webkit or all; repeat or separate with commas"
                               + " (default: [fit] browsers in skelsite.toml, else chromium).", valueName: "engine"))
    var browser: [String] = []

    @Option(help: ArgumentHelp("Also write the figures as JSON to this file.", valueName: "file"))
    var json: String?

    // 0: a skeleton that fits its content moves nothing when the content arrives.
    // Unconditional, as every numeric option: `--threshold -1` is the number -1, refused.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("The largest layout-shift score that passes, 0...1 (default: [fit] threshold in skelsite.toml, else 0).",
                               valueName: "score"))
    var threshold: Double?

    @Flag(help: "Fail when a marked part does not fit its shape (default: [fit] parts in skelsite.toml, else a warning).")
    var strictParts = false

    @Option(help: ArgumentHelp("The Chromium executable (default: chromium).", valueName: "path"))
    var chromium: String?

    @Option(help: ArgumentHelp("The Firefox executable (default: firefox-esr).", valueName: "path"))
    var firefox: String?

    @Option(help: ArgumentHelp("WebKitGTK's WebDriver (default: WebKitWebDriver).", valueName: "path"))
    var webkitDriver: String?

    @OptionGroup var project: ProjectOptions

    func validate() throws {
        // One swap's score is at most 1: impact fraction and distance fraction are each at most 1.
        if let threshold, !(threshold.isFinite && threshold >= 0 && threshold <= 1) {
            throw UsageError(message: "--threshold takes a layout-shift score from 0 to 1, got \(threshold)")
        }
        if !browser.isEmpty && BrowserEngine.parseList(browser) == nil {
            throw UsageError(message: "--browser takes chromium, firefox, webkit or all (or a comma list of them),"
                             + " got '\(browser.joined(separator: ","))'")
        }
    }

    func run() throws {
        let config = try project.load()
        let source = config.path(self.source, \.source, else: "site")
        // Each: the flag, else the project file, else the default.
        let threshold = self.threshold ?? config?.fit.threshold ?? 0
        let engines = BrowserEngine.parseList(browser) ?? config?.fit.browsers ?? [.chromium]
        let partSeverity: FitReport.PartSeverity = strictParts || config?.fit.partsAreErrors == true ? .error : .warning
        var executables = BrowserExecutables()
        if let chromium { executables.chromium = chromium }
        if let firefox { executables.firefox = firefox }
        if let webkitDriver { executables.webkitDriver = webkitDriver }
        // A Chromium-only run reads as it always has; any other names each line's engine.
        let namesEngine = engines != [.chromium]
        if let json {
            do { try UserFile.checkReplaceable(json) } catch { throw UsageError(message: error.description) }
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError(message: "'\(source)' is not a folder")
        }
        let found: (cases: [FitCase], problems: [String])
        do {
            let shown = source == "." ? "" : (source.hasSuffix("/") ? source : source + "/")
            found = try FitRun.cases(in: URL(fileURLWithPath: source), displayPrefix: shown,
                                     project: config?.settings ?? InheritedSettings())
        } catch {
            throw UsageError(message: FileErrorText.describe(error))
        }
        for problem in found.problems { FileHandle.standardError.write(Data((problem + "\n").utf8)) }
        if found.cases.isEmpty {
            print("0 specs with content")
            if !found.problems.isEmpty { throw ExitCode(1) }
            return
        }
        // Every engine's programs are looked for before any starts: a missing one is exit 2
        // naming its package, before the others spend time (as verify does).
        var browsers: [FitBrowser] = []
        defer { for browser in browsers { browser.shutdown() } }
        for engine in engines {
            do {
                browsers.append(try FitBrowsers.make(engine, executables: executables))
            } catch {
                throw UsageError(message: "\(error)")
            }
        }
        // The engines measure at the same time, each in its own browser (most of the
        // time is each browser starting and waiting on its frames), and report in order.
        let outcomes = EngineOutcomes(browsers: browsers, cases: found.cases)
        DispatchQueue.concurrentPerform(iterations: browsers.count) { outcomes.measure($0) }
        var results: [FitResult] = []
        var problems: [String] = []
        for outcome in outcomes.all {
            switch outcome {
            case .success(let measured):
                results += measured.results
                for problem in measured.problems where !problems.contains(problem) { problems.append(problem) }
            case .failure(let error): throw UsageError(message: "\(error)")
            case nil: throw UsageError(message: "an engine did not report")
            }
        }
        for problem in problems { FileHandle.standardError.write(Data((problem + "\n").utf8)) }
        print(FitReport.text(results, threshold: threshold, namesEngine: namesEngine), terminator: "")
        var diagnostics = FitReport.diagnostics(results, threshold: threshold, namesEngine: namesEngine)
        diagnostics += FitReport.partDiagnostics(results, severity: partSeverity, namesEngine: namesEngine)
        for line in diagnostics { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        for line in FitReport.summaries(results, engines: engines, threshold: threshold, namesEngine: namesEngine) {
            print(line)
        }
        if let json {
            do { try UserFile.write(FitReport.json(results, threshold: threshold, engines: engines), to: json) } catch {
                throw UsageError(message: error.description)
            }
        }
        let failing = results.contains { $0.shift.score > threshold }
        let partsFail = partSeverity == .error && results.contains { $0.parts.contains { !$0.matches } }
        if failing || partsFail || !found.problems.isEmpty || !problems.isEmpty { throw ExitCode(1) }
    }
}

/// Each engine's measures, each browser driven from its own thread only (the cases
/// are only read).
private final class EngineOutcomes: @unchecked Sendable {
    private let browsers: [FitBrowser]
    private let cases: [FitCase]
    private var outcomes: [Result<(results: [FitResult], problems: [String]), Error>?]
    private let lock = NSLock()

    init(browsers: [FitBrowser], cases: [FitCase]) {
        self.browsers = browsers
        self.cases = cases
        outcomes = Array(repeating: nil, count: browsers.count)
    }

    func measure(_ index: Int) {
        let outcome = Result { try FitRun.measure(cases, in: browsers[index]) }
        lock.withLock { outcomes[index] = outcome }
    }

    var all: [Result<(results: [FitResult], problems: [String]), Error>?] { lock.withLock { outcomes } }
}
