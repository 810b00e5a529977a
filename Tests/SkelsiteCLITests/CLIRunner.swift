import Foundation

/// Runs the built `skelsite` binary, for end-to-end tests of the command line.
///
/// The binary is found next to the test bundle (`.build/<config>/skelsite`), which
/// `swift test` builds along with the tests. Output goes through files rather than
/// pipes, so a chatty command cannot deadlock on a full pipe.
enum CLIRunner {
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `.build/<config>/skelsite`, found from this test process's own executable.
    static func binary() throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        // The runner may be inside `X.xctest/...` on some platforms: walk up to the build folder.
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("skelsite")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        throw Failure(description: "skelsite binary not found near \(CommandLine.arguments[0]); run `swift build` first")
    }

    /// Runs `skelsite ARGS` (or `program ARGS`) in `cwd` (default: the current folder)
    /// and waits for it; `environment` entries are set on top of this process's
    /// environment. Output goes through files (a pipe could fill up and stall it).
    static func run(_ arguments: [String], cwd: URL? = nil, stdin: String? = nil,
                    environment: [String: String] = [:], program: URL? = nil) throws -> Result {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = try program ?? binary()
        process.arguments = arguments
        if let cwd { process.currentDirectoryURL = cwd }
        // A CI job's step summary is the job's, not the tests': `diff` appends to it when
        // GITHUB_STEP_SUMMARY is set, so only a test that sets it gets it.
        var inherited = ProcessInfo.processInfo.environment
        inherited["GITHUB_STEP_SUMMARY"] = nil
        process.environment = inherited.merging(environment) { $1 }
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// A fresh empty folder under the system's temporary folder; the caller removes it.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("skelsite-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
