import Foundation
import TestSupport
import Testing

/// `skelsite capture` (site/reference/command-line.md): its errors, each with its exact
/// message and exit code, and a draft written to --output.
@Suite struct CaptureCommandTests {
    static let chromiumAvailable = InstalledBrowsers.chromium

    static func folder(_ files: [String: String]) throws -> URL {
        let dir = try CLIRunner.temporaryFolder()
        for (path, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(path)) }
        return dir
    }

    static let row = """
        <link rel="stylesheet" href="row.css">
        <div class="row"><span class="dot"></span><p class="label">Label</p></div>
        """
    static let rowCSS = """
        .row { display: flex; align-items: center; gap: 8px; padding: 8px; font: 14px/20px sans-serif }
        .dot { width: 20px; height: 20px; border-radius: 50%; background: #ccc }
        .label { margin: 0; flex: 1 }
        """

    @Test func aMissingFileIsAUsageError() throws {
        let dir = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLIRunner.run(["capture", "nope.html"], cwd: dir)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "error: cannot read 'nope.html': no such file\n")
        let folder = try CLIRunner.run(["capture", "."], cwd: dir)
        #expect(folder.status == 2)
        #expect(folder.stderr == "error: cannot read '.': it is a folder\n")
    }

    @Test func anUnreadableFileIsAUsageError() throws {
        // Root reads every file: the permission test means nothing there.
        guard getuid() != 0 else { return }
        let dir = try Self.folder(["locked.html": "<p>x</p>"])
        defer { try? FileManager.default.removeItem(at: dir) }
        chmod(dir.appendingPathComponent("locked.html").path, 0o000)
        let run = try CLIRunner.run(["capture", "locked.html"], cwd: dir)
        #expect(run.status == 2)
        #expect(run.stderr == "error: cannot read 'locked.html': permission denied\n")
    }

    @Test func aMissingStylesheetIsLocatedInTheFile() throws {
        let dir = try Self.folder(["row.html": Self.row])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLIRunner.run(["capture", "row.html"], cwd: dir)
        #expect(run.status == 1)
        #expect(run.stderr == "row.html:1:1: error: stylesheet 'row.css' does not exist\n")
    }

    @Test func badWidthsAreUsageErrors() throws {
        let dir = try Self.folder(["row.html": Self.row, "row.css": Self.rowCSS])
        defer { try? FileManager.default.removeItem(at: dir) }
        for (width, message) in [("0", "'0'"), ("abc", "'abc'"), ("5000", "'5000'"), ("-1", "'-1'")] {
            let run = try CLIRunner.run(["capture", "row.html", "--width=" + width], cwd: dir)
            #expect(run.status == 2, "\(width)")
            #expect(run.stderr == "error: --width must be a number of points more than 0 and at most 4096, got \(message)\n")
        }
        let twice = try CLIRunner.run(["capture", "row.html", "--width", "360", "--width", "360"], cwd: dir)
        #expect(twice.status == 2)
        #expect(twice.stderr == "error: --width 360 is given twice\n")
        let many = try CLIRunner.run(["capture", "row.html"] + (1...8).flatMap { ["--width", String(300 + $0)] }, cwd: dir)
        #expect(many.status == 2)
        #expect(many.stderr == "error: --width is given 8 times; at most 7 (a reference width and six more)\n")
        let empty = try CLIRunner.run(["capture", "row.html", "--selector", " "], cwd: dir)
        #expect(empty.status == 2)
        #expect(empty.stderr == "error: --selector is empty; give a CSS selector such as .card\n")
    }

    @Test func aMissingBrowserIsAUsageError() throws {
        let dir = try Self.folder(["row.html": Self.row, "row.css": Self.rowCSS])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLIRunner.run(["capture", "row.html", "--chromium", "/nonexistent/chromium"], cwd: dir)
        #expect(run.status == 2)
        #expect(run.stderr == "error: cannot start headless Chromium ('/nonexistent/chromium'): no such program"
                + " (install it: apt-get install chromium)\n")
    }

    @Test(.enabled(if: chromiumAvailable, "chromium not installed"))
    func aSelectorThatMatchesNothingOrIsNotCSS() throws {
        let dir = try Self.folder(["row.html": Self.row, "row.css": Self.rowCSS, "empty.html": "<!-- nothing -->\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let nothing = try CLIRunner.run(["capture", "row.html", "--selector", ".card"], cwd: dir)
        #expect(nothing.status == 1)
        #expect(nothing.stdout == "")
        #expect(nothing.stderr == "error: the selector '.card' matches nothing in row.html\n")
        let invalid = try CLIRunner.run(["capture", "row.html", "--selector", "div[["], cwd: dir)
        #expect(invalid.status == 2)
        #expect(invalid.stderr == "error: --selector 'div[[' is not a valid CSS selector\n")
        let empty = try CLIRunner.run(["capture", "empty.html"], cwd: dir)
        #expect(empty.status == 1)
        #expect(empty.stderr == "error: empty.html has no element to capture\n")
    }

    @Test(.enabled(if: chromiumAvailable, "chromium not installed"))
    func aDraftIsWrittenToOutputAndFits() throws {
        let dir = try Self.folder(["row.html": Self.row, "row.css": Self.rowCSS])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLIRunner.run(["capture", "row.html", "--selector", ".row", "--width", "300", "--width", "420",
                                     "--output", "row.skel"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "")
        #expect(run.stderr == "wrote row.skel\n")
        let draft = try String(contentsOf: dir.appendingPathComponent("row.skel"), encoding: .utf8)
        // The row fills the viewport at both widths: fluid, at 300 with 420 listed; the
        // label's 20 px line box is a 16 px bar with 2 px above and below.
        #expect(draft == """
            # Drafted by skelsite capture from row.html (selector .row) at 300 and 420 px wide: a starting point to edit.
            skeleton "Row" width=fill reference-width=300 widths=420
              row gap=8 padding=8
                circle 20
                column padding="2 0" grow=1
                  text lines=1 line-height=16 last=15%

            """)
        // The draft beside its content: fit checks it at 300 and 420.
        let doc = "```skeleton\n" + draft + "```\n\n```html\n" + Self.row.replacingOccurrences(of: "<link rel=\"stylesheet\" href=\"row.css\">\n", with: "")
            + "\n```\n\n```css\n" + Self.rowCSS + "\n```\n"
        try Data(doc.utf8).write(to: dir.appendingPathComponent("row.md"))
        let fit = try CLIRunner.run(["fit", "."], cwd: dir)
        #expect(fit.status == 0, "\(fit.stdout)\(fit.stderr)")
        #expect(fit.stdout.hasSuffix("1 specs with content, 4 cases, 0 above the threshold 0\n"), "\(fit.stdout)")
    }
}
