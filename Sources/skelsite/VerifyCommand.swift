import ArgumentParser
import Foundation
import SkelSite
import SkeletonCore

/// `skelsite verify [SOURCE=site] [--json FILE] [--scale 1,2] [--threshold 0.1] [--minimum 0.995] [--failures DIR] [--chromium PATH]`
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
            scale, and compared with the painter's frame (pixelmatch, threshold 0.1).
            """
    )

    @Argument(help: "The docs folder (default: site).")
    var source: String = "site"

    @Option(help: "Also write the results as JSON to this file.")
    var json: String?

    // Both the 1x and the 2x (retina) pixels ship in the docs.
    @Option(help: "Comma-separated scales, each 1...4 (default 1,2).")
    var scale: String = "1,2"

    // pixelmatch's default, as in `diff`. Note: a 45% white band over the default base #DEDEE3 is
    // below 0.1 (YIQ delta ~110 < 352), so use e.g. 0.03 to check the band geometry itself.
    @Option(help: "pixelmatch colour threshold per pixel, 0...1 (default 0.1).")
    var threshold: String = "0.1"

    // The bar: a frame may differ in at most 1 pixel in 200 (anti-aliasing).
    @Option(help: "Smallest share of matching pixels that passes, 0...1 (default 0.995).")
    var minimum: String = "0.995"

    @Option(help: "Write browser, painter and diff PNGs of failing frames into this folder.")
    var failures: String?

    // Debian's package name; override for Chrome or a custom build.
    @Option(help: "The Chromium executable (default: chromium).")
    var chromium: String = "chromium"

    func run() throws {
        var options = VerifyRun.Options()
        var scales: [Int] = []
        for part in scale.split(separator: ",") {
            guard let value = Int(part.trimmingCharacters(in: .whitespaces)), value >= 1, value <= Limits.maxScale else {
                fail("--scale takes comma-separated whole numbers 1...\(Limits.maxScale), got '\(scale)'")
            }
            if !scales.contains(value) { scales.append(value) }
        }
        guard !scales.isEmpty else { fail("--scale is empty") }
        options.scales = scales
        guard let minimumValue = Double(minimum), minimumValue >= 0, minimumValue <= 1 else {
            fail("--minimum takes a number 0...1, got '\(minimum)'")
        }
        options.minimumMatch = minimumValue
        guard let thresholdValue = Double(threshold), thresholdValue >= 0, thresholdValue <= 1 else {
            fail("--threshold takes a number 0...1, got '\(threshold)'")
        }
        options.pixelThreshold = thresholdValue
        if let failures { options.failuresFolder = URL(fileURLWithPath: failures) }

        let found: VerifySpecs.Found
        do {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), isFolder.boolValue else {
                fail("'\(source)' is not a folder")
            }
            // Diagnostics name files as the user can open them from here.
            let shown = source == "." ? "" : (source.hasSuffix("/") ? source : source + "/")
            found = try VerifySpecs.find(in: URL(fileURLWithPath: source), displayPrefix: shown)
        } catch {
            fail("\(error)")
        }
        for problem in found.problems { FileHandle.standardError.write(Data((problem + "\n").utf8)) }

        let camera: BrowserCamera
        do {
            camera = try BrowserCamera(executable: chromium)
        } catch {
            fail("cannot start headless Chromium ('\(chromium)'): \(error)")
        }
        let runner: VerifyRun
        do {
            runner = try VerifyRun(options: options, camera: camera)
        } catch {
            camera.shutdown()
            fail("\(error)")
        }
        var results: [VerifyResult] = []
        for spec in found.specs {
            do {
                let frames = try runner.verify(spec)
                print(VerifyReport.text(frames, minimum: options.minimumMatch), terminator: "")
                // Progress shows as it goes even when stdout is a file or a CI log.
                fflush(nil)
                results += frames
            } catch {
                // exit() skips defers: stop the browser and remove scratch files first.
                runner.cleanUp()
                camera.shutdown()
                fail("\(spec.name): \(error)")
            }
        }
        runner.cleanUp()
        camera.shutdown()
        let failing = results.filter { $0.match < options.minimumMatch }.count
        let worst = results.map(\.match).min() ?? 1
        print("\(found.specs.count) specs, \(results.count) frames, \(failing) below "
              + VerifyReport.percent(options.minimumMatch) + " (worst " + VerifyReport.percent(worst) + ")")
        if let json {
            do {
                try Data(VerifyReport.json(results, minimum: options.minimumMatch).utf8).write(to: URL(fileURLWithPath: json), options: .atomic)
            } catch {
                fail("cannot write '\(json)': \(error.localizedDescription)")
            }
        }
        if failing > 0 || !found.problems.isEmpty { throw ExitCode(1) }
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
        Foundation.exit(2)
    }
}
