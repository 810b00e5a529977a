import Foundation
import SkelSite
import SkeletonCore
import SkelsiteFit
import TestSupport
import Testing
@testable import SkelsiteCapture

/// The five content samples of site/gallery/captured-from-content.md (a list row, a card
/// with media, a profile header, a table, a chat bubble list), captured in one Chromium:
/// each draft parses with no diagnostics and is the page's spec byte for byte, the page's
/// content is the sample's, and `fit` swaps the content in at zero shift at the captured width.
@Suite struct CaptureSamplesBrowserTests {
    static let chromiumAvailable = InstalledBrowsers.chromium

    static let samples = ["list-row", "card-with-media", "profile-header", "invoice-table", "chat-bubbles"]
    static let page = "site/gallery/captured-from-content.md"

    /// The page's ```skeleton blocks, in order, each with its text and fence line.
    static func specBlocks(_ markdown: String) -> [(line: Int, text: String)] {
        var blocks: [(Int, String)] = []
        var open: Int?
        var body: [Substring] = []
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let start = open {
                if line == "```" {
                    blocks.append((start, body.joined(separator: "\n") + "\n"))
                    open = nil
                } else {
                    body.append(line)
                }
            } else if line == "```skeleton" {
                open = index + 1
                body = []
            }
        }
        return blocks
    }

    @Test(.enabled(if: chromiumAvailable, "chromium not installed"))
    func theGalleryDraftsAreCapturesDraftsAndFitAtZeroShift() throws {
        let markdown = try String(contentsOf: Repository.url(Self.page), encoding: .utf8)
        let blocks = Self.specBlocks(markdown)
        try #require(blocks.count == Self.samples.count)
        let contents = SpecContentScanner.scan(markdown: markdown, relative: "captured-from-content.md",
                                               source: Repository.url("site/gallery")).content
        let browser = try CaptureChromium()
        defer { browser.shutdown() }
        for (name, block) in zip(Self.samples, blocks) {
            let path = Repository.url("Tests/capture-samples/\(name).html").path
            let draft = try CaptureRun.draft(file: path, selector: nil, widths: [360], in: browser)
            let parsed = SpecParser.parse(draft)
            #expect(parsed.diagnostics.isEmpty, "\(name): \(parsed.diagnostics)")
            #expect(draft == block.text, "\(name): capture drafts\n\(draft)")
            // The page's ```html and ```css blocks are the sample file's markup and stylesheet.
            let sample = try CaptureRun.content(ofFile: path)
            let shown = try #require(contents[block.line], "\(name): no content after the spec")
            #expect(shown.html.trimmingCharacters(in: .whitespacesAndNewlines)
                    == sample.html.trimmingCharacters(in: .whitespacesAndNewlines), "\(name): html")
            #expect(shown.css.trimmingCharacters(in: .whitespacesAndNewlines)
                    == sample.css.trimmingCharacters(in: .whitespacesAndNewlines), "\(name): css")
        }

        // fit, at the captured width (a fixed draft's own width), in light and dark.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capture-fit-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(markdown.utf8).write(to: folder.appendingPathComponent("captured-from-content.md"))
        let found = try FitRun.cases(in: folder)
        #expect(found.problems.isEmpty, "\(found.problems)")
        #expect(found.cases.count == 2 * Self.samples.count)
        let fit = try FitChromium()
        defer { fit.shutdown() }
        let measured = try FitRun.measure(found.cases, in: fit)
        #expect(measured.problems.isEmpty, "\(measured.problems)")
        #expect(measured.results.count == 2 * Self.samples.count)
        for result in measured.results {
            let at = "\(result.item.path):\(result.item.line) w=\(result.item.width)"
            #expect(result.item.width == 360 || result.item.width == 340, "\(at)")
            #expect(result.shift.score == 0, "\(at): shift \(result.shift.score)")
            #expect(result.browserShift == 0, "\(at): chromium's layout-shift \(String(describing: result.browserShift))")
        }
    }
}
