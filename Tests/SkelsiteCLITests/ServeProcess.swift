import Foundation
import Testing

/// `skelsite serve docs --port 0 --output out` started in a folder, for the serve tests.
enum ServeProcess {
    /// Starts serve in `root` (extra `environment` on top of the test's own) and returns
    /// the running process and the port its banner names. The caller terminates it.
    static func start(in root: URL, environment extra: [String: String] = [:]) throws -> (process: Process, port: UInt16) {
        let process = Process()
        process.executableURL = try CLIRunner.binary()
        process.arguments = ["serve", "docs", "--port", "0", "--output", "out"]
        process.currentDirectoryURL = root
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        do {
            return (process, try boundPort(stdout))
        } catch {
            process.terminate()
            throw error
        }
    }

    /// Whether `process` has exited with status 0; one still running is killed (its
    /// status cannot be read then: Foundation traps, ending the whole test run).
    static func stoppedCleanly(_ process: Process) -> Bool {
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return false
        }
        return process.terminationStatus == 0
    }

    /// Reads serve's banner and returns the port it names.
    static func boundPort(_ stdout: Pipe) throws -> UInt16 {
        var banner = ""
        let deadline = Date().addingTimeInterval(60)
        while !banner.contains("\n"), Date() < deadline {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            banner += String(decoding: chunk, as: UTF8.self)
        }
        let match = banner.firstMatch(of: /Serving docs at http:\/\/127\.0\.0\.1:(\d+)\//)
        return try #require(match.flatMap { UInt16($0.1) }, "serve printed no banner: \(banner)")
    }
}
