import ArgumentParser
import Foundation

/// Exit codes everywhere: 0 success (for diff: no difference), 1 failure found
/// (invalid spec, pixels differ), 2 usage or I/O error.
@main
struct Skelsite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skelsite",
        abstract: "Design, document and test skeleton loading components.",
        version: "0.1.0",
        subcommands: [
            BuildCommand.self, RenderCommand.self, DiffCommand.self, BaselineCommand.self,
            VerifyCommand.self, CheckCommand.self, ServeCommand.self, InitCommand.self,
        ]
    )

    /// ArgumentParser exits 64 (EX_USAGE) on bad arguments; DESIGN.md promises 2 for every
    /// usage error, so scripts can tell "the tool was misused" from "pixels differ" (1).
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                FileHandle.standardError.write(Data("Run 'skelsite help' for usage.\n".utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
