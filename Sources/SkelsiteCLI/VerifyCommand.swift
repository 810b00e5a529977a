import ArgumentParser
import Foundation
import SkelSite
import SkelsiteVerify
import SkeletonCore
import SkelsiteStore

/// `skelsite verify [SOURCE=site] [--browser chromium|firefox|webkit|all] [--json FILE] [--scale 1,2]
/// [--threshold 0.03] [--minimum 0.995] [--minimum-with-antialiased F] [--failures DIR] [--keep-pages DIR]
/// [--chromium PATH] [--firefox PATH] [--webkit-driver PATH] [--shard I/N]`, and `skelsite verify merge`
/// (VerifyMergeCommand) to join the shards' files.
///
/// Exit codes: 0 every frame matches (>= --minimum, 99.5% of pixels by default); 1 a frame is below that or
/// a spec is invalid; 2 usage or I/O error (no folder, no browser, unwritable JSON).
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Compare the CSS components in headless browsers with the reference frames.",
        discussion: """
            Every ```skeleton spec of every .md file under SOURCE is shown by each \
            browser engine asked for (Chromium by default), frozen at t = 0, T/4, T/2 \
            and 3T/4, in light and dark, at each scale, and compared with the painter's \
            frame (pixelmatch, threshold 0.03; anti-aliased pixels are left out of the \
            match and reported in --json).

            SOURCE, --browser, --scale, --threshold, --minimum and --chromium not given \
            as flags come from the project file (skelsite.toml in this folder or the \
            nearest parent, or --config FILE): source, and verify.browsers, \
            verify.scales, verify.threshold and verify.minimum.

            --shard I/N checks only the I-th of N shares of the specs, for a CI job \
            matrix; skelsite verify merge SHARD.json... [--json FILE] joins the \
            shards' --json files into the report one run writes.
            """
    )

    @Argument(help: "The docs folder (default: source in skelsite.toml, else site).")
    var source: String?

    // `verify merge A.json B.json`: ArgumentParser fills a command's own positionals before
    // it looks for a subcommand, so `merge` arrives as SOURCE and the files after it here.
    @Argument(help: .hidden)
    var mergeFiles: [String] = []

    private var isMerge: Bool { source == "merge" }

    @Option(help: ArgumentHelp("Also write the results as JSON to this file.", valueName: "file"))
    var json: String?

    // Both the 1x and the 2x (retina) pixels ship in the docs.
    @Option(help: "Comma-separated scales, each 1...4 (default: 1,2).")
    var scale: Checked<ScaleListRule>?

    // 0.03, not diff's 0.1: a 45% white band over the default base #DEDEE3 is below 0.1 (YIQ
    // delta ~110 < 352), so at 0.1 a frame with no band at all matches one with the band.
    @Option(parsing: .unconditional,
            help: "pixelmatch colour threshold per pixel, 0...1 (default: \(VerifyRun.Options().pixelThreshold)).")
    var threshold: Checked<FractionRule>?

    // The issue's bar: a frame may differ in at most 1 pixel in 200 (anti-aliasing).
    @Option(parsing: .unconditional, help: "Smallest share of matching pixels that passes, 0...1 (default: 0.995).")
    var minimum: Checked<MatchShareRule>?

    // Repeatable and comma lists, so `--browser all` and `--browser chromium,webkit` both read naturally.
    @Option(help: ArgumentHelp("Engines: chromium, firefox, webkit or all; repeat or separate with commas (default: chromium).",
                               valueName: "engine"))
    var browser: [String] = []

    // Chromium and WebKit anti-alias curves alike; Firefox apart, so it is reported, not gated.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Also fail Chromium and WebKit frames whose match, anti-aliased pixels counted, is below this, 0...1.",
                               valueName: "share"))
    var minimumWithAntialiased: Checked<MatchShareRule>?

    @Option(help: ArgumentHelp("Write browser, painter and diff PNGs of failing frames into this folder.", valueName: "dir"))
    var failures: String?

    @Option(help: ArgumentHelp("Keep the frozen HTML pages the browsers were shown in this folder.", valueName: "dir"))
    var keepPages: String?

    // Debian's package names; override for Chrome, another Firefox or a custom build.
    @Option(help: "The Chromium executable (default: chromium).")
    var chromium: String?

    @Option(help: ArgumentHelp("The Firefox executable (default: firefox-esr).", valueName: "path"))
    var firefox: String?

    @Option(help: ArgumentHelp("WebKitGTK's WebDriver (default: WebKitWebDriver).", valueName: "path"))
    var webkitDriver: String?

    // Playwright's form: each of N CI jobs checks its share; `verify merge` joins them.
    @Option(help: ArgumentHelp("Check only shard I of N (1 <= I <= N <= \(VerifyShard.maxCount)) of the specs.",
                               valueName: "I/N"))
    var shard: String?

    // Checks that a component keeps its pixels under a page's CSS (site/reference/rendering.md,
    // "Under the page's CSS"); the stylesheet goes on every sheet after the components'.
    @Option(help: ArgumentHelp("Add this stylesheet to every page, after the components' CSS.", valueName: "file"))
    var hostCSS: String?

    @Option(name: .customLong("as"),
            help: ArgumentHelp("Show each component as html (the HTML export) or web-component (its custom element; default: html).",
                               valueName: "form"))
    var form: String?

    @OptionGroup var project: ProjectOptions

    func validate() throws {
        if isMerge {
            // Only the files and --json mean anything to a merge.
            let given = [("--scale", scale != nil), ("--threshold", threshold != nil), ("--minimum", minimum != nil),
                         ("--minimum-with-antialiased", minimumWithAntialiased != nil), ("--browser", !browser.isEmpty),
                         ("--failures", failures != nil), ("--keep-pages", keepPages != nil), ("--chromium", chromium != nil),
                         ("--firefox", firefox != nil), ("--webkit-driver", webkitDriver != nil), ("--shard", shard != nil),
                         ("--host-css", hostCSS != nil), ("--as", form != nil)]
            if let flag = given.first(where: \.1)?.0 {
                throw UsageError(message: "verify merge takes the shards' --json files and --json FILE, not \(flag)")
            }
            if mergeFiles.isEmpty { throw UsageError(message: "verify merge needs the shards' --json files") }
            return
        }
        if let extra = mergeFiles.first {
            throw UsageError(message: "verify takes one docs folder, got '\(source ?? "")' and '\(extra)'")
        }
        try scale?.check("--scale")
        try minimum?.check("--minimum")
        try threshold?.check("--threshold")
        try minimumWithAntialiased?.check("--minimum-with-antialiased")
        if let shard, VerifyShard.parse(shard) == nil {
            throw UsageError(message: "--shard takes I/N, whole numbers with 1 <= I <= N <= \(VerifyShard.maxCount), got '\(shard)'")
        }
        if let form, VerifyForm(rawValue: form) == nil {
            throw UsageError(message: "--as takes html or web-component, got '\(form)'")
        }
        if !browser.isEmpty && BrowserEngine.parseList(browser) == nil {
            throw UsageError(message: "--browser takes chromium, firefox, webkit or all (or a comma list of them),"
                             + " got '\(browser.joined(separator: ","))'")
        }
    }

    func run() throws {
        if isMerge { return try VerifyMergeCommand(files: mergeFiles, json: json).run() }
        let config = try project.load()
        let source = config.path(self.source, \.source, else: "site")
        // Engines: the flag, else the project file, else Chromium.
        var choice = config?.verify.browsers.map(VerifyBrowserChoice.fromProjectFile) ?? VerifyBrowserChoice()
        if !browser.isEmpty, let engines = BrowserEngine.parseList(browser) { choice.engines = engines }
        if let chromium { choice.executables.chromium = chromium }
        if let firefox { choice.executables.firefox = firefox }
        if let webkitDriver { choice.executables.webkitDriver = webkitDriver }
        var options = VerifyRun.Options()
        // Each: the flag, else the project file, else VerifyRun's default.
        options.scales = scale?.value ?? config?.verify.scales ?? options.scales
        options.minimumMatch = minimum?.value ?? config?.verify.minimum ?? options.minimumMatch
        options.pixelThreshold = threshold?.value ?? config?.verify.threshold ?? options.pixelThreshold
        options.minimumWithAntialiased = minimumWithAntialiased?.value
        // Refused before Chromium starts: results never replace a link, FIFO or device.
        if let json {
            do { try UserFile.checkReplaceable(json) } catch { try fail(error.description) }
        }
        if let form { options.form = VerifyForm(rawValue: form) ?? .html }
        if let hostCSS {
            if let kind = UserFile.unreadableKind(hostCSS) { try fail("cannot read \(hostCSS): \(kind)") }
            let css: String
            do { css = String(decoding: try Data(contentsOf: URL(fileURLWithPath: hostCSS)), as: UTF8.self) } catch {
                try fail("cannot read \(hostCSS): \(FileErrorText.describe(error, path: hostCSS))")
            }
            if let problem = VerifyRun.Options.hostCSSProblem(css) { try fail("--host-css \(hostCSS): \(problem)") }
            options.hostCSS = css
        }
        if let failures {
            try checkFolder(failures, option: "--failures")
            options.failuresFolder = URL(fileURLWithPath: failures)
        }
        if let keepPages {
            try checkFolder(keepPages, option: "--keep-pages")
            options.pagesFolder = URL(fileURLWithPath: keepPages)
        }

        let found: VerifySpecs.Found
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), isFolder.boolValue else {
            try fail("'\(source)' is not a folder")
        }
        do {
            // Diagnostics name files as the user can open them from here.
            let shown = source == "." ? "" : (source.hasSuffix("/") ? source : source + "/")
            found = try VerifySpecs.find(in: URL(fileURLWithPath: source), displayPrefix: shown,
                                         project: config?.settings ?? InheritedSettings())
        } catch {
            try fail(FileErrorText.describe(error))
        }
        for problem in found.problems { FileHandle.standardError.write(Data((problem + "\n").utf8)) }
        // Nothing left to verify: the problems are the whole answer, no browser needed.
        if found.specs.isEmpty && !found.problems.isEmpty { throw ExitCode(1) }
        // A shard checks its share (VerifyShard says how it is chosen); its file lists
        // every spec with its shard, for verify merge.
        let shardHeader = shard.flatMap(VerifyShard.parse).map {
            VerifyReport.ShardHeader(shard: $0, engines: choice.engines.sorted(), scales: options.scales, all: found.specs)
        }
        let specs = shardHeader.map { header in found.specs.enumerated().filter { header.specs[$0.offset].shard == header.shard.index }
            .map(\.element) } ?? found.specs

        // Every engine's programs are looked for before any starts: a missing one is exit 2
        // naming its package, before minutes of work in the others.
        var cameras: [BrowserCamera] = []
        // Errors are thrown, not exit()ed, so this runs on every way out.
        defer { for camera in cameras { camera.shutdown() } }
        for engine in choice.engines {
            do {
                cameras.append(try BrowserCameras.make(engine, executables: choice.executables))
            } catch {
                try fail("\(error)")
            }
        }
        let runner: VerifyRun
        do {
            runner = try VerifyRun(options: options, cameras: cameras)
        } catch {
            // Foundation's own words for a file error are "NSCocoaErrorDomain error 512".
            try fail(FileErrorText.describe(error))
        }
        defer { runner.cleanUp() }
        let results: [VerifyResult]
        do {
            results = try runner.verify(specs)
        } catch {
            try fail(FileErrorText.describe(error))
        }
        if ProcessInfo.processInfo.environment["SKELSITE_VERIFY_TIMINGS"] == "1" {
            // For scripts/bench.sh: where the time went, on standard error.
            for (stage, seconds) in runner.timings.all.sorted(by: { $0.key < $1.key }) {
                FileHandle.standardError.write(Data("timing \(stage): \(VerifyReport.number(seconds, places: 2)) s\n".utf8))
            }
        }
        print(VerifyReport.text(results, minimum: options.minimumMatch,
                                minimumWithAntialiased: options.minimumWithAntialiased), terminator: "")
        let summaries = VerifyReport.summaries(results, minimum: options.minimumMatch,
                                               minimumWithAntialiased: options.minimumWithAntialiased)
        for summary in summaries { print(VerifyReport.summaryLine(summary)) }
        let failing = summaries.map(\.failing).reduce(0, +)
        let worst = results.map(\.match).min() ?? 1
        print("\(specs.count) specs" + (shardHeader.map { " (shard \($0.shard.text) of \(found.specs.count))" } ?? "")
              + ", \(results.count) frames, \(failing) below "
              + VerifyReport.percent(options.minimumMatch) + " (worst " + VerifyReport.percent(worst) + ")")
        if let json {
            do {
                try UserFile.write(VerifyReport.json(results, minimum: options.minimumMatch, threshold: options.pixelThreshold,
                                                     minimumWithAntialiased: options.minimumWithAntialiased,
                                                     shard: shardHeader), to: json)
            } catch {
                try fail(error.description)
            }
        }
        if failing > 0 || !found.problems.isEmpty { throw ExitCode(1) }
    }

    /// Refuses, before any browser starts, a folder option that names a link or a file,
    /// or a path under a file (`docs/a.md/x`), which Foundation would report as
    /// `NSCocoaErrorDomain` error 512 only when the first frame failed.
    private func checkFolder(_ path: String, option: String) throws(UsageError) {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            try fail("cannot write into '\(path)': it is not a folder (links are not followed)")
        }
        if let problem = UserFolder.problem(path) { try fail("cannot create \(option) folder \(path): \(problem)") }
    }

    /// A usage or I/O error: `error: MESSAGE`, exit 2.
    private func fail(_ message: String) throws(UsageError) -> Never {
        throw UsageError(message: message)
    }
}
