import ArgumentParser

// STUB: replaced by the verify work.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "verify", abstract: "Not yet implemented.")
    func run() throws {
        throw ExitCode(2)
    }
}
