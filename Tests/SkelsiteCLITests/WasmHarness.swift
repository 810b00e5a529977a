import Foundation
import TestSupport

/// Shared plumbing of the WebAssembly tests: where the repository is, where node is,
/// running a tool, and building skelsite.wasm once per test process (the parity and
/// playground suites both need it, and the build takes tens of seconds).
enum WasmHarness {
    /// The package root: this file lives in Tests/SkelsiteCLITests.
    static let root: URL = Repository.root

    /// `node` from PATH, or nil when absent (the only reason these tests skip).
    static let node: URL? = executable(named: "node")

    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    struct Run: Sendable {
        var status: Int32
        /// stdout and stderr, interleaved as written.
        var output: String
    }

    /// Runs `tool` to completion with stdout and stderr merged into one pipe (two
    /// pipes read one after the other can deadlock when the second fills up).
    /// `extra` is set on top of this process's environment; `wholeEnvironment`, when
    /// given, replaces it (to take variables away).
    static func run(_ tool: URL, _ arguments: [String], in directory: URL = root,
                    environment extra: [String: String] = [:],
                    wholeEnvironment: [String: String]? = nil) throws -> Run {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let wholeEnvironment {
            process.environment = wholeEnvironment.merging(extra) { $1 }
        } else if !extra.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    struct BuildFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// skelsite.wasm built by scripts/build-wasm.sh into a directory of this process's
    /// own, so a test run never overwrites the .build-wasm a developer is using.
    /// scripts/test.sh builds the module once and passes it in SKELSITE_TEST_WASM, so CI
    /// does not pay for a second Embedded Swift build.
    static let builtWasm: Result<URL, BuildFailure> = {
        if let prebuilt = ProcessInfo.processInfo.environment["SKELSITE_TEST_WASM"],
           FileManager.default.fileExists(atPath: prebuilt) {
            return .success(URL(fileURLWithPath: prebuilt))
        }
        let out = FileManager.default.temporaryDirectory
            .appendingPathComponent("skelsite-wasm-tests-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            let sh = URL(fileURLWithPath: "/bin/sh")
            let run = try run(sh, ["scripts/build-wasm.sh", out.path])
            guard run.status == 0 else {
                return .failure(BuildFailure(description: "scripts/build-wasm.sh failed (\(run.status)):\n\(run.output)"))
            }
            return .success(out.appendingPathComponent("skelsite.wasm"))
        } catch {
            return .failure(BuildFailure(description: "could not run scripts/build-wasm.sh: \(error)"))
        }
    }()

    /// A fresh empty directory for one test's files.
    static func scratchDirectory(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("skelsite-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
