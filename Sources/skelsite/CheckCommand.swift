import ArgumentParser

// STUB: replaced by the check work.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Not yet implemented.")
    func run() throws {
        throw ExitCode(2)
    }
}
