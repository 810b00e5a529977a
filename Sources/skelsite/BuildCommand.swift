import ArgumentParser

// STUB: replaced by the build work.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Not yet implemented.")
    func run() throws {
        throw ExitCode(2)
    }
}
