import ArgumentParser

// STUB: replaced by the serve work.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Not yet implemented.")
    func run() throws {
        throw ExitCode(2)
    }
}
