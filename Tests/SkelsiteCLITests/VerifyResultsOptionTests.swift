import Foundation
import Testing

/// `skelsite build --verify-results FILE` on the command line: a file it cannot use is
/// an I/O error (exit 2) that names it, and nothing is written.
@Suite struct VerifyResultsOptionTests {
    @Test(arguments: [
        ("missing.json", nil, "cannot read verify results"),
        ("wrong.json", "{\"images\":[]}", "wrong.json: not a skelsite verify --json file (no \"results\" array)"),
        ("short.json", "{\"results\":[{\"spec\":\"ab\",\"theme\":\"light\"}]}",
         "short.json: result 1 lacks theme, scale, time or match"),
    ] as [(String, String?, String)])
    func unusableResultsExitTwo(name: String, contents: String?, message: String) throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data("# Home\n".utf8).write(to: root.appendingPathComponent("docs/index.md"))
        if let contents { try Data(contents.utf8).write(to: root.appendingPathComponent(name)) }
        let result = try CLIRunner.run(["build", "docs", "--output", "out", "--verify-results", name], cwd: root)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("skelsite build: "))
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
    }

    /// A FIFO is refused rather than read (the read would block for ever), and a
    /// device likewise (site/reference/limits.md, "Files skelsite writes").
    @Test func aFIFOOrDeviceIsRefusedNotRead() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data("# Home\n".utf8).write(to: root.appendingPathComponent("docs/index.md"))
        #expect(mkfifo(root.appendingPathComponent("fifo.json").path, 0o644) == 0)
        let fifo = try CLIRunner.run(["build", "docs", "--output", "out", "--verify-results", "fifo.json"], cwd: root)
        #expect(fifo.status == 2)
        let path = root.appendingPathComponent("fifo.json").path
        #expect(fifo.stderr == "skelsite build: cannot read verify results \(path): it is a FIFO, not a regular file\n")
        let device = try CLIRunner.run(["build", "docs", "--output", "out", "--verify-results", "/dev/zero"], cwd: root)
        #expect(device.status == 2)
        #expect(device.stderr == "skelsite build: cannot read verify results /dev/zero: it is a character device, not a regular file\n")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
    }
}
