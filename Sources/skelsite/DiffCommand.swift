import ArgumentParser
import Foundation
import SkelSite
import SkeletonCore

/// `skelsite diff BASELINE_DIR CURRENT_DIR [options]`: visual regression of reference PNGs.
///
/// Options are taken as text and validated here, so that usage errors exit 2 like every
/// other skelsite error (ArgumentParser's own parse errors exit 64).
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
            an earlier report or the placeholder.

            Exit status: 0 nothing differs beyond tolerance; 1 something does; 2 usage or \
            I/O error (missing folder, unreadable or undecodable PNG: `path: error: message`).
            """
    )

    @Argument(help: "Folder of baseline PNGs.")
    var baseline: String?

    @Argument(help: "Folder of current PNGs.")
    var current: String?

    // pixelmatch's default: ignores differences too small to see at a glance.
    @Option(help: "Colour distance threshold, 0 (exact) to 1 (default 0.1, pixelmatch's).")
    var threshold: String?

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences.")
    var includeAA = false

    @Option(help: "Folder for the HTML report and diff PNGs (default: see above).")
    var output: String?

    @Option(help: "Write the results as JSON to this file.")
    var json: String?

    @Option(help: "Write JUnit XML (one testcase per image) to this file.")
    var junit: String?

    @Option(name: .customLong("max-diff-pixels"), help: "Differing pixels allowed per image (default 0).")
    var maxDiffPixels: String?

    @Option(name: .customLong("max-diff-ratio"), help: "Fraction 0...1 of an image's pixels allowed to differ.")
    var maxDiffRatio: String?

    @Flag(name: .customLong("allow-added"), help: "Images with no baseline do not fail.")
    var allowAdded = false

    @Flag(name: .customLong("allow-removed"), help: "Baselines with no current image do not fail.")
    var allowRemoved = false

    @Option(help: "Output on stdout: text (default), json (the --json document), or github (Actions annotations).")
    var format: String?

    @Argument(parsing: .allUnrecognized, help: .hidden)
    var unexpected: [String] = []

    func run() throws {
        let request: DiffRequest
        switch DiffRequest.validate(self) {
        case .success(let valid): request = valid
        case .failure(let problem): throw Self.fail(["error: \(problem.message)"])
        }
        let format = request.format
        let failRun = { (errors: [DiffError]) -> ExitCode in
            switch format {
            case .text: return Self.fail(errors.map(\.text))
            case .json:
                FileHandle.standardOutput.write(Data(DiffJSONReport.errors(errors).utf8))
                return Self.fail(errors.map(\.text))
            case .github:
                FileHandle.standardOutput.write(Data(DiffGitHubReport.errors(errors).map { $0 + "\n" }.joined().utf8))
                return Self.fail(errors.map(\.text))
            }
        }
        var options = request.options
        var temporary: String?
        let target = DiffReportFolder.target(output: request.output, current: request.current)
        if let target {
            do {
                temporary = try DiffReportFolder.prepare(target)
            } catch {
                throw Self.fail([error.text])
            }
            options.reportFolder = temporary
            options.excluded = [target, temporary!]
        }
        let result = DirectoryDiff.run(baseline: request.baseline, current: request.current, options: options)
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
            if let json = request.json {
                try Self.write(DiffJSONReport.render(result, options: options), to: json)
            }
            if let junit = request.junit {
                try Self.write(DiffJUnitReport.render(result, tolerance: options.tolerance), to: junit)
            }
        } catch {
            if let temporary { DiffReportFolder.abandon(temporary) }
            throw Self.fail([error.text])
        }
        if format == .json {
            FileHandle.standardOutput.write(Data(DiffJSONReport.render(result, options: options).utf8))
            if !result.summary.passed { throw ExitCode(1) }
            return
        }
        var out = ""
        if format == .github {
            for line in DiffGitHubReport.annotations(result, baseline: request.baseline, current: request.current,
                                                     tolerance: options.tolerance) {
                out += line + "\n"
            }
        }
        for image in result.images {
            if let line = DiffTerminalReport.line(image, tolerance: options.tolerance) { out += line + "\n" }
        }
        out += DiffTerminalReport.summary(result.summary) + "\n"
        if let target {
            out += "report: " + (request.output ?? target) + "/index.html\n"
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        if !result.summary.passed { throw ExitCode(1) }
    }

    static func write(_ text: String, to file: String) throws(DiffError) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        } catch {
            throw DiffError(path: file, message: "cannot write: \(error.localizedDescription)")
        }
    }

    static func fail(_ lines: [String]) -> ExitCode {
        FileHandle.standardError.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        return ExitCode(2)
    }
}

/// Validated options of `diff`.
struct DiffRequest {
    var baseline: String
    var current: String
    var output: String?
    var json: String?
    var junit: String?
    var format: OutputFormat
    var options: DirectoryDiffOptions

    struct Problem: Error {
        var message: String
    }

    static func validate(_ command: DiffCommand) -> Result<DiffRequest, Problem> {
        if let extra = command.unexpected.first {
            return .failure(Problem(message: "unexpected argument '\(extra)'"))
        }
        guard let baseline = command.baseline, let current = command.current else {
            return .failure(Problem(message: "usage: skelsite diff BASELINE_DIR CURRENT_DIR [options]"))
        }
        var format = OutputFormat.text
        if let text = command.format {
            guard let value = OutputFormat(rawValue: text) else {
                return .failure(Problem(message: "--format must be text, json or github, got '\(text)'"))
            }
            format = value
        }
        var pixel = DiffOptions()
        if let text = command.threshold {
            guard let value = Double(text), value >= 0, value <= 1 else {
                return .failure(Problem(message: "--threshold must be a number from 0 to 1, got '\(text)'"))
            }
            pixel.threshold = value
        }
        pixel.includeAA = command.includeAA
        var tolerance = DiffTolerance()
        if let text = command.maxDiffPixels {
            guard let value = Int(text), value >= 0 else {
                return .failure(Problem(message: "--max-diff-pixels must be a whole number of at least 0, got '\(text)'"))
            }
            tolerance.maxDiffPixels = value
        }
        if let text = command.maxDiffRatio {
            guard let value = Double(text), value >= 0, value <= 1 else {
                return .failure(Problem(message: "--max-diff-ratio must be a number from 0 to 1, got '\(text)'"))
            }
            tolerance.maxDiffRatio = value
        }
        for (name, value) in [("--output", command.output), ("--json", command.json), ("--junit", command.junit)] {
            if let value, value.isEmpty { return .failure(Problem(message: "\(name) needs a path")) }
        }
        let options = DirectoryDiffOptions(pixel: pixel, tolerance: tolerance, allowAdded: command.allowAdded,
                                           allowRemoved: command.allowRemoved)
        return .success(DiffRequest(baseline: baseline, current: current, output: command.output,
                                    json: command.json, junit: command.junit, format: format, options: options))
    }
}
