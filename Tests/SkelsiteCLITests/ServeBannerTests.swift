import Foundation
import Testing

/// `serve --port 0`: the first line serve prints, on either stream, names the port
/// (site/reference/command-line.md, "serve"), so a script reading the merged output
/// finds it without skipping the first build's lines.
@Suite struct ServeBannerTests {
    @Test func theAddressComesBeforeTheFirstBuildsLines() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let docs = root.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try Data("# Card\n\n```skeleton\nskeleton \"Card\" width=120\n  rect 100x20\n```\n".utf8)
            .write(to: docs.appendingPathComponent("card.md"))
        let process = Process()
        process.executableURL = try CLIRunner.binary()
        process.arguments = ["serve", "docs", "--port", "0", "--output", "out"]
        process.currentDirectoryURL = root
        // One pipe for both streams: what a terminal or `2>&1` shows.
        let merged = Pipe()
        process.standardOutput = merged
        process.standardError = merged
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        var text = ""
        let deadline = Date().addingTimeInterval(60)
        while text.components(separatedBy: "\n").count < 3, Date() < deadline {
            let chunk = merged.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let lines = text.split(separator: "\n").map(String.init)
        try #require(lines.count >= 2, "serve printed: \(text)")
        #expect(lines[0].firstMatch(of: /^Serving docs at http:\/\/127\.0\.0\.1:\d+\/ \(Ctrl-C to stop\)$/) != nil, "\(lines)")
        #expect(lines[1].hasPrefix("rebuilt: 1 docs, rendered 1, cached 0 in "), "\(lines)")
    }
}
