import Foundation
import Testing

/// The JUnit file's timings: `time`, `timestamp` and `hostname` on the test suites
/// and `time` on each test case, in the Ant JUnit format's forms.
enum DiffJUnitTiming {
    static let suiteTiming = #" time="[0-9]+\.[0-9]{3}" timestamp="[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}""#
    static let hostname = #" hostname="[^"]+""#
    static let caseTime = #" time="[0-9]+\.[0-9]{3}""#

    /// The file with every timing attribute removed: what is the same on every run.
    static func withoutTimings(_ xml: String) -> String {
        var out = xml
        for pattern in [suiteTiming, hostname, caseTime] {
            out = out.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        return out
    }

    static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: "^" + pattern + "$", options: .regularExpression) != nil
    }
}

@Suite struct DiffJUnitTimingTests {
    typealias F = DiffCLIFixtures

    @Test func suitesAndCasesCarryTimings() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = Date()
        let result = try CLIRunner.run(["diff", "base", "cur", "--junit", "out.xml"], cwd: root)
        #expect(result.status == 1)
        let xml = try F.text(root.appendingPathComponent("out.xml"))
        let lines = xml.split(separator: "\n").map(String.init)
        let suites = try #require(lines.first { $0.hasPrefix("<testsuites ") })
        let suite = try #require(lines.first { $0.hasPrefix("  <testsuite ") })
        #expect(DiffJUnitTiming.matches(suites, #"<testsuites name="skelsite diff" tests="6" failures="4" errors="0""#
                                        + DiffJUnitTiming.suiteTiming + ">"), "\(suites)")
        #expect(DiffJUnitTiming.matches(suite, #"  <testsuite name="skelsite diff" tests="6" failures="4" errors="0" skipped="0""#
                                        + DiffJUnitTiming.suiteTiming + DiffJUnitTiming.hostname + ">"), "\(suite)")
        let cases = lines.filter { $0.hasPrefix("    <testcase ") }
        #expect(cases.count == 6)
        for line in cases {
            #expect(DiffJUnitTiming.matches(line, #"    <testcase classname="skelsite\.diff" name="[^"]+""#
                                            + DiffJUnitTiming.caseTime + "/?>"), "\(line)")
        }
        // The timestamp is this run's start, in UTC.
        let stamp = try #require(suite.range(of: #"timestamp="[^"]+""#, options: .regularExpression))
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = TimeZone(identifier: "UTC")
        parser.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        let started = try #require(parser.date(from: String(suite[stamp].dropFirst(11).dropLast())))
        #expect(started.timeIntervalSince(before) > -2 && started.timeIntervalSince(before) < 60)
        // The two suites agree on time and timestamp.
        let suitesTiming = suites.range(of: DiffJUnitTiming.suiteTiming, options: .regularExpression).map { suites[$0] }
        let suiteTiming = suite.range(of: DiffJUnitTiming.suiteTiming, options: .regularExpression).map { suite[$0] }
        #expect(suitesTiming != nil && suitesTiming == suiteTiming)
    }
}
