import Foundation
import Testing
import TestSupport

/// `diff` reads only regular files (site/reference/limits.md, "Baselines"): a FIFO named
/// like a PNG is an unreadable image, reported, never a read that waits for a writer.
@Suite struct DiffSpecialFileTests {
    @Test func aFIFONamedLikeAPNGIsReportedNotRead() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let png = try Data(contentsOf: DiffSpecialFileTests.anyPNG())
        for folder in ["base", "cur"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            try png.write(to: root.appendingPathComponent("\(folder)/a.png"))
        }
        try png.write(to: root.appendingPathComponent("base/b.png"))
        #expect(mkfifo(root.appendingPathComponent("cur/b.png").path, 0o644) == 0)

        // Run with a deadline: the old behaviour was to block on the FIFO for ever.
        let process = Process()
        process.executableURL = try CLIRunner.binary()
        process.arguments = ["diff", "base", "cur", "--json", "report.json"]
        process.currentDirectoryURL = root
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        let finished = !process.isRunning
        if !finished { process.terminate() }
        process.waitUntilExit()
        #expect(finished, "diff still running after 30 s: it read the FIFO")
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2)
        #expect(stderr.contains("cur/b.png: error: not a regular file (a FIFO, device or socket is never read)"), "\(stderr)")
        // The other image was still compared and the report written.
        let report = try String(contentsOf: root.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(report.contains("\"a.png\""), "\(report)")
    }

    /// A small PNG from the repository's goldens.
    static func anyPNG() -> URL {
        Repository.url("Tests/goldens/paint-pulse-light-2x.png")
    }
}
