import ArgumentParser
import Foundation
import SkelSite
import SkeletonCore

/// `skelsite render FILE [--name NAME] [--time T] [--scale S] [--theme light|dark] --output OUT.png`
///
/// Exit codes: 0 written; 1 the spec is invalid (every diagnostic printed to standard
/// error, no file written); 2 usage or I/O error (bad option value, missing file, no
/// such spec, unwritable output). Options are validated here rather than by
/// ArgumentParser so that usage errors exit 2 like every other skelsite error
/// (ArgumentParser's own parse errors exit 64).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one spec to a PNG frame.",
        discussion: """
            FILE is a .skel file holding one spec, or a Markdown file: its first \
            ```skeleton block, or the one whose title is --name.
            """
    )

    @Argument(help: "A .skel file or a Markdown file.")
    var file: String?

    @Option(help: "Title of the spec to render from a Markdown file (default: the first).")
    var name: String?

    // The t = 0 frame is the solid base: the reduced-motion picture and the docs' still.
    @Option(help: "Time in seconds of the frame (default 0).")
    var time: String?

    // One pixel per point, like a browser at 100% zoom.
    @Option(help: "Pixels per point, 1...4 (default 1).")
    var scale: String?

    // Light is the default theme of the gallery and of most pages.
    @Option(help: "light or dark (default light).")
    var theme: String?

    @Option(help: "Where to write the PNG.")
    var output: String?

    @Option(help: "Diagnostics and result as text (default), json (one document on stdout) or github (Actions annotations).")
    var format: OutputFormat = .text

    @Argument(parsing: .allUnrecognized, help: .hidden)
    var unexpected: [String] = []

    func run() throws {
        let request: RenderRequest
        switch RenderRequest.validate(self) {
        case .success(let valid): request = valid
        case .failure(let problem): throw Self.fail(problem.message, code: 2)
        }
        guard let data = FileManager.default.contents(atPath: request.file) else {
            throw Self.fail("cannot read '\(request.file)'", code: 2)
        }
        let bytes = [UInt8](data)
        let source: RenderSpecSource
        switch RenderSpecSource.pick(from: bytes, path: request.file, name: request.name) {
        case .success(let found): source = found
        case .failure(let problem): throw Self.fail(problem.message, code: 2)
        }
        let result = SpecParser.parseWithinBounds(source.text, firstLine: source.firstLine, columnOffset: source.columnOffset)
        let errors = result.diagnostics.filter { $0.severity == .error }
        let diagnostics = result.diagnostics.map { d in
            FileDiagnostic(path: request.file, d, sourceLine: DiagnosticFormatter.line(d.position.line, in: bytes))
        }
        guard errors.isEmpty, let spec = result.spec else {
            if format == .text {
                FileHandle.standardError.write(Data(DiagnosticFormatter.render(result.diagnostics, path: request.file,
                                                                               file: bytes).utf8))
            } else {
                DiagnosticPrinter.emit(diagnostics, format: format)
            }
            throw ExitCode(1)
        }
        let layout = LayoutEngine.layout(spec)
        let image = Painter.paint(spec, layout: layout, time: request.time, scale: request.scale, theme: request.theme)
        let png = PNGEncoder.encode(image)
        do {
            try RenderOutputFile.write(png, to: request.output)
        } catch {
            throw Self.fail("cannot write '\(request.output)': \(error.localizedDescription)", code: 2)
        }
        if format == .json {
            DiagnosticPrinter.emit(diagnostics, format: .json, extra: [
                ("output", JSONText.string(request.output)), ("width", String(image.width)), ("height", String(image.height)),
            ])
            return
        }
        if !diagnostics.isEmpty { DiagnosticPrinter.emit(diagnostics, format: format) }
        print("wrote \(request.output) (\(image.width)x\(image.height) px)")
    }

    static func fail(_ message: String, code: Int32) -> ExitCode {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return ExitCode(code)
    }
}

/// Validated options of `render`.
struct RenderRequest {
    var file: String
    var name: String?
    var time: Double
    var scale: Int
    var theme: Theme
    var output: String

    struct Problem: Error {
        var message: String
    }

    static func validate(_ command: RenderCommand) -> Result<RenderRequest, Problem> {
        if let extra = command.unexpected.first {
            return .failure(Problem(message: "unexpected argument '\(extra)'"))
        }
        guard let file = command.file else { return .failure(Problem(message: "missing FILE")) }
        guard let output = command.output, !output.isEmpty else {
            return .failure(Problem(message: "missing --output OUT.png"))
        }
        var time = 0.0
        if let text = command.time {
            guard let value = Double(text), value.isFinite else {
                return .failure(Problem(message: "--time must be a number of seconds, got '\(text)'"))
            }
            time = value
        }
        var scale = 1
        if let text = command.scale {
            guard let value = Int(text), (1...Limits.maxScale).contains(value) else {
                return .failure(Problem(message: "--scale must be a whole number from 1 to \(Limits.maxScale), got '\(text)'"))
            }
            scale = value
        }
        var theme = Theme.light
        switch command.theme {
        case nil, "light": theme = .light
        case "dark": theme = .dark
        case let other?: return .failure(Problem(message: "--theme must be light or dark, got '\(other)'"))
        }
        return .success(RenderRequest(file: file, name: command.name, time: time, scale: scale, theme: theme,
                                      output: output))
    }
}
