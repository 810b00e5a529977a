import Foundation
import Testing

/// Every usage error exits 2 (site/reference/command-line.md), including those ArgumentParser catches
/// itself, which it would otherwise report as 64.
@Suite struct UsageExitCodeTests {
    @Test(arguments: [
        ["diff", "--max-diff-pixels", "-1", "a", "b"],
        ["render", "x.skel", "--scale"],
        ["no-such-command"],
        ["build", "--no-such-flag"],
        ["serve", "--port", "not-a-number"],
    ])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("Error:") || result.stderr.contains("error:"))
        #expect(result.stdout.isEmpty)
    }

    @Test func helpAndVersionExitZero() throws {
        #expect(try CLIRunner.run(["--help"]).status == 0)
        let version = try CLIRunner.run(["--version"])
        #expect(version.status == 0)
        // The version, then the fingerprint render-cache keys start with: version,
        // artifacts format, the PNG encoder's, and this binary's size and modification time.
        let binary = try CLIRunner.binary()
        let attributes = try FileManager.default.attributesOfItem(atPath: binary.path)
        let size = try #require(attributes[.size] as? NSNumber).intValue
        let modified = try #require(attributes[.modificationDate] as? Date).timeIntervalSince1970
        #expect(version.stdout == "skelsite 0.1.0\nrenderer fingerprint: skelsite 0.1.0|component-artifacts-6|png-2|\(size)-\(modified)\n")
    }
}
