import ArgumentParser
import Foundation
import SkelSite
import SkelsiteDiff
import SkeletonCore
import SkelsiteStore

/// `skelsite diff BASELINE_DIR CURRENT_DIR [options]`: visual regression of reference PNGs.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare a baseline folder of reference PNGs with a current one.",
        discussion: """
            PNGs (*.png, searched recursively) are paired by relative path. Each is \
            unchanged, changed, added, removed or resized. A line is printed per image \
            that is not unchanged, then a summary.

            Measure: by default a pixel differs when any of its RGBA bytes does (exact: \
            skelsite's PNGs are deterministic, so any changed byte is a real change), and \
            pixelmatch's count at 0.1 is reported beside it. With --threshold T, pixels \
            differ as pixelmatch counts them at T (for pictures from browsers or other \
            machines). --pixelmatch 7 follows pixelmatch 7.x's arithmetic (translucent \
            pixels over a checkerboard) instead of 5.x and 6.x's (over white).

            Tolerance (like Playwright's): a changed image fails when more pixels differ \
            than --max-diff-pixels or than --max-diff-ratio of its pixels (the stricter \
            when both are given; 0 when neither is). Resized images always fail; added \
            and removed ones fail unless --allow-added / --allow-removed.

            Report: an HTML report (index.html: pictures side by side, an overlay slider, \
            a blink toggle; readable without JavaScript) with diff PNGs goes to --output \
            DIR. Without --output, when CURRENT_DIR is a built site or a folder directly \
            inside one (the folder or its parent has index.html; the site builder writes \
            PNGs to <site>/png/), the report goes to <site>/diff/, replacing the \
            placeholder the build writes there, so the gallery's "Visual diff" link shows \
            it (and the report links back to the gallery); otherwise no report is written. \
            A rebuild whose inputs are unchanged keeps the report; one that changes them puts \
            the placeholder back. A report folder is only replaced when it is empty or holds \
            an earlier report or the placeholder. diff never writes into BASELINE_DIR: a \
            report folder (or --json, --junit file) there, or a report folder that is or \
            contains either folder, is refused. Files are replaced only when they are \
            regular files (not links, FIFOs or devices).

            Defaults: --threshold, --max-diff-pixels and --max-diff-ratio not given as \
            flags come from the [diff] table of the project file (skelsite.toml in this \
            folder or the nearest parent, or --config FILE).

            With GITHUB_STEP_SUMMARY set (GitHub Actions), a Markdown summary is appended \
            to that file.

            Exit status: 0 nothing differs beyond tolerance; 1 something does; 2 usage or \
            I/O error (missing folder, unreadable or undecodable PNG: `path: error: \
            message`). An unreadable PNG does not stop the others: every report is \
            written, with that pair as an error, and the exit status is 2.
            """
    )

    // Optional, so that a missing folder reads as skelsite's own usage line.
    @Argument(help: "Folder of baseline PNGs.")
    var baseline: String?

    @Argument(help: "Folder of current PNGs.")
    var current: String?

    // Without it the measure is exact (site/guides/visual-regression.md).
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Count pixels as pixelmatch does, at this colour distance threshold 0...1 (default: "
                               + "exact, with pixelmatch's count at \(DiffOptions().threshold) beside it).",
                               valueName: "threshold"))
    var threshold: Checked<FractionRule>?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Whose arithmetic the pixelmatch count follows: pixelmatch 5.x and 6.x's, or 7.x's.",
                               valueName: "version"))
    var pixelmatch = Checked<PixelmatchRule>(argument: "6")

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences.")
    var includeAA = false

    @Option(help: ArgumentHelp("Folder for the HTML report and diff PNGs (default: see above).", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("Write the results as JSON to this file.", valueName: "file"))
    var json: String?

    @Option(help: ArgumentHelp("Write JUnit XML (one testcase per image) to this file.", valueName: "file"))
    var junit: String?

    @Option(name: .customLong("max-diff-pixels"), parsing: .unconditional,
            help: ArgumentHelp("Differing pixels allowed per image (default 0).", valueName: "n"))
    var maxDiffPixels: Checked<CountRule>?

    @Option(name: .customLong("max-diff-ratio"), parsing: .unconditional,
            help: ArgumentHelp("Fraction 0...1 of an image's pixels allowed to differ.", valueName: "ratio"))
    var maxDiffRatio: Checked<FractionRule>?

    @Flag(name: .customLong("allow-added"), help: "Images with no baseline do not fail.")
    var allowAdded = false

    @Flag(name: .customLong("allow-removed"), help: "Baselines with no current image do not fail.")
    var allowRemoved = false

    @OptionGroup var reporting: FormatOption

    @OptionGroup var project: ProjectOptions

    @Argument(parsing: .allUnrecognized, help: .hidden)
    var unexpected: [String] = []

    func validate() throws {
        if let extra = unexpected.first { throw UsageError(message: "unexpected argument '\(extra)'") }
        guard baseline != nil, current != nil else {
            throw UsageError(message: "usage: skelsite diff BASELINE_DIR CURRENT_DIR [options]")
        }
        try threshold?.check("--threshold")
        try pixelmatch.check("--pixelmatch")
        try maxDiffPixels?.check("--max-diff-pixels")
        try maxDiffRatio?.check("--max-diff-ratio")
        for (name, value) in [("--output", output), ("--json", json), ("--junit", junit)] {
            if let value, value.isEmpty { throw UsageError(message: "\(name) needs a path") }
        }
    }

    /// The flags, else the project file's `[diff]` table, else the defaults.
    func options(_ config: ProjectConfig?) -> DirectoryDiffOptions {
        var pixel = DiffOptions()
        let threshold = threshold?.value ?? config?.diff.threshold
        if let threshold { pixel.threshold = threshold }
        pixel.includeAA = includeAA
        pixel.version = pixelmatch.value
        var tolerance = DiffTolerance()
        if let pixels = maxDiffPixels?.value ?? config?.diff.maxDiffPixels { tolerance.maxDiffPixels = pixels }
        if let ratio = maxDiffRatio?.value ?? config?.diff.maxDiffRatio { tolerance.maxDiffRatio = ratio }
        var options = DirectoryDiffOptions(pixel: pixel, tolerance: tolerance, allowAdded: allowAdded, allowRemoved: allowRemoved)
        // A threshold, given anywhere, asks for pixelmatch's measure; none, for exact.
        options.measure = threshold == nil ? .exact : .pixelmatch
        return options
    }

    func run() throws {
        let baseline = baseline ?? "", current = current ?? ""
        let format = reporting.format.value
        let stepSummary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }
        let failRun = { (errors: [DiffError]) -> UsageError in
            var lines = errors.map(\.text)
            if let stepSummary {
                do throws(DiffError) {
                    try Self.append(DiffStepSummary.markdown(errors: errors), to: stepSummary)
                } catch {
                    lines.append(error.text)
                }
            }
            switch format {
            case .text: return UsageError(lines)
            case .json:
                FileHandle.standardOutput.write(Data(DiffJSONReport.errors(errors).utf8))
                return UsageError(lines)
            case .github:
                FileHandle.standardOutput.write(Data(DiffGitHubReport.errors(errors).map { $0 + "\n" }.joined().utf8))
                return UsageError(lines)
            }
        }
        var options = self.options(try project.load())
        var temporary: String?
        let target = DiffReportFolder.target(output: output, current: current)
        do throws(DiffError) {
            // Checked before the comparison, so a refused path costs nothing.
            for file in [json, junit].compactMap({ $0 }) {
                do { try UserFile.checkReplaceable(file) } catch { throw DiffError(path: file, message: "cannot write: \(error.reason)") }
                try DiffWriteGuard.checkFile(file, baseline: baseline)
            }
            if let target {
                try DiffReportFolder.checkReplaceable(target)
                try DiffWriteGuard.checkReportFolder(target, shown: output ?? target, baseline: baseline, current: current)
                temporary = try DiffReportFolder.prepare(target)
            }
        } catch {
            throw UsageError([error.text])
        }
        if let target {
            options.reportFolder = temporary
            options.excluded = [target, temporary!]
        }
        let started = Date()
        let result = DirectoryDiff.run(baseline: baseline, current: current, options: options)
        let seconds = Date().timeIntervalSince(started)
        // A folder that cannot be listed or a report that cannot be written leaves
        // nothing worth reporting; an unreadable PNG only its own pair
        // (site/reference/command-line.md, `diff`).
        if !result.fatal.isEmpty {
            if let temporary { DiffReportFolder.abandon(temporary) }
            throw failRun(result.errors)
        }
        do {
            if let target, let temporary {
                try DiffReportFolder.finish(temporary, target: target,
                                            page: DiffHTMLReport.page(result, tolerance: options.tolerance,
                                                                      galleryURL: DiffReportFolder.galleryLink(for: target)))
            }
            if let json = json {
                try Self.write(DiffJSONReport.render(result, options: options), to: json)
            }
            if let junit = junit {
                let run = DiffJUnitReport.Run(seconds: seconds, started: started, hostname: DiffJUnitReport.hostname())
                try Self.write(DiffJUnitReport.render(result, tolerance: options.tolerance, run: run), to: junit)
            }
            if let stepSummary {
                try Self.append(DiffStepSummary.markdown(result, tolerance: options.tolerance, report: target.map { output ?? $0 }),
                                to: stepSummary)
            }
        } catch {
            if let temporary { DiffReportFolder.abandon(temporary) }
            throw UsageError([error.text])
        }
        // Unreadable PNGs: reported like any other I/O error once the rest is written.
        let brokenErrors = result.broken.flatMap(\.errors)
        if format == .json {
            FileHandle.standardOutput.write(Data(DiffJSONReport.render(result, options: options).utf8))
            if !brokenErrors.isEmpty { throw UsageError(brokenErrors.map(\.text)) }
            if !result.summary.passed { throw ExitCode(1) }
            return
        }
        var out = ""
        if format == .github {
            for line in DiffGitHubReport.annotations(result, baseline: baseline, current: current,
                                                     tolerance: options.tolerance) {
                out += line + "\n"
            }
            for line in DiffGitHubReport.errors(brokenErrors) { out += line + "\n" }
        }
        for entry in result.entries {
            switch entry {
            case .image(let image):
                if let line = DiffTerminalReport.line(image, tolerance: options.tolerance) { out += line + "\n" }
            case .broken(let broken):
                out += DiffTerminalReport.line(broken) + "\n"
            }
        }
        out += DiffTerminalReport.summary(result.summary) + "\n"
        if let target {
            out += "report: " + (output ?? target) + "/index.html\n"
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        if !brokenErrors.isEmpty { throw UsageError(brokenErrors.map(\.text)) }
        if !result.summary.passed { throw ExitCode(1) }
    }

    /// Appends `text` to `file` (GitHub's step summary), creating it if need be.
    static func append(_ text: String, to file: String) throws(DiffError) {
        guard let handle = FileHandle(forWritingAtPath: file)
                ?? (FileManager.default.createFile(atPath: file, contents: nil) ? FileHandle(forWritingAtPath: file) : nil) else {
            throw DiffError(path: file, message: "cannot append the GITHUB_STEP_SUMMARY: cannot open the file")
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw DiffError(path: file, message: "cannot append the GITHUB_STEP_SUMMARY: \(FileErrorText.describe(error, path: file))")
        }
    }

    static func write(_ text: String, to file: String) throws(DiffError) {
        do {
            try UserFile.write(text, to: file)
        } catch {
            throw DiffError(path: file, message: "cannot write: \(error.reason)")
        }
    }
}

/// `diff --pixelmatch 6|7`: whose arithmetic the pixelmatch count follows.
enum PixelmatchRule: OptionRule {
    static func parse(_ text: String) -> Result<PixelmatchVersion, OptionProblem> {
        switch text {
        case "6": return .success(.v6)
        case "7": return .success(.v7)
        default: return .failure(OptionProblem(predicate: "must be 6 (pixelmatch 5.x and 6.x) or 7 (7.x)"))
        }
    }
    static var choices: [String] { ["6", "7"] }
}
