import ArgumentParser
import Foundation
import SkelSite
import SkelsiteCapture

/// `skelsite capture FILE.html [--selector CSS] [--width W ...] [--output SPEC.skel] [--chromium PATH]`:
/// a spec drafted from the content's boxes in headless Chromium
/// (site/guides/fit-the-content.md, "Draft a spec from the content").
///
/// Exit codes: 0 the draft is written; 1 nothing to capture (the selector matches
/// nothing, nothing draws, a stylesheet the file links cannot be read); 2 usage or I/O
/// error (no such file, a bad width or selector, no browser, an unwritable output).
struct CaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Draft a skeleton spec from the content it stands in for.",
        discussion: """
            Headless Chromium lays out FILE (its <style> elements and <link \
            rel=stylesheet> files apply, as for fit's content=FILE) at each --width, \
            and capture writes a spec of the chosen element's boxes: text lines \
            from the line boxes, images, video, svg and painted boxes as rects, \
            circles and capsules, rows and columns with their gaps and padding, \
            repeated children as repeat, width=fill where the element's width \
            follows the viewport. The draft is as tall as the content at the first \
            width, so fit scores it at zero shift there; it is a starting point to edit.
            """
    )

    @Argument(help: ArgumentHelp("The HTML file of the content.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The element to capture, a CSS selector matched in the content (default: its first element).",
                               valueName: "css"))
    var selector: String?

    // Repeatable: the first is the reference width, the others go in widths=.
    @Option(help: ArgumentHelp("A viewport width in CSS pixels; repeat it for more (default: 360).", valueName: "w"))
    var width: [Checked<WidthRule>] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the draft to this file (default: standard output).", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("The Chromium executable (default: chromium).", valueName: "path"))
    var chromium: String?

    /// A reference width and six listed ones (site/reference/skeleton.md, `widths=`).
    static let maxWidths = 7

    func validate() throws {
        for value in width { try value.check("--width") }
        var seen: [Double] = []
        for value in width {
            if seen.contains(value.value) { throw UsageError(message: "--width \(value.text) is given twice") }
            seen.append(value.value)
        }
        if width.count > Self.maxWidths {
            throw UsageError(message: "--width is given \(width.count) times; at most \(Self.maxWidths) (a reference width and six more)")
        }
        if let selector, selector.trimmingCharacters(in: .whitespaces).isEmpty {
            throw UsageError(message: "--selector is empty; give a CSS selector such as .card")
        }
    }

    func run() throws {
        let widths = width.isEmpty ? [360] : width.map(\.value)
        if let output {
            do { try UserFile.checkReplaceable(output) } catch { throw UsageError(message: error.description) }
        }
        // The file first: a missing file is reported without starting a browser.
        do { _ = try CaptureRun.content(ofFile: file) } catch { throw Self.failure(error) }
        let browser: CaptureChromium
        do {
            browser = try CaptureChromium(executable: chromium ?? "chromium")
        } catch {
            throw UsageError(message: "\(error)")
        }
        defer { browser.shutdown() }
        let draft: String
        do {
            draft = try CaptureRun.draft(file: file, selector: selector, widths: widths, in: browser)
        } catch let problem as CaptureRun.Problem {
            throw Self.failure(problem)
        } catch {
            throw UsageError(message: "\(error)")
        }
        guard let output else {
            print(draft, terminator: "")
            return
        }
        do { try UserFile.write(draft, to: output) } catch { throw UsageError(message: error.description) }
        FileHandle.standardError.write(Data("wrote \(output)\n".utf8))
    }

    /// A usage problem exits 2 as `error: …`; nothing to capture exits 1.
    static func failure(_ problem: CaptureRun.Problem) -> Error {
        switch problem {
        case .usage(let text): return UsageError(message: text)
        case .invalid(let text):
            let located = text.contains(": error: ")
            FileHandle.standardError.write(Data(((located ? "" : "error: ") + text + "\n").utf8))
            return ExitCode(1)
        }
    }
}
