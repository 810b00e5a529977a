import ArgumentParser
import Foundation
import SkelSite
import SkeletonCore

/// `skelsite render FILE [--name NAME] [--time T] [--scale S] [--theme light|dark] [--width W] --output OUT.png`
///
/// Exit codes: 0 written; 1 the spec is invalid (every diagnostic printed to standard
/// error, no file written); 2 usage or I/O error (bad option value, missing file, no
/// such spec, an output that is not a regular file or cannot be written).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one spec to a PNG frame.",
        discussion: """
            FILE is a .skel file holding one spec, or a Markdown file: its first \
            ```skeleton block, or the one whose title is --name. --output is replaced \
            only when it is a regular file (not a link, FIFO or device).
            """
    )

    // Optional, so that a missing FILE or --output reads as skelsite's own usage error.
    @Argument(help: "A .skel file or a Markdown file.")
    var file: String?

    @Option(help: "Title of the spec to render from a Markdown file (default: the first).")
    var name: String?

    // The t = 0 frame is the solid base: the reduced-motion picture and the docs' still.
    // .unconditional: "-1" is the value (and an error), not a missing one.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Time in seconds from when the component shows, at least 0.", valueName: "seconds"))
    var time = Checked<SecondsRule>(argument: "0")

    // One pixel per point, like a browser at 100% zoom.
    @Option(parsing: .unconditional, help: "Pixels per point, 1...4.")
    var scale = Checked<ScaleRule>(argument: "1")

    // Light is the default theme of the gallery and of most pages.
    @Option(help: "Which colour set.")
    var theme = Checked<ThemeRule>(argument: "light")

    // Unset: the reference width, the one the build's light@1x.png shows.
    @Option(help: ArgumentHelp("A fluid spec's width in points, within its min-width and max-width (default: its reference width).",
                               valueName: "points"))
    var width: Checked<WidthRule>?

    @Option(help: ArgumentHelp("Where to write the PNG (a regular file; replaced atomically).", valueName: "png"))
    var output: String?

    @OptionGroup var reporting: FormatOption

    @OptionGroup var project: ProjectOptions

    @Argument(parsing: .allUnrecognized, help: .hidden)
    var unexpected: [String] = []

    var format: OutputFormat { reporting.format.value }

    func validate() throws {
        if let extra = unexpected.first { throw UsageError(message: "unexpected argument '\(extra)'") }
        if file == nil { throw UsageError(message: "missing FILE") }
        try time.check("--time")
        try scale.check("--scale")
        try theme.check("--theme")
        try width?.check("--width")
        guard let output, !output.isEmpty else { throw UsageError(message: "missing --output OUT.png") }
    }

    func run() throws {
        let file = file ?? "", output = output ?? ""
        // Refused before any work: a FIFO, device or link at --output is never replaced.
        do { try UserFile.checkReplaceable(output) } catch { throw UsageError(message: error.description) }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw UsageError(message: "cannot read '\(file)'")
        }
        let bytes = [UInt8](data)
        let source: RenderSpecSource
        switch RenderSpecSource.pick(from: bytes, path: file, name: name) {
        case .success(let found): source = found
        case .failure(let problem): throw UsageError(message: problem.message)
        }
        // As in a build: the project file's spec defaults, then a doc's front matter.
        let defaults = DocumentDefaults.read(project: try project.load(), file: file, bytes: bytes)
        var result = SpecParser.parseWithinBounds(source.text, firstLine: source.firstLine, columnOffset: source.columnOffset,
                                                  inheriting: defaults.settings)
        // A front matter error fails the doc's build, so it fails its render too.
        if !defaults.errors.isEmpty { result = ParseResult(spec: nil, diagnostics: defaults.errors + result.diagnostics) }
        let errors = result.diagnostics.filter { $0.severity == .error }
        let diagnostics = result.diagnostics.map { d in
            FileDiagnostic(path: file, d, sourceLine: DiagnosticFormatter.line(d.position.line, in: bytes))
        }
        guard errors.isEmpty, let parsed = result.spec else {
            if format == .text {
                FileHandle.standardError.write(Data(DiagnosticFormatter.render(result.diagnostics, path: file,
                                                                               file: bytes).utf8))
            } else {
                DiagnosticPrinter.emit(diagnostics, format: format)
            }
            throw ExitCode(1)
        }
        let spec = try resized(parsed)
        let layout = LayoutEngine.layout(spec)
        let image = Painter.paint(spec, layout: layout, time: time.value, scale: scale.value, theme: theme.value)
        let png = PNGEncoder.encode(image)
        do { try UserFile.write(png, to: output) } catch { throw UsageError(message: error.description) }
        if format == .json {
            DiagnosticPrinter.emit(diagnostics, format: .json, extra: [
                ("output", JSONText.string(output)), ("width", String(image.width)), ("height", String(image.height)),
            ])
            return
        }
        if !diagnostics.isEmpty { DiagnosticPrinter.emit(diagnostics, format: format) }
        print("wrote \(output) (\(image.width)x\(image.height) px)")
    }

    /// The spec at `--width`: only a fluid spec has another width, and only within its
    /// bounds (a usage error otherwise, as the value does not fit this spec).
    func resized(_ spec: Spec) throws(UsageError) -> Spec {
        guard let width else { return spec }
        guard let fluid = spec.fluid else {
            throw UsageError(message: "--width applies to a fluid spec (skeleton width=fill or a percentage); this one is \(VerifyReport.number(spec.width)) points wide")
        }
        guard fluid.clamp(width.value) == width.value else {
            throw UsageError(message: "--width \(width.text) is outside the spec's min-width and max-width (\(VerifyReport.number(fluid.minWidth ?? 0))...\(VerifyReport.number(fluid.maxWidth ?? Limits.maxDimension)))")
        }
        return spec.at(width: width.value)
    }
}
