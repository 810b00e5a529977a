import Foundation
import Testing
@testable import SkelSite

/// A doc's front matter warnings are capped like a spec's errors
/// (site/reference/limits.md, "Diagnostics"). Before: one warning per unknown key,
/// 150 here, each printed with its source line.
@Suite struct FrontMatterWarningCapTests {
    @Test func aHundredWarningsThenOneSummary() throws {
        let keys = (1...150).map { "extra\($0): x" }.joined(separator: "\n")
        let site = try TestSite(["index.md": "---\ntitle: Home\n\(keys)\n---\n# Home\n"])
        defer { site.remove() }
        let report = try site.builder().check()
        #expect(report.succeeded)
        #expect(report.diagnostics.count == 101)
        #expect(report.diagnostics[99].message == "unknown front matter key 'extra100' is ignored")
        #expect(report.diagnostics[99].line == 102)
        let summary = report.diagnostics[100]
        #expect(summary.severity == .warning)
        #expect(summary.message == "too many warnings; stopped reporting after the first 100 (50 more not shown)")
        #expect((summary.line, summary.column) == (103, 1))
    }
}
