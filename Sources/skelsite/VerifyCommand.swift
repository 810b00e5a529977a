import ArgumentParser
import Foundation
import SkelSite
import SkeletonCore

/// `skelsite verify [SOURCE=site] [--json FILE] [--scale 1,2] [--threshold 0.03] [--minimum 0.995] [--failures DIR] [--chromium PATH]`
///
/// Exit codes: 0 every frame matches (>= --minimum, 99.5% of pixels by default); 1 a frame is below that or
/// a spec is invalid; 2 usage or I/O error (no folder, no browser, unwritable JSON).
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Compare the CSS components in headless Chromium with the reference frames.",
        discussion: """
            Every ```skeleton spec of every .md file under SOURCE is shown by headless \
            Chromium, frozen at t = 0, T/4, T/2 and 3T/4, in light and dark, at each \
            scale, and compared with the painter's frame (pixelmatch, threshold 0.03; \
            anti-aliased pixels are left out of the match and reported in --json).

            SOURCE, --scale, --threshold, --minimum and --chromium not given as flags \
            come from the project file (skelsite.toml in this folder or the nearest \
            parent, or --config FILE): source, and verify.scales, verify.threshold, \
            verify.minimum and the first of verify.browsers.
            """
    )

    @Argument(help: "The docs folder (default: source in skelsite.toml, else site).")
    var source: String?

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

    // The bar: a frame may differ in at most 1 pixel in 200 (anti-aliasing).
    @Option(parsing: .unconditional, help: "Smallest share of matching pixels that passes, 0...1 (default: 0.995).")
    var minimum: Checked<MatchShareRule>?

    @Option(help: ArgumentHelp("Write browser, painter and diff PNGs of failing frames into this folder.", valueName: "dir"))
    var failures: String?

    // Debian's package name; override for Chrome or a custom build.
    @Option(help: "The Chromium executable (default: chromium).")
    var chromium: String?

    @OptionGroup var project: ProjectOptions

    func validate() throws {
        try scale?.check("--scale")
        try minimum?.check("--minimum")
        try threshold?.check("--threshold")
    }

    func run() throws {
        let config = try project.load()
        let source = config.path(self.source, \.source, else: "site")
        let chromium = chromium ?? config?.verify.browsers?.first ?? "chromium"
        var options = VerifyRun.Options()
        // Each: the flag, else the project file, else VerifyRun's default.
        options.scales = scale?.value ?? config?.verify.scales ?? options.scales
        options.minimumMatch = minimum?.value ?? config?.verify.minimum ?? options.minimumMatch
        options.pixelThreshold = threshold?.value ?? config?.verify.threshold ?? options.pixelThreshold
        // Refused before Chromium starts: results never replace a link, FIFO or device.
        if let json {
            do { try UserFile.checkReplaceable(json) } catch { try fail(error.description) }
        }
        if let failures {
            var info = stat()
            if lstat(failures, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
                try fail("cannot write into '\(failures)': it is not a folder (links are not followed)")
            }
            options.failuresFolder = URL(fileURLWithPath: failures)
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
            try fail("\(error)")
        }
        for problem in found.problems { FileHandle.standardError.write(Data((problem + "\n").utf8)) }

        let camera: BrowserCamera
        do {
            camera = try BrowserCamera(executable: chromium)
        } catch {
            try fail("cannot start headless Chromium ('\(chromium)'): \(error)")
        }
        // Errors are thrown, not exit()ed, so these run on every way out.
        defer { camera.shutdown() }
        let runner: VerifyRun
        do {
            runner = try VerifyRun(options: options, camera: camera)
        } catch {
            try fail("\(error)")
        }
        defer { runner.cleanUp() }
        var results: [VerifyResult] = []
        for spec in found.specs {
            do {
                let frames = try runner.verify(spec)
                print(VerifyReport.text(frames, minimum: options.minimumMatch), terminator: "")
                // Progress shows as it goes even when stdout is a file or a CI log.
                fflush(nil)
                results += frames
            } catch {
                try fail("\(spec.name): \(error)")
            }
        }
        let failing = results.filter { $0.match < options.minimumMatch }.count
        let worst = results.map(\.match).min() ?? 1
        print("\(found.specs.count) specs, \(results.count) frames, \(failing) below "
              + VerifyReport.percent(options.minimumMatch) + " (worst " + VerifyReport.percent(worst) + ")")
        if let json {
            do {
                try UserFile.write(VerifyReport.json(results, minimum: options.minimumMatch, threshold: options.pixelThreshold), to: json)
            } catch {
                try fail(error.description)
            }
        }
        if failing > 0 || !found.problems.isEmpty { throw ExitCode(1) }
    }

    /// A usage or I/O error: `error: MESSAGE`, exit 2.
    private func fail(_ message: String) throws(UsageError) -> Never {
        throw UsageError(message: message)
    }
}
