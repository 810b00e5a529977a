import Foundation
import Testing

/// `skelsite build --verify-results FILE` on the command line: a file it cannot use is
/// an error (exit 2) that names it, and nothing is written. One it cannot read is an
/// I/O error; one whose content is wrong gets a located error per problem
/// (site/reference/limits.md, "Files skelsite reads"), PATH standing for its path.
@Suite struct VerifyResultsOptionTests {
    static let digest = String(repeating: "0123456789abcdef", count: 4)

    @Test(arguments: [
        ("missing.json", nil, "skelsite build: cannot read verify results PATH: "),
        ("wrong.json", "{\"images\":[]}", "PATH:1:1: error: not a skelsite verify --json file (no \"results\" array)\n"),
        ("short.json", "{\"results\":[{\"spec\":\"\(digest)\",\"theme\":\"light\"}]}",
         "PATH:1:13: error: result 1 lacks \"scale\" (a whole number from 1 to 4)\n"
            + "PATH:1:13: error: result 1 lacks \"time\" (a number of seconds from 0 to 1000000000)\n"
            + "PATH:1:13: error: result 1 lacks \"match\" (a number from 0 to 1)\n"),
    ] as [(String, String?, String)])
    func unusableResultsExitTwo(name: String, contents: String?, message: String) throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data("# Home\n".utf8).write(to: root.appendingPathComponent("docs/index.md"))
        if let contents { try Data(contents.utf8).write(to: root.appendingPathComponent(name)) }
        let result = try CLIRunner.run(["build", "docs", "--output", "out", "--verify-results", name], cwd: root)
        let expected = message.replacingOccurrences(of: "PATH", with: root.appendingPathComponent(name).path)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        if contents == nil {
            #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
        } else {
            #expect(result.stderr == expected)
        }
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
