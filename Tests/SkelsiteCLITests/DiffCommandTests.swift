import Foundation
import SkeletonCore
import Testing

/// End-to-end tests of `skelsite diff` through the built binary.
@Suite struct DiffCommandTests {
    typealias F = DiffCLIFixtures

    @Test func identicalFoldersExitZero() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["diff", "base", "base"], cwd: root)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == "5 images: 5 unchanged, 0 changed, 0 added, 0 removed, 0 resized; nothing differs beyond tolerance\n")
    }

    @Test func everyStatusIsReportedAndFails() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["diff", "base", "cur"], cwd: root)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            changed   changed.png: 12 of 120 pixels differ (10.00%), over tolerance (allowed 0); measure exact, pixelmatch 0.1 counts 12
            removed   gone.png: baseline image (12x10) has no current image
            added     new.png: new image (12x10), no baseline
            resized   size.png: size changed from 12x10 to 13x10
            6 images: 2 unchanged, 1 changed, 1 added, 1 removed, 1 resized; 4 failed

            """)
        // No --output and no site around: no report anywhere.
        #expect(!F.exists(root.appendingPathComponent("diff")))
        #expect(!F.exists(root.appendingPathComponent("cur/diff")))
    }

    @Test func toleranceDecidesChangedImages() throws {
        let root = try F.changedOnly()
        defer { try? FileManager.default.removeItem(at: root) }
        let allowed = try CLIRunner.run(["diff", "base", "cur", "--max-diff-pixels", "12"], cwd: root)
        #expect(allowed.status == 0)
        #expect(allowed.stdout == """
            changed   changed.png: 12 of 120 pixels differ (10.00%), within tolerance (allowed 12); measure exact, pixelmatch 0.1 counts 12
            2 images: 1 unchanged, 1 changed, 0 added, 0 removed, 0 resized; nothing differs beyond tolerance

            """)
        let tooFew = try CLIRunner.run(["diff", "base", "cur", "--max-diff-pixels", "11"], cwd: root)
        #expect(tooFew.status == 1)
        // 0.1 of 120 pixels = 12 allowed; 0.05 = 6.
        #expect(try CLIRunner.run(["diff", "base", "cur", "--max-diff-ratio", "0.1"], cwd: root).status == 0)
        #expect(try CLIRunner.run(["diff", "base", "cur", "--max-diff-ratio", "0.05"], cwd: root).status == 1)
        // Both given: the stricter wins.
        let both = try CLIRunner.run(["diff", "base", "cur", "--max-diff-pixels", "100", "--max-diff-ratio", "0.05"], cwd: root)
        #expect(both.status == 1)
        #expect(both.stdout.hasPrefix("changed   changed.png: 12 of 120 pixels differ (10.00%), over tolerance (allowed 6); "
                                      + "measure exact, pixelmatch 0.1 counts 12\n"))
        // A threshold above the black/grey distance hides the change.
        let loose = try CLIRunner.run(["diff", "base", "cur", "--threshold", "1"], cwd: root)
        #expect(loose.status == 0)
        #expect(loose.stdout == "2 images: 2 unchanged, 0 changed, 0 added, 0 removed, 0 resized; nothing differs beyond tolerance\n")
    }

    @Test func allowFlagsAcceptAddedAndRemoved() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["changed.png", "size.png"] {
            try FileManager.default.removeItem(at: root.appendingPathComponent("cur/" + name))
            try FileManager.default.removeItem(at: root.appendingPathComponent("base/" + name))
        }
        #expect(try CLIRunner.run(["diff", "base", "cur"], cwd: root).status == 1)
        #expect(try CLIRunner.run(["diff", "base", "cur", "--allow-added"], cwd: root).status == 1)
        #expect(try CLIRunner.run(["diff", "base", "cur", "--allow-removed"], cwd: root).status == 1)
        let both = try CLIRunner.run(["diff", "base", "cur", "--allow-added", "--allow-removed"], cwd: root)
        #expect(both.status == 0)
        #expect(both.stdout == """
            removed   gone.png: baseline image (12x10) has no current image, allowed
            added     new.png: new image (12x10), allowed
            4 images: 2 unchanged, 0 changed, 1 added, 1 removed, 0 resized; nothing differs beyond tolerance

            """)
    }

    @Test func resizedFailsWhateverTheTolerance() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["diff", "base", "cur", "--max-diff-ratio", "1", "--allow-added", "--allow-removed"],
                                       cwd: root)
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("6 images: 2 unchanged, 1 changed, 1 added, 1 removed, 1 resized; 1 failed\n"))
    }

    @Test func usageAndIOErrorsExitTwo() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = try CLIRunner.run(["diff", "base", "nope"], cwd: root)
        #expect(missing.status == 2)
        #expect(missing.stdout == "")
        #expect(missing.stderr == "nope: error: no such directory\n")
        let threshold = try CLIRunner.run(["diff", "base", "cur", "--threshold", "abc"], cwd: root)
        #expect(threshold.status == 2)
        #expect(threshold.stderr == "error: --threshold must be a number from 0 to 1, got 'abc'\n")
        let pixels = try CLIRunner.run(["diff", "base", "cur", "--max-diff-pixels", "1.5"], cwd: root)
        #expect(pixels.status == 2)
        #expect(pixels.stderr == "error: --max-diff-pixels must be a whole number of at least 0, got '1.5'\n")
        let ratio = try CLIRunner.run(["diff", "base", "cur", "--max-diff-ratio=-0.5"], cwd: root)
        #expect(ratio.status == 2)
        #expect(ratio.stderr == "error: --max-diff-ratio must be a number from 0 to 1, got '-0.5'\n")
        let oneFolder = try CLIRunner.run(["diff", "base"], cwd: root)
        #expect(oneFolder.status == 2)
        #expect(oneFolder.stderr == "error: usage: skelsite diff BASELINE_DIR CURRENT_DIR [options]\n")
        let extra = try CLIRunner.run(["diff", "base", "cur", "--colour"], cwd: root)
        #expect(extra.status == 2)
        #expect(extra.stderr == "error: unexpected argument '--colour'\n")
    }

    @Test func undecodablePNGPrintsTheDecoderMessage() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("not a png".utf8).write(to: root.appendingPathComponent("cur/cards/bad.png"))
        var truncated = PNGEncoder.encode(F.picture(box: F.grey))
        truncated.removeLast(20)
        try Data(truncated).write(to: root.appendingPathComponent("base/cut.png"))
        try Data(truncated).write(to: root.appendingPathComponent("cur/cut.png"))
        let result = try CLIRunner.run(["diff", "base", "cur", "--output", "report"], cwd: root)
        #expect(result.status == 2)
        let badMessage = try #require(Self.decoderMessage(Array("not a png".utf8)))
        let cutMessage = try #require(Self.decoderMessage(truncated))
        // In path order, the baseline before the current file, every problem at once.
        #expect(result.stderr == "cur/cards/bad.png: error: \(badMessage)\nbase/cut.png: error: \(cutMessage)\n"
                + "cur/cut.png: error: \(cutMessage)\n")
        #expect(badMessage == "not a PNG file: bad signature")
        // The other images are still compared and reported (DiffBrokenImageTests).
        #expect(result.stdout.hasPrefix("error     cards/bad.png: cur/cards/bad.png: error: \(badMessage)\n"))
        #expect(result.stdout.hasSuffix("8 images: 2 unchanged, 1 changed, 1 added, 1 removed, 1 resized, 2 unreadable; "
                                        + "4 failed\nreport: report/index.html\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["base", "cur", "report"])
    }

    static func decoderMessage(_ bytes: [UInt8]) -> String? {
        do {
            _ = try PNGDecoder.decode(bytes)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func jsonAndJUnitContents() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["diff", "base", "cur", "--json", "out.json", "--junit", "out.xml",
                                        "--max-diff-pixels", "3", "--allow-added"], cwd: root)
        #expect(result.status == 1)
        let json = try F.text(root.appendingPathComponent("out.json"))
        #expect(json == """
            {"images":[
            {"path":"cards/same.png","status":"unchanged","mismatched_pixels":0,"antialiased_pixels":0,"total_pixels":120,"ratio":0.0,"baseline_size":{"width":12,"height":10},"current_size":{"width":12,"height":10},"failed":false,"diff_image":null,"measure":"exact","exact_pixels":0,"pixelmatch_pixels":0,"errors":[]},
            {"path":"changed.png","status":"changed","mismatched_pixels":12,"antialiased_pixels":0,"total_pixels":120,"ratio":0.1,"baseline_size":{"width":12,"height":10},"current_size":{"width":12,"height":10},"failed":true,"diff_image":null,"measure":"exact","exact_pixels":12,"pixelmatch_pixels":12,"errors":[]},
            {"path":"gone.png","status":"removed","mismatched_pixels":null,"antialiased_pixels":null,"total_pixels":120,"ratio":null,"baseline_size":{"width":12,"height":10},"current_size":null,"failed":true,"diff_image":null,"measure":null,"exact_pixels":null,"pixelmatch_pixels":null,"errors":[]},
            {"path":"new.png","status":"added","mismatched_pixels":null,"antialiased_pixels":null,"total_pixels":120,"ratio":null,"baseline_size":null,"current_size":{"width":12,"height":10},"failed":false,"diff_image":null,"measure":null,"exact_pixels":null,"pixelmatch_pixels":null,"errors":[]},
            {"path":"same.png","status":"unchanged","mismatched_pixels":0,"antialiased_pixels":0,"total_pixels":120,"ratio":0.0,"baseline_size":{"width":12,"height":10},"current_size":{"width":12,"height":10},"failed":false,"diff_image":null,"measure":"exact","exact_pixels":0,"pixelmatch_pixels":0,"errors":[]},
            {"path":"size.png","status":"resized","mismatched_pixels":null,"antialiased_pixels":null,"total_pixels":130,"ratio":null,"baseline_size":{"width":12,"height":10},"current_size":{"width":13,"height":10},"failed":true,"diff_image":null,"measure":null,"exact_pixels":null,"pixelmatch_pixels":null,"errors":[]}
            ],
            "summary":{"images":6,"unchanged":2,"changed":1,"added":1,"removed":1,"resized":1,"failed":3,"passed":false,"errors":0},
            "options":{"threshold":0.1,"include_aa":false,"max_diff_pixels":3,"max_diff_ratio":null,"allow_added":true,"allow_removed":false,"measure":"exact","pixelmatch":6},
            "ok":true,"errors":[]}

            """)
        // Timings differ between runs (DiffJUnitTimingTests checks their form).
        let junit = DiffJUnitTiming.withoutTimings(try F.text(root.appendingPathComponent("out.xml")))
        #expect(junit == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="skelsite diff" tests="6" failures="3" errors="0">
              <testsuite name="skelsite diff" tests="6" failures="3" errors="0" skipped="0">
                <testcase classname="skelsite.diff" name="cards/same.png"/>
                <testcase classname="skelsite.diff" name="changed.png">
                  <failure type="changed" message="12 of 120 pixels differ (10.00%), over tolerance (allowed 3); measure exact, pixelmatch 0.1 counts 12"/>
                </testcase>
                <testcase classname="skelsite.diff" name="gone.png">
                  <failure type="removed" message="baseline image (12x10) has no current image"/>
                </testcase>
                <testcase classname="skelsite.diff" name="new.png"/>
                <testcase classname="skelsite.diff" name="same.png"/>
                <testcase classname="skelsite.diff" name="size.png">
                  <failure type="resized" message="size changed from 12x10 to 13x10"/>
                </testcase>
              </testsuite>
            </testsuites>

            """)
        // Same input, byte-identical files.
        _ = try CLIRunner.run(["diff", "base", "cur", "--json", "again.json", "--junit", "again.xml",
                               "--max-diff-pixels", "3", "--allow-added"], cwd: root)
        #expect(try F.text(root.appendingPathComponent("again.json")) == json)
        #expect(DiffJUnitTiming.withoutTimings(try F.text(root.appendingPathComponent("again.xml"))) == junit)
    }

    @Test func reportHoldsThePicturesItReferences() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["diff", "base", "cur", "--output", "report", "--json", "r.json"], cwd: root)
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("6 images: 2 unchanged, 1 changed, 1 added, 1 removed, 1 resized; 4 failed\nreport: report/index.html\n"))
        let report = root.appendingPathComponent("report")
        let files = try FileManager.default.subpathsOfDirectory(atPath: report.path).sorted()
        #expect(files == [".skelsite-diff-report", "baseline", "baseline/changed.png", "baseline/gone.png",
                          "baseline/size.png", "current", "current/changed.png", "current/new.png", "current/size.png",
                          "diff", "diff/changed.png", "index.html", "report.js"])
        let html = try F.text(report.appendingPathComponent("index.html"))
        for src in ["baseline/changed.png", "current/changed.png", "diff/changed.png", "baseline/gone.png",
                    "current/new.png", "baseline/size.png", "current/size.png", "report.js"] {
            #expect(html.contains("src=\"\(src)\""), "index.html references \(src)")
        }
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(html.contains("<li>cards/same.png</li>") && html.contains("<li>same.png</li>"))
        // The diff picture is the one PixelDiff draws for the same pair.
        var expected: RGBAImage? = RGBAImage(width: 12, height: 10)
        _ = PixelDiff.compare(F.picture(box: F.grey), F.picture(box: F.black), output: &expected)
        let written = try PNGDecoder.decode([UInt8](Data(contentsOf: report.appendingPathComponent("diff/changed.png"))))
        #expect(written == expected)
        // Copies are the inputs, byte for byte.
        #expect(try Data(contentsOf: report.appendingPathComponent("current/new.png"))
                == Data(contentsOf: root.appendingPathComponent("cur/new.png")))
        #expect(try F.text(root.appendingPathComponent("r.json")).contains("\"diff_image\":\"diff/changed.png\""))
        // A second run replaces the report; a folder that is not a report is refused.
        #expect(try CLIRunner.run(["diff", "base", "base", "--output", "report"], cwd: root).status == 0)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: report.path).sorted()
                == [".skelsite-diff-report", "index.html", "report.js"])
        let refused = try CLIRunner.run(["diff", "base", "cur", "--output", "base"], cwd: root)
        #expect(refused.status == 2)
        #expect(refused.stderr == "\(root.appendingPathComponent("base").path): error: not empty and not a skelsite diff report; refusing to replace it\n")
    }

    @Test func builtSiteGetsItsReportInDiffFolder() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Data("<!doctype html>".utf8).write(to: site.appendingPathComponent("index.html"))
        try FileManager.default.moveItem(at: root.appendingPathComponent("cur"), to: site.appendingPathComponent("png"))
        let result = try CLIRunner.run(["diff", "base", "site/png"], cwd: root)
        #expect(result.status == 1)
        let reportPath = site.appendingPathComponent("diff").resolvingSymlinksInPath().path
        #expect(result.stdout.hasSuffix("4 failed\nreport: \(PathCheck.standard(site.path))/diff/index.html\n"))
        #expect(F.exists(URL(fileURLWithPath: reportPath).appendingPathComponent("diff/changed.png")))
        // The site itself as CURRENT_DIR: its own report is not compared on the next run.
        try FileManager.default.moveItem(at: site.appendingPathComponent("png"), to: root.appendingPathComponent("pngs"))
        let again = try CLIRunner.run(["diff", "base", "site", "--allow-removed"], cwd: root)
        #expect(again.stdout.contains("0 changed, 0 added"), "\(again.stdout)")
        #expect(F.exists(site.appendingPathComponent("diff/index.html")))
    }
}

enum PathCheck {
    /// The form `skelsite` prints: absolute, `.` and `..` resolved, symlinks kept.
    static func standard(_ path: String) -> String { (path as NSString).standardizingPath }
}
