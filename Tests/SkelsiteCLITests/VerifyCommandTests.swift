import Foundation
import TestSupport
import Testing
import SkeletonCore

/// End-to-end tests of `skelsite verify`: real headless Chromium against the painter.
@Suite struct VerifyCommandTests {
    static let chromiumAvailable = InstalledBrowsers.chromium

    static let shimmerRow = """
        # Row

        ```skeleton
        skeleton "Row" width=120
          row padding=8 gap=8
            rect 24x24
            rect 60x12 radius=4
        ```

        """

    static let pulseList = """
        Intro line.

        ```skeleton
        skeleton "List" width=90
          animation pulse duration=1s stagger=0.2s
          repeat 3 gap=4 padding=6
            capsule 70x10
        ```

        """

    static let diagonal = """
        ```skeleton
        skeleton "Diagonal" width=200
          animation shimmer direction=top-left-to-bottom-right duration=2s band=0.5
          row padding=10 gap=10 fill=#FFFFFF dark-fill=#2A2A2C radius=8
            circle 40
            text lines=2 line-height=10 spacing=6 radius=3 grow=1
        ```

        """

    func fixture(_ files: [String: String]) throws -> URL {
        let dir = try CLIRunner.temporaryFolder()
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return dir
    }

    func results(_ url: URL) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        return try #require(object?["results"] as? [[String: Any]])
    }

    @Test(.enabled(if: chromiumAvailable, "chromium not installed"))
    func simpleSpecsMatchInEveryThemeScaleAndTime() throws {
        let dir = try fixture(["a.md": Self.shimmerRow, "sub/b.md": Self.pulseList, "notes.txt": Self.shimmerRow])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLIRunner.run(["verify", ".", "--json", "out.json"], cwd: dir)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr == "")
        let rows = try results(dir.appendingPathComponent("out.json"))
        // 2 specs (the .txt is not a doc) × 2 scales × 2 themes × 4 times.
        #expect(rows.count == 32)
        #expect(rows.map { $0["component"] as? String } == Array(repeating: "a.md:3", count: 16)
                + Array(repeating: "sub/b.md:3", count: 16))
        #expect(rows.prefix(8).map { $0["time"] as? Double } == [0, 0.375, 0.75, 1.125, 0, 0.375, 0.75, 1.125])
        #expect(rows.prefix(8).map { $0["theme"] as? String } == ["light", "light", "light", "light",
                                                                    "dark", "dark", "dark", "dark"])
        #expect(rows.map { $0["scale"] as? Int } == Array(repeating: 1, count: 8) + Array(repeating: 2, count: 8)
                + Array(repeating: 1, count: 8) + Array(repeating: 2, count: 8))
        #expect(rows[16]["time"] as? Double == 0 && rows[17]["time"] as? Double == 0.25)
        #expect(rows[0]["pixels"] as? Int == 120 * 40)
        #expect(rows[8]["pixels"] as? Int == 240 * 80)
        for row in rows {
            let match = try #require(row["match"] as? Double)
            #expect(match >= 0.995, "\(row)")
        }
        #expect(rows.allSatisfy { $0["engine"] as? String == "chromium" })
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 34)
        #expect(lines[0].hasPrefix("ok   a.md:3 chromium light @1x t=0s  "))
        #expect(lines[32].hasPrefix("chromium: 32 frames, worst "))
        #expect(lines[33].hasPrefix("2 specs, 32 frames, 0 below 99.5% (worst "))
    }

    /// At pixelmatch threshold 0.02 (about 5 levels of luma) the band itself must line
    /// up: a diagonal shimmer on a card, mid-sweep, at 2x.
    @Test(.enabled(if: chromiumAvailable, "chromium not installed"))
    func diagonalShimmerBandLinesUpAtATightThreshold() throws {
        let dir = try fixture(["d.md": Self.diagonal])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLIRunner.run(["verify", ".", "--threshold", "0.02", "--scale", "2", "--json", "d.json"], cwd: dir)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let rows = try results(dir.appendingPathComponent("d.json"))
        #expect(rows.count == 8)
        #expect(rows.allSatisfy { ($0["match"] as? Double ?? 0) >= 0.995 }, "\(rows)")
    }

    @Test(.enabled(if: chromiumAvailable, "chromium not installed"))
    func invalidSpecIsReportedAndFails() throws {
        let dir = try fixture(["bad.md": "```skeleton\nskeleton\n  rect 10x10 radus=2\n```\n", "a.md": Self.shimmerRow])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLIRunner.run(["verify", ".", "--scale", "1"], cwd: dir)
        #expect(run.status == 1)
        #expect(run.stderr == "bad.md:3:14: error: unknown attribute 'radus' on rect; did you mean 'radius'?\n")
        // The valid spec is still verified.
        #expect(run.stdout.split(separator: "\n").last?.hasPrefix("1 specs, 8 frames, 0 below 99.5% (worst ") == true)
    }

    @Test func usageErrorsExitTwo() throws {
        let dir = try fixture(["a.md": Self.shimmerRow])
        defer { try? FileManager.default.removeItem(at: dir) }
        let badScale = try CLIRunner.run(["verify", ".", "--scale", "1,0"], cwd: dir)
        #expect(badScale.status == 2)
        #expect(badScale.stderr == "error: --scale takes comma-separated whole numbers 1...4, got '1,0'\n")
        let badMinimum = try CLIRunner.run(["verify", ".", "--minimum", "2"], cwd: dir)
        #expect(badMinimum.status == 2)
        #expect(badMinimum.stderr == "error: --minimum takes a number 0...1, got '2'\n")
        let missing = try CLIRunner.run(["verify", "nowhere"], cwd: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: 'nowhere' is not a folder\n")
        let noBrowser = try CLIRunner.run(["verify", ".", "--chromium", "/nonexistent/chromium"], cwd: dir)
        #expect(noBrowser.status == 2)
        #expect(noBrowser.stderr == "error: cannot start headless Chromium ('/nonexistent/chromium'): no such program"
                + " (install it: apt-get install chromium)\n")
        let badEngine = try CLIRunner.run(["verify", ".", "--browser", "chromium,safari"], cwd: dir)
        #expect(badEngine.status == 2)
        #expect(badEngine.stderr
                == "error: --browser takes chromium, firefox, webkit or all (or a comma list of them), got 'chromium,safari'\n")
        let badBar = try CLIRunner.run(["verify", ".", "--minimum-with-antialiased", "1.5"], cwd: dir)
        #expect(badBar.status == 2)
        #expect(badBar.stderr == "error: --minimum-with-antialiased takes a number 0...1, got '1.5'\n")
    }

    /// A missing engine is exit 2 naming the Debian package to install, before any browser starts.
    @Test func missingEnginesNameTheirPackage() throws {
        let dir = try fixture(["a.md": Self.shimmerRow])
        defer { try? FileManager.default.removeItem(at: dir) }
        let firefox = try CLIRunner.run(["verify", ".", "--browser", "firefox", "--firefox", "/nonexistent/firefox"], cwd: dir)
        #expect(firefox.status == 2)
        #expect(firefox.stderr == "error: cannot start headless Firefox ('/nonexistent/firefox'): no such program"
                + " (install it: apt-get install firefox-esr)\n")
        let webkit = try CLIRunner.run(["verify", ".", "--browser", "firefox,webkit",
                                        "--webkit-driver", "/nonexistent/WebKitWebDriver"], cwd: dir)
        #expect(webkit.status == 2)
        #expect(webkit.stderr == "error: cannot start headless WebKit ('/nonexistent/WebKitWebDriver'): no such program"
                + " (install it: apt-get install webkit2gtk-driver)\n")
        #expect(webkit.stdout == "")
    }
}
