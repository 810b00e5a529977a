import ArgumentParser
import Foundation
import Platform
import SkelSite

/// Exit codes everywhere: 0 success (for diff: no difference), 1 failure found
/// (invalid spec, pixels differ), 2 usage or I/O error.
@main
struct Skelsite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skelsite",
        abstract: "Design, document and test skeleton loading components.",
        // `skelsite --version`: the version, then the fingerprint render-cache keys start
        // with (RendererFingerprint), so "why did nothing come from the cache" has an answer;
        // a released binary adds how scripts/package.sh built it (UnpackedPayload).
        version: "skelsite \(SkelSiteInfo.version)\nrenderer fingerprint: \(RendererFingerprint.current())"
            + (UnpackedPayload.buildInfo.map { "\nbuild: \($0)" } ?? ""),
        subcommands: [
            BuildCommand.self, RenderCommand.self, DiffCommand.self, BaselineCommand.self,
            VerifyCommand.self, CheckCommand.self, ServeCommand.self, InitCommand.self, ExportCommand.self, FitCommand.self, CaptureCommand.self,
        ]
    )

    /// Every usage error exits 2 (site/reference/command-line.md), so scripts can tell
    /// "the tool was misused" from "pixels differ" (1). ArgumentParser's own parse errors
    /// would exit 64 (EX_USAGE): they keep its message and get a pointer to the help.
    /// A `UsageError` (from a command's `validate()` or `run()`) prints as it is.
    static func main() async {
        // Frames, screenshots and their rows are MBs each (MallocTuning says why).
        MallocTuning.apply()
        let command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }
            if code == .validationFailure {
                printError(fullMessage(for: error) + "\nRun 'skelsite help' for usage.")
            } else {
                // A validate() error: `message` is the error's own description.
                printError(message(for: error))
            }
            Foundation.exit(2)
        }
        do {
            var command = command
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as UsageError {
            printError(error.description)
            Foundation.exit(2)
        } catch {
            exit(withError: error)
        }
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
