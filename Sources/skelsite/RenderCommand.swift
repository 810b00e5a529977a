import ArgumentParser

// STUB: replaced by the render work.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "Not yet implemented.")
    func run() throws {
        throw ExitCode(2)
    }
}
