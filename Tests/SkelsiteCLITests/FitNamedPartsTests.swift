import Foundation
import Testing

/// `name=` on a spec node matches it with the content's `data-skeleton` part of that
/// name (site/guides/fit-the-content.md, "Parts"), wherever the part stands in the
/// content's markup; without names, parts are matched in order.
@Suite struct FitNamedPartsTests {
    /// The content writes its title before its meta line and shows them the other way
    /// round (column-reverse): in order, each part meets the other's shape.
    static func doc(named: Bool) -> String {
        """
        ```skeleton
        skeleton "Named" width=200
          column gap=8
            rect width=80 height=12\(named ? " name=meta" : "")
            rect height=20\(named ? " name=title" : "")
        ```

        ```html
        <div style="display:flex;flex-direction:column-reverse;gap:8px">
          <div data-skeleton="title" style="height:20px"></div>
          <div data-skeleton="meta" style="height:12px;width:80px"></div>
        </div>
        ```

        """
    }

    @Test(.enabled(if: FitCommandTests.chromiumAvailable, "chromium not installed"))
    func namedNodesMeetTheirPartsWhereverTheyStand() throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.doc(named: true).utf8).write(to: dir.appendingPathComponent("named.md"))
        try Data(Self.doc(named: false).utf8).write(to: dir.appendingPathComponent("plain.md"))
        let run = try CLIRunner.run(["fit", ".", "--strict-parts"], cwd: dir)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        // Both roots are 200×40, so nothing shifts; only the unnamed spec's parts are crossed.
        #expect(run.stderr == "plain.md:4:5: error: part 'title' does not fit its shape at w=200 light and dark:"
                + " content 0,20 200×20, shape 0,0 80×12\n"
                + "plain.md:5:5: error: part 'meta' does not fit its shape at w=200 light and dark:"
                + " content 0,0 80×12, shape 0,20 200×20\n")
    }

    @Test func aNameIsAWordOfTheContentsPartNames() throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("```skeleton\nskeleton width=100\n  rect height=10 name=\"a title\"\n```\n".utf8)
            .write(to: dir.appendingPathComponent("a.md"))
        let run = try CLIRunner.run(["check", "a.md", "--quiet"], cwd: dir)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("a.md:3:24: error: name must be letters, digits, '-' and '_', at most 64, like the content's"
                                     + " data-skeleton=\"title\"; got 'a title'\n"), "\(run.stderr)")
    }
}
