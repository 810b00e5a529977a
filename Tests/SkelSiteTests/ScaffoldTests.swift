import Foundation
import Testing
@testable import SkelSite

@Suite struct ScaffoldTests {
    @Test func writesEveryFileAndRefusesToOverwrite() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("init-\(UUID().uuidString)")
        let written = try Scaffold.write(to: dir)
        #expect(written == ["docs/index.md", "docs/components/article-row.md", "docs/components/profile-card.md",
                            ".gitignore", ".github/workflows/skeletons.yml"])
        for path in written {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(path).path))
        }
        let workflow = try String(contentsOf: dir.appendingPathComponent(".github/workflows/skeletons.yml"), encoding: .utf8)
        #expect(workflow.contains("skelsite diff baselines _site/png"))
        #expect(workflow.contains("actions/upload-artifact"))
        #expect(throws: Scaffold.Failure.wouldOverwrite(written)) { try Scaffold.write(to: dir) }
        #expect(try Scaffold.write(to: dir, force: true) == written)
    }
}
