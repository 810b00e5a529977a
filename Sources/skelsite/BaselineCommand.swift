import ArgumentParser

// STUB: replaced by the baseline work.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "baseline", abstract: "Not yet implemented.")
    func run() throws {
        throw ExitCode(2)
    }
}
