import Foundation
import SkeletonCore
import Testing
import TestSupport

/// `skelsite diff` counts every pixel whose RGBA bytes differ unless a threshold is
/// given (site/guides/visual-regression.md, "Exact by default"), and says which
/// measure decided each image.
@Suite struct DiffExactDefaultTests {
    typealias F = DiffCLIFixtures

    /// Three skeletons in the pale colours of popular libraries, and one change each:
    /// SkeletonView's #ECF0F1 on white, last text line 50% -> 40%; react-loading-
    /// skeleton's #EBEBEB (highlight #F5F5F5) on white, author bar 30% -> 40%; its dark
    /// theme, #202020 on #111111, last line 100% -> 60%.
    static func paleDocs(after: Bool) -> String {
        """
        # Pale skeletons

        ```skeleton
        skeleton "SkeletonView" width=320
          appearance base=#ECF0F1 background=white
          column padding=16 gap=10
            rect width=60% height=18 radius=4
            text lines=3 line-height=12 spacing=8 last=\(after ? "40%" : "50%")
        ```

        ```skeleton
        skeleton "React loading skeleton" width=320
          appearance base=#EBEBEB highlight=#F5F5F5 background=white
          row padding=16 gap=12
            circle 40
            column gap=8 grow=1
              rect width=\(after ? "40%" : "30%") height=12 radius=4
              text lines=2 line-height=12 spacing=8 last=80%
        ```

        ```skeleton
        skeleton "React loading skeleton dark" width=320
          appearance base=#202020 background=#111111 dark-base=#202020 dark-background=#111111
          column padding=16 gap=10
            rect width=60% height=18 radius=4
            text lines=3 line-height=12 spacing=8 last=\(after ? "60%" : "100%")
        ```

        """
    }

    /// Changed images by component, from a `--json` file.
    static func changed(_ json: URL) throws -> [String: [String]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let images = try #require(document["images"] as? [[String: Any]])
        var out: [String: [String]] = [:]
        for image in images where image["status"] as? String == "changed" {
            let path = try #require(image["path"] as? String).split(separator: "/")
            out[String(path[0]), default: []].append(String(path[1]))
        }
        return out
    }

    /// The table of site/guides/visual-regression.md: at pixelmatch's 0.1 these real
    /// changes show only in the default dark-theme PNGs (or one strip); exactly, in all.
    @Test func paleSkeletonChangesAreAllFlagged() throws {
        let root = try BuildCLIHarness.folder(["before/index.md": Self.paleDocs(after: false),
                                               "after/index.md": Self.paleDocs(after: true)])
        defer { try? FileManager.default.removeItem(at: root) }
        for side in ["before", "after"] {
            let built = try BuildCLIHarness.run(["build", side, "--output", side + "-site"], in: root)
            #expect(built.status == 0, "\(built.stderr)")
        }
        let ids = ["index--skeletonview", "index--react-loading-skeleton", "index--react-loading-skeleton-dark"]
        let all = ["dark@1x.png", "dark@2x.png", "light@1x.png", "light@2x.png", "preview.png", "strip-light@1x.png"]
        let pngs = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("before-site/png").path)
            .filter { $0.hasSuffix(".png") }.sorted()
        #expect(pngs == ids.flatMap { id in all.map { id + "/" + $0 } }.sorted())

