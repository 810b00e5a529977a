import ArgumentParser

// STUB: replaced by the init work.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Not yet implemented.")
    func run() throws {
        throw ExitCode(2)
    }
}
