import ArgumentParser
import Foundation
import SkelSite
import SkeletonCore

/// `skelsite diff BASELINE_DIR CURRENT_DIR [options]`: visual regression of reference PNGs.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare a baseline folder of reference PNGs with a current one.",
        discussion: """
            PNGs (*.png, searched recursively) are paired by relative path. Each is \
            unchanged, changed (pixels differ beyond --threshold, as pixelmatch counts \
            them), added, removed or resized. A line is printed per image that is not \
            unchanged, then a summary.

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

            Exit status: 0 nothing differs beyond tolerance; 1 something does; 2 usage or \
            I/O error (missing folder, unreadable or undecodable PNG: `path: error: message`).
            """
    )

    // Optional, so that a missing folder reads as skelsite's own usage line.
    @Argument(help: "Folder of baseline PNGs.")
    var baseline: String?

    @Argument(help: "Folder of current PNGs.")
    var current: String?

    // pixelmatch's default: ignores differences too small to see at a glance.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Colour distance threshold, 0 (exact) to 1 (default: \(DiffOptions().threshold), pixelmatch's).",
                               valueName: "threshold"))
    var threshold: Checked<FractionRule>?

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
        try maxDiffPixels?.check("--max-diff-pixels")
        try maxDiffRatio?.check("--max-diff-ratio")
        for (name, value) in [("--output", output), ("--json", json), ("--junit", junit)] {
            if let value, value.isEmpty { throw UsageError(message: "\(name) needs a path") }
        }
    }

    /// The flags, else the project file's `[diff]` table, else the defaults.
    func options(_ config: ProjectConfig?) -> DirectoryDiffOptions {
        var pixel = DiffOptions()
        if let threshold = threshold?.value ?? config?.diff.threshold { pixel.threshold = threshold }
        pixel.includeAA = includeAA
        var tolerance = DiffTolerance()
        if let pixels = maxDiffPixels?.value ?? config?.diff.maxDiffPixels { tolerance.maxDiffPixels = pixels }
        if let ratio = maxDiffRatio?.value ?? config?.diff.maxDiffRatio { tolerance.maxDiffRatio = ratio }
        return DirectoryDiffOptions(pixel: pixel, tolerance: tolerance, allowAdded: allowAdded, allowRemoved: allowRemoved)
    }

    func run() throws {
        let baseline = baseline ?? "", current = current ?? ""
        let format = reporting.format.value
        let failRun = { (errors: [DiffError]) -> UsageError in
            switch format {
            case .text: return UsageError(errors.map(\.text))
            case .json:
                FileHandle.standardOutput.write(Data(DiffJSONReport.errors(errors).utf8))
                return UsageError(errors.map(\.text))
            case .github:
                FileHandle.standardOutput.write(Data(DiffGitHubReport.errors(errors).map { $0 + "\n" }.joined().utf8))
                return UsageError(errors.map(\.text))
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
        let result = DirectoryDiff.run(baseline: baseline, current: current, options: options)
        if !result.errors.isEmpty {
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
                try Self.write(DiffJUnitReport.render(result, tolerance: options.tolerance), to: junit)
            }
        } catch {
            if let temporary { DiffReportFolder.abandon(temporary) }
            throw UsageError([error.text])
        }
        if format == .json {
            FileHandle.standardOutput.write(Data(DiffJSONReport.render(result, options: options).utf8))
            if !result.summary.passed { throw ExitCode(1) }
            return
        }
        var out = ""
        if format == .github {
            for line in DiffGitHubReport.annotations(result, baseline: baseline, current: current,
                                                     tolerance: options.tolerance) {
                out += line + "\n"
            }
        }
        for image in result.images {
            if let line = DiffTerminalReport.line(image, tolerance: options.tolerance) { out += line + "\n" }
        }
        out += DiffTerminalReport.summary(result.summary) + "\n"
        if let target {
            out += "report: " + (output ?? target) + "/index.html\n"
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        if !result.summary.passed { throw ExitCode(1) }
    }

    static func write(_ text: String, to file: String) throws(DiffError) {
        do {
            try UserFile.write(text, to: file)
        } catch {
            throw DiffError(path: file, message: "cannot write: \(error.reason)")
        }
    }
}
