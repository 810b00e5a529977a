import ArgumentParser
import Foundation
import SkelSite
import SkelsiteFit
import SkeletonCore

/// `skelsite fit [SOURCE=site] [--browser chromium] [--json FILE] [--threshold N] [--chromium PATH]`:
/// every spec with content (site/guides/fit-the-content.md) against that content, in
/// headless Chromium, at each width and in both themes.
///
/// Exit codes: 0 every swap shifts the page by at most the threshold; 1 one shifts it by
/// more, or a spec or a content reference is invalid; 2 usage or I/O error (no folder, no
/// browser, unwritable JSON).
struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Check that each skeleton has the shape of the content it stands in for.",
        discussion: """
            For every ```skeleton spec of every .md file under SOURCE that has content \
            (an ```html block, and optionally a ```css block, right after it, or \
            content=FILE on its skeleton line), headless Chromium lays out the \
            component and, in its place, the content, at each of the spec's widths and \
            in light and dark, and fit reports the size difference of the two roots, \
            the layout-shift score of swapping one for the other (the Layout \
            Instability API's, on a viewport the container's width by 800 CSS pixels, \
            with the page continuing below) and Chromium's own layout-shift entries, \
            and the offset of each part the content marks with data-skeleton.
            """
    )

    @Argument(help: "The docs folder (default: source in skelsite.toml, else site).")
    var source: String?

    @Option(help: ArgumentHelp("The engine: chromium (the only one fit drives so far).", valueName: "engine"))
    var browser: [String] = []

    @Option(help: ArgumentHelp("Also write the figures as JSON to this file.", valueName: "file"))
    var json: String?

    // 0: a skeleton that fits its content moves nothing when the content arrives.
    // Unconditional, as every numeric option: `--threshold -1` is the number -1, refused.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("The largest layout-shift score that passes, 0...1 (default: [fit] threshold in skelsite.toml, else 0).",
                               valueName: "score"))
    var threshold: Double?

    @Option(help: ArgumentHelp("The Chromium executable (default: chromium).", valueName: "path"))
    var chromium: String?

    @OptionGroup var project: ProjectOptions

    func validate() throws {
        // One swap's score is at most 1: impact fraction and distance fraction are each at most 1.
        if let threshold, !(threshold.isFinite && threshold >= 0 && threshold <= 1) {
            throw UsageError(message: "--threshold takes a layout-shift score from 0 to 1, got \(threshold)")
        }
        let engines = browser.flatMap { $0.split(separator: ",").map(String.init) }
        for engine in engines where engine != "chromium" {
            if ["firefox", "webkit", "all"].contains(engine) {
                throw UsageError(message: "fit drives Chromium only so far; --browser \(engine) is not supported yet")
            }
            throw UsageError(message: "--browser takes chromium, got '\(engine)'")
        }
    }

    func run() throws {
        let config = try project.load()
        let source = config.path(self.source, \.source, else: "site")
        // The flag, else `[fit] threshold` in the project file, else 0.
        let threshold = self.threshold ?? config?.fit.threshold ?? 0
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
        let browser: FitChromium
        do {
            browser = try FitChromium(executable: chromium ?? "chromium")
        } catch {
            throw UsageError(message: "\(error)")
        }
        defer { browser.shutdown() }
        let measured: (results: [FitResult], problems: [String])
        do {
            measured = try FitRun.measure(found.cases, in: browser)
        } catch {
            throw UsageError(message: "\(error)")
        }
        let results = measured.results
        for problem in measured.problems { FileHandle.standardError.write(Data((problem + "\n").utf8)) }
        print(FitReport.text(results, threshold: threshold), terminator: "")
        let diagnostics = FitReport.diagnostics(results, threshold: threshold)
        for line in diagnostics { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        let specs = Set(results.map { $0.item.path + ":" + String($0.item.line) }).count
        let failing = results.filter { $0.shift.score > threshold }.count
        print("\(specs) specs with content, \(results.count) cases, \(failing) above the threshold \(FitReport.score(threshold))")
        if let json {
            do { try UserFile.write(FitReport.json(results, threshold: threshold), to: json) } catch {
                throw UsageError(message: error.description)
            }
        }
        if failing > 0 || !found.problems.isEmpty || !measured.problems.isEmpty { throw ExitCode(1) }
    }
}
