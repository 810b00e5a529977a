import SkelSite
import Foundation
import SkeletonWeb

/// `--junit FILE`: one testcase per image, a failure for each image that fails the run
/// and an error for each pair that could not be read, for CI systems that show JUnit
/// results. Timings (`time`, `timestamp`, `hostname`, as the Ant JUnit format has them)
/// are the only parts that differ between runs of the same input.
public enum DiffJUnitReport {
    /// When and where the run happened, and how long it took.
    public struct Run: Sendable {
        public var seconds: Double
        public var started: Date
        public var hostname: String
        public init(seconds: Double, started: Date, hostname: String) {
            self.seconds = seconds
            self.started = started
            self.hostname = hostname
        }
    }

    public static func render(_ result: DirectoryDiffResult, tolerance: DiffTolerance, run: Run) -> String {
        let s = result.summary
        let timing = "time=\"\(seconds(run.seconds))\" timestamp=\"\(timestamp(run.started))\""
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"skelsite diff\" tests=\"\(s.images)\" failures=\"\(s.failed)\" errors=\"\(s.errors)\" "
        out += "\(timing)>\n"
        out += "  <testsuite name=\"skelsite diff\" tests=\"\(s.images)\" failures=\"\(s.failed)\" errors=\"\(s.errors)\" skipped=\"0\" "
        out += "\(timing) hostname=\"\(escape(run.hostname))\">\n"
        for entry in result.entries {
            let time = "time=\"\(seconds(result.seconds[entry.path] ?? 0))\""
            let name = "classname=\"skelsite.diff\" name=\"\(escape(entry.path))\" \(time)"
            switch entry {
            case .image(let image) where image.failed:
                out += "    <testcase \(name)>\n"
                out += "      <failure type=\"\(image.status.rawValue)\" message=\""
                out += escape(DiffTerminalReport.detail(image, tolerance: tolerance)) + "\"/>\n"
                out += "    </testcase>\n"
            case .image:
                out += "    <testcase \(name)/>\n"
            case .broken(let broken):
                out += "    <testcase \(name)>\n"
                out += "      <error type=\"unreadable\" message=\""
                out += escape(broken.errors.map(\.text).joined(separator: "; ")) + "\"/>\n"
                out += "    </testcase>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Seconds with three decimals, whatever the locale: `0.042`.
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", max(0, value))
    }

    /// ISO 8601 in UTC without a zone, as the Ant JUnit schema's `timestamp` wants it:
    /// `2026-11-27T19:01:25`.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0,
                      c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// This machine's name (`gethostname`), or `localhost` when it has none.
    public static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }

    /// XML attribute escaping: the project's one XML escaper.
    static func escape(_ text: String) -> String {
        XMLText.escape(text)
    }
}
