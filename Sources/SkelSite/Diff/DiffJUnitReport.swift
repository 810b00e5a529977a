import SkeletonWeb

/// `--junit FILE`: one testcase per image, a failure for each image that fails the run,
/// for CI systems that show JUnit results. No timings, so the file is deterministic.
public enum DiffJUnitReport {
    public static func render(_ result: DirectoryDiffResult, tolerance: DiffTolerance) -> String {
        let s = result.summary
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"skelsite diff\" tests=\"\(s.images)\" failures=\"\(s.failed)\" errors=\"0\">\n"
        out += "  <testsuite name=\"skelsite diff\" tests=\"\(s.images)\" failures=\"\(s.failed)\" errors=\"0\" skipped=\"0\">\n"
        for image in result.images {
            let name = "classname=\"skelsite.diff\" name=\"\(escape(image.path))\""
            if image.failed {
                out += "    <testcase \(name)>\n"
                out += "      <failure type=\"\(image.status.rawValue)\" message=\""
                out += escape(DiffTerminalReport.detail(image, tolerance: tolerance)) + "\"/>\n"
                out += "    </testcase>\n"
            } else {
                out += "    <testcase \(name)/>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// XML attribute escaping: the project's one XML escaper.
    static func escape(_ text: String) -> String {
        XMLText.escape(text)
    }
}
