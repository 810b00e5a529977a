import Foundation
import Testing
@testable import SkelSite
@testable import SkelsiteVerify
import SkelsiteStore

/// `build --verify-results FILE`: a verify run's figures on the component pages,
/// matched by the spec's digest.
@Suite struct VerifyResultsPageTests {
    static let spec = """
        skeleton "Bar" width=40 height=10
          animation shimmer duration=1s
          rect width=20 height=10
        """
    static let other = """
        skeleton "Other" width=40 height=10
          rect width=10 height=10
        """
    static let doc = "# Bars\n\n```skeleton\n" + spec + "\n```\n\n```skeleton\n" + other + "\n```\n"

    /// A results file as verify writes it: the bar measured at two scales, light only,
    /// two times, one frame below the bar.
    static func resultsJSON(digest: String) -> String {
        var results: [VerifyResult] = []
        for scale in [1, 2] {
            for (time, mismatched) in [(0.0, 0), (0.5, scale == 2 ? 9 : 1)] {
                results.append(VerifyResult(component: "bars.md:3", title: "Bar", theme: .light, scale: scale, time: time,
                                            mismatched: mismatched, pixels: 400 * scale * scale / 1,
                                            specDigest: digest))
            }
        }
        return VerifyReport.json(results, minimum: 0.995, threshold: 0.03)
    }

    func build(_ site: TestSite, results: String?) throws -> BuildReport {
        var builder = site.builder()
        if let results {
            let url = site.root.appendingPathComponent("verify.json")
            try Data(results.utf8).write(to: url)
            builder.options.verifyResults = url
        }
        return try builder.build()
    }

