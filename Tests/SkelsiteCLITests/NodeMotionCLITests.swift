import Foundation
import Testing

/// A bad node motion (site/reference/animation.md, "Motion per node") is a located
/// `path:line:column: error:` with its caret and exit code 1, like any bad value.
@Suite struct NodeMotionCLITests {
    @Test func aComponentWordInANodesAnimationIsLocated() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("""
            # Cards

            ```skeleton
            skeleton width=100
              animation shimmer
              rect height=10 animation="pulse delay=1s"
            ```

            """.utf8).write(to: folder.appendingPathComponent("cards.md"))
        let result = try CLIRunner.run(["check", "cards.md"], cwd: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("""
            cards.md:6:35: error: delay is a setting of the whole component; put it on the animation line, not in a node's animation
              rect height=10 animation="pulse delay=1s"
                                              ^
            """))
    }
}
