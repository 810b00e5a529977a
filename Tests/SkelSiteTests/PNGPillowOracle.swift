import Foundation
import TestSupport

/// Runs scripts/oracle/png_pillow.py (Pillow as the reference PNG implementation).
enum PNGPillowOracle {
    static let packageRoot = Repository.root
    static let script = packageRoot.appendingPathComponent("scripts/oracle/png_pillow.py").path

    /// Whether python3 with Pillow is installed (the tests are skipped, saying so, if not).
    static let available: Bool = (try? run(["-c", "import PIL"])) != nil

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs python3 with `arguments`; returns stdout, throws on a non-zero exit.
    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "python3 \(arguments.joined(separator: " ")) failed: "
                         + String(decoding: stderr, as: UTF8.self))
        }
        return String(decoding: stdout, as: UTF8.self)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("png-pillow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
