import Foundation

/// Runs a command in the repository with CHROMIUM set when one is installed (the browser
/// checks' node scripts read it); standard output and error together, through a file, so
/// a chatty command cannot fill a pipe.
enum RepositoryCommand {
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let scratch = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let log = scratch.appendingPathComponent("output")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = GallerySiteBuild.repository
        var environment = ProcessInfo.processInfo.environment
        environment["CHROMIUM"] = GalleryBrowserTests.chromium
        process.environment = environment
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: log), as: UTF8.self))
    }
}
