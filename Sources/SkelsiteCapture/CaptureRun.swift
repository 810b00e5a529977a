import Foundation
import SkelSite

/// `skelsite capture`: reads a content file as `fit` reads `content=FILE`, lays it out in
/// Chromium at each width, and drafts a spec from its boxes.
public enum CaptureRun {
    /// Why a capture stops: `usage` problems exit 2 (a file that cannot be read, a
    /// selector that is not CSS), `invalid` ones exit 1 (nothing to capture, a stylesheet
    /// the file names that cannot be read).
    public enum Problem: Error, CustomStringConvertible {
        case usage(String)
        case invalid(String)

        public var description: String {
            switch self {
            case .usage(let text), .invalid(let text): return text
            }
        }
    }

    /// The content file's markup and stylesheets, read exactly as `fit` reads a spec's
    /// `content=FILE` (its `<style>` elements and `<link rel=stylesheet>` files, the
    /// links relative to it and inside its folder), so capture and fit lay out the same page.
    public static func content(ofFile path: String) throws(Problem) -> SpecContent {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .usage("cannot read '\(path)': no such file")
        }
        if isFolder.boolValue { throw .usage("cannot read '\(path)': it is a folder") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .usage("cannot read '\(path)': permission denied")
        }
        // The file itself may be a link (a path given on the command line is the user's);
        // the stylesheets it names are read as fit reads them.
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let folder = resolved.deletingLastPathComponent()
        let name = resolved.lastPathComponent
        let shownFolder = (path as NSString).deletingLastPathComponent
        let prefix = shownFolder.isEmpty ? "" : shownFolder + "/"
        let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let doc = "```skeleton\nskeleton content=\"" + escaped + "\"\n```\n"
        let found = SpecContentScanner.scan(markdown: doc, relative: "capture.md", source: folder, displayPrefix: prefix)
        if let problem = found.problems.first {
            // The reference's own position is in the made-up doc: only the message is the user's.
            if problem.hasPrefix(prefix + "capture.md:"), let range = problem.range(of: ": error: ") {
                throw .usage("cannot read '\(path)': " + problem[range.upperBound...].replacingOccurrences(of: "content file '\(name)' ", with: ""))
            }
            throw .invalid(problem)
        }
        guard let content = found.content.values.first else { throw .usage("cannot read '\(path)'") }
        return content
    }

    /// A second width for a single `--width`, so a fluid root shows itself: 40 px
    /// narrower (wider below 200 px).
    public static func probe(for width: Double) -> Double { width >= 200 ? width - 40 : width + 40 }

    /// The draft of `file` at `widths` (the first is the reference), in `browser`.
    public static func draft(file path: String, selector: String?, widths: [Double],
                             in browser: CaptureChromium) throws -> String {
        let content = try content(ofFile: path)
        let measured = widths.count > 1 ? widths : widths + [probe(for: widths[0])]
        let answers = try browser.measure(html: content.html, css: content.css, selector: selector, widths: measured)
        var snapshots: [CaptureSnapshot] = []
        let name = (path as NSString).lastPathComponent
        for answer in answers {
            switch answer {
            case .snapshot(let snapshot): snapshots.append(snapshot)
            case .badSelector:
                throw Problem.usage("--selector '\(selector ?? "")' is not a valid CSS selector")
            case .nothing:
                if let selector { throw Problem.invalid("the selector '\(selector)' matches nothing in \(path)") }
                throw Problem.invalid("\(path) has no element to capture")
            }
        }
        guard let draft = CaptureDraft.draft(snapshots, file: name, selector: selector, listed: Array(widths.dropFirst())) else {
            let what = selector.map { "the element '\($0)' matches" } ?? "the first element of \(path)"
            throw Problem.invalid("nothing in \(what) draws at \(CaptureDraft.number(widths[0])) px: no text, image or painted box")
        }
        return draft
    }
}
