import ArgumentParser

// STUB: replaced by the diff work.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "diff", abstract: "Not yet implemented.")
    func run() throws {
        throw ExitCode(2)
    }
}
