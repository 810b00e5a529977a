import ArgumentParser

/// Exit codes everywhere: 0 success (for diff: no difference), 1 failure found
/// (invalid spec, pixels differ), 2 usage or I/O error.
@main
struct Skelsite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skelsite",
        abstract: "Design, document and test skeleton loading components.",
        subcommands: [
            BuildCommand.self, RenderCommand.self, DiffCommand.self, BaselineCommand.self,
            VerifyCommand.self, CheckCommand.self, ServeCommand.self, InitCommand.self,
        ]
    )
}