        let loose = try CLIRunner.run(["diff", "before-site/png", "after-site/png", "--threshold", "0.1", "--json", "pm.json"],
                                      cwd: root)
        #expect(loose.status == 1)
        #expect(try Self.changed(root.appendingPathComponent("pm.json")) == [
            "index--skeletonview": ["dark@1x.png", "dark@2x.png"],
            "index--react-loading-skeleton": ["dark@1x.png", "dark@2x.png"],
            "index--react-loading-skeleton-dark": ["strip-light@1x.png"],
        ])
        #expect(loose.stdout.contains("18 images: 13 unchanged, 5 changed, 0 added, 0 removed, 0 resized; 5 failed\n"))

        let exact = try CLIRunner.run(["diff", "before-site/png", "after-site/png", "--json", "exact.json"], cwd: root)
        #expect(exact.status == 1)
        #expect(try Self.changed(root.appendingPathComponent("exact.json")) == Dictionary(uniqueKeysWithValues: ids.map { ($0, all) }))
        #expect(exact.stdout.contains("18 images: 0 unchanged, 18 changed, 0 added, 0 removed, 0 resized; 18 failed\n"))
        // A light PNG of SkeletonView: every changed pixel counts, pixelmatch at 0.1 sees none.
        #expect(exact.stdout.contains("changed   index--skeletonview/light@1x.png: 348 of 35840 pixels differ (0.97%), "
                                      + "over tolerance (allowed 0); measure exact, pixelmatch 0.1 counts 0\n"))
    }

    /// base/changed.png: the fixture's grey box; cur/changed.png: the box one level
    /// redder, a change pixelmatch at 0.1 does not see.
    static func paleChange() throws -> URL {
        let root = try CLIRunner.temporaryFolder()
        let base = root.appendingPathComponent("base"), cur = root.appendingPathComponent("cur")
        for folder in [base, cur] { try F.writePNG(F.picture(box: F.grey), folder, "same.png") }
        try F.writePNG(F.picture(box: F.grey), base, "changed.png")
        try F.writePNG(F.picture(box: [201, 200, 205, 255]), cur, "changed.png")
        return root
    }

    @Test func aChangeBelowTheThresholdFailsByDefault() throws {
        let root = try Self.paleChange()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["diff", "base", "cur", "--json", "r.json", "--junit", "r.xml", "--output", "report"], cwd: root)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            changed   changed.png: 12 of 120 pixels differ (10.00%), over tolerance (allowed 0); measure exact, pixelmatch 0.1 counts 0
            2 images: 1 unchanged, 1 changed, 0 added, 0 removed, 0 resized; 1 failed
            report: report/index.html

            """)
        let json = try F.text(root.appendingPathComponent("r.json"))
        #expect(json.contains(#""failed":true,"diff_image":"diff/changed.png","measure":"exact","exact_pixels":12,"pixelmatch_pixels":0,"errors":[]}"#))
        #expect(json.contains(#""allow_removed":false,"measure":"exact","pixelmatch":6},"#))
        let junit = try F.text(root.appendingPathComponent("r.xml"))
        #expect(junit.contains(#"<failure type="changed" message="12 of 120 pixels differ (10.00%), over tolerance (allowed 0); measure exact, pixelmatch 0.1 counts 0"/>"#))
        let html = try F.text(root.appendingPathComponent("report/index.html"))
        #expect(html.contains("<p>12 of 120 pixels differ (10.00%), over tolerance (allowed 0); measure exact, pixelmatch 0.1 counts 0</p>"))
        // The diff picture marks every changed pixel, not only those pixelmatch counts.
        var expected: RGBAImage? = RGBAImage(width: 12, height: 10)
        #expect(PixelDiff.exact(F.picture(box: F.grey), F.picture(box: [201, 200, 205, 255]), output: &expected) == 12)
        let written = try PNGDecoder.decode([UInt8](Data(contentsOf: root.appendingPathComponent("report/diff/changed.png"))))
        #expect(written == expected)
        #expect(written.pixels[(3 * 12 + 3) * 4..<(3 * 12 + 3) * 4 + 4] == [255, 0, 0, 255])

        // The tolerance options mean the same for the exact count.
        let within = try CLIRunner.run(["diff", "base", "cur", "--max-diff-pixels", "12"], cwd: root)
        #expect(within.status == 0)
        #expect(within.stdout.hasPrefix("changed   changed.png: 12 of 120 pixels differ (10.00%), within tolerance (allowed 12); "
                                        + "measure exact, pixelmatch 0.1 counts 0\n"))
    }

    @Test func aThresholdAsksForPixelmatch() throws {
        let root = try Self.paleChange()
        defer { try? FileManager.default.removeItem(at: root) }
        let flag = try CLIRunner.run(["diff", "base", "cur", "--threshold", "0.1", "--json", "r.json"], cwd: root)
        #expect(flag.status == 0)
        #expect(flag.stdout == "2 images: 2 unchanged, 0 changed, 0 added, 0 removed, 0 resized; nothing differs beyond tolerance\n")
        let json = try F.text(root.appendingPathComponent("r.json"))
        #expect(json.contains(#"{"path":"changed.png","status":"unchanged","mismatched_pixels":0,"#))
        #expect(json.contains(#""measure":"pixelmatch 0.1","exact_pixels":12,"pixelmatch_pixels":0,"errors":[]}"#))
        #expect(json.contains(#""measure":"pixelmatch 0.1","pixelmatch":6},"#))
        // The project file's threshold, too.
        try Data("[diff]\nthreshold = 0.1\n".utf8).write(to: root.appendingPathComponent("skelsite.toml"))
        let project = try CLIRunner.run(["diff", "base", "cur"], cwd: root)
        #expect(project.status == 0)
        #expect(project.stdout == flag.stdout)
        // A low enough threshold sees it, and says so.
        let low = try CLIRunner.run(["diff", "base", "cur", "--threshold", "0.001"], cwd: root)
        #expect(low.status == 1)
        #expect(low.stdout.hasPrefix("changed   changed.png: 12 of 120 pixels differ (10.00%), over tolerance (allowed 0); "
                                     + "measure pixelmatch 0.001, exact counts 12\n"))
    }

    /// `init`'s skelsite.toml sets no threshold, so a new project's diff is exact.
    @Test func initsProjectFileKeepsTheExactDefault() throws {
        let root = try Self.paleChange()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try CLIRunner.run(["init", "project"], cwd: root).status == 0)
        let project = root.appendingPathComponent("project")
        let toml = try F.text(project.appendingPathComponent("skelsite.toml"))
        let diffTable = try #require(toml.components(separatedBy: "[diff]\n").last?.components(separatedBy: "\n[").first)
        #expect(!diffTable.split(separator: "\n").contains { $0.hasPrefix("threshold") })
        #expect(toml.contains("[diff]\n# No threshold: diff counts every pixel whose bytes differ"))
        let result = try CLIRunner.run(["diff", "../base", "../cur"], cwd: project)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("changed   changed.png: 12 of 120 pixels differ (10.00%), over tolerance (allowed 0); "
                                        + "measure exact, pixelmatch 0.1 counts 0\n"))
    }

    /// `--pixelmatch 7`: pixelmatch 7.x's counts, on pixelmatch's own fixture that 7.0
    /// changed (5a against 5b: 0 in 6.x, 6 in 7.x at threshold 0.05).
    @Test func pixelmatchSevenThroughTheCommand() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let fixtures = Repository.url("Tests/pixelmatch-fixtures")
        for (folder, name) in [("base", "5a"), ("cur", "5b")] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name + ".png"),
                                             to: root.appendingPathComponent(folder + "/5.png"))
        }
        let six = try CLIRunner.run(["diff", "base", "cur", "--threshold", "0.05"], cwd: root)
        #expect(six.status == 0)
        #expect(six.stdout == "1 image: 1 unchanged, 0 changed, 0 added, 0 removed, 0 resized; nothing differs beyond tolerance\n")
        let seven = try CLIRunner.run(["diff", "base", "cur", "--threshold", "0.05", "--pixelmatch", "7", "--json", "r.json"], cwd: root)
        #expect(seven.status == 1)
        #expect(seven.stdout.hasPrefix("changed   5.png: 6 of 65536 pixels differ (0.01%), over tolerance (allowed 0); "
                                       + "measure pixelmatch 0.05 (7.x), exact counts "))
        #expect(try F.text(root.appendingPathComponent("r.json")).contains(#""measure":"pixelmatch 0.05 (7.x)","pixelmatch":7},"#))
        let bad = try CLIRunner.run(["diff", "base", "cur", "--pixelmatch", "7.1"], cwd: root)
        #expect(bad.status == 2)
        #expect(bad.stderr == "error: --pixelmatch must be 6 (pixelmatch 5.x and 6.x) or 7 (7.x), got '7.1'\n")
    }
}