    @Test func measuredComponentShowsItsTable() throws {
        let site = try TestSite(["bars.md": Self.doc])
        defer { site.remove() }
        let report = try build(site, results: Self.resultsJSON(digest: SHA256.hex(Array(Self.spec.utf8))))
        #expect(report.succeeded)
        let page = try site.read("bars.html")
        // 1 of 400 pixels off at @1x: 99.75%; 9 of 1600 at @2x: 99.4375% -> below 99.5%.
        #expect(page.contains("<summary>CSS vs reference PNG: a frame below 99.5% of pixels (worst 99.44%, 4 frames in Chromium)</summary>"))
        #expect(page.contains("<thead><tr><th scope=\"col\">Theme and scale</th><th scope=\"col\">t = 0 s</th><th scope=\"col\">t = 0.5 s</th></tr></thead>"))
        #expect(page.contains("<tr><th scope=\"row\">light @1x</th><td>100%</td><td>99.75%</td></tr>"))
        #expect(page.contains("<tr><th scope=\"row\">light @2x</th><td>100%</td><td class=\"below\">99.44%</td></tr>"))
        // The caption names the threshold the run used.
        #expect(page.contains("<caption>Share of pixels where the CSS component in headless Chromium matches the reference PNG"
                              + " (skelsite verify, pixelmatch threshold 0.03; worst 99.44%)</caption>"))
        #expect(Self.resultsJSON(digest: "d").hasPrefix("{\"minimum\":0.995,\"threshold\":0.03,\"engines\":[{\"engine\":"
                                                        + "\"chromium\",\"frames\":4,\"worst\":0.994375,\"median\":0.99875,"))
        // One engine: no table of the worst over engines.
        #expect(!page.contains("The worst of"))
        // Only the measured spec gets a table.
        #expect(page.components(separatedBy: "class=\"agreement").count == 2)
    }

    /// Results of three engines: a table each, then the worst of them per frame.
    @Test func everyEngineGetsATableAndTheWorstOverThem() throws {
        let digest = SHA256.hex(Array(Self.spec.utf8))
        var results: [VerifyResult] = []
        for (engine, mismatched) in [(BrowserEngine.chromium, 0), (.firefox, 2), (.webkit, 1)] {
            for time in [0.0, 0.5] {
                results.append(VerifyResult(component: "bars.md:3", title: "Bar", engine: engine, theme: .dark, scale: 1,
                                            time: time, mismatched: time == 0 ? 0 : mismatched, antialiased: 3,
                                            pixels: 400, specDigest: digest))
            }
        }
        let json = VerifyReport.json(results, minimum: 0.995, threshold: 0.03)
        #expect(json.contains("{\"component\":\"bars.md:3\",\"title\":\"Bar\",\"engine\":\"webkit\",\"theme\":\"dark\","
                              + "\"scale\":1,\"time\":0.5,\"match\":0.9975,\"matchWithAntialiased\":0.99,\"mismatched\":1,"
                              + "\"antialiased\":3,\"pixels\":400,"))
        let site = try TestSite(["bars.md": Self.doc])
        defer { site.remove() }
        #expect(try build(site, results: json).succeeded)
        let page = try site.read("bars.html")
        #expect(page.contains("(worst 99.5%, 6 frames in Chromium, Firefox, WebKit)</summary>"))
        for (name, worst) in [("Chromium", "100%"), ("Firefox", "99.5%"), ("WebKit", "99.75%")] {
            #expect(page.contains("the CSS component in headless \(name) matches the reference PNG (skelsite verify,"
                                  + " pixelmatch threshold 0.03; worst \(worst))</caption>"), "\(name)")
        }
        #expect(page.contains("<caption>The worst of Chromium, Firefox, WebKit per frame (skelsite verify, pixelmatch"
                              + " threshold 0.03; worst 99.5%)</caption>"))
        #expect(page.components(separatedBy: "<table>").count == 5)
        // The last table: per time, the lowest of the three.
        let last = try #require(page.components(separatedBy: "<table>").last)
        #expect(last.contains("<tr><th scope=\"row\">dark @1x</th><td>100%</td><td>99.5%</td></tr>"))
    }

    @Test func editedSpecShowsNoStaleFigures() throws {
        let site = try TestSite(["bars.md": Self.doc])
        defer { site.remove() }
        let report = try build(site, results: Self.resultsJSON(digest: SHA256.hex(Array((Self.spec + " ").utf8))))
        #expect(report.succeeded)
        #expect(!(try site.read("bars.html")).contains("class=\"agreement"))
    }

    @Test func withoutResultsNoTable() throws {
        let site = try TestSite(["bars.md": Self.doc])
        defer { site.remove() }
        #expect(try build(site, results: nil).succeeded)
        #expect(!(try site.read("bars.html")).contains("class=\"agreement"))
    }

    @Test func newResultsFileRebuildsThePage() throws {
        let site = try TestSite(["bars.md": Self.doc])
        defer { site.remove() }
        let digest = SHA256.hex(Array(Self.spec.utf8))
        _ = try build(site, results: Self.resultsJSON(digest: digest))
        // Same docs, a results file where every frame matches: the page must change
        // (the file is part of the build's inputs, not served from the up-to-date check).
        let passing = Self.resultsJSON(digest: digest).replacingOccurrences(of: "\"mismatched\":9", with: "\"mismatched\":0")
            .replacingOccurrences(of: "\"match\":0.994375", with: "\"match\":1")
        _ = try build(site, results: passing)
        #expect(try site.read("bars.html").contains(
            "<summary>CSS vs reference PNG: every frame at or above 99.5% of pixels (worst 99.75%, 4 frames in Chromium)</summary>"))
    }

    @Test func unreadableResultsAreAnIOErrorAndKeepTheOutput() throws {
        let site = try TestSite(["bars.md": Self.doc])
        defer { site.remove() }
        _ = try build(site, results: nil)
        let before = TestSite.hashes(of: site.output)
        let url = site.root.appendingPathComponent("verify.json")
        #expect(throws: SiteBuildError.invalidFile(["\(url.path):1:1: error: not a skelsite verify --json file (no \"results\" array)"])) {
            _ = try self.build(site, results: "{\"images\":[]}")
        }
        #expect(TestSite.hashes(of: site.output) == before)
    }
}
