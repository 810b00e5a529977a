import Foundation
import TestSupport
import Testing

/// A fluid component is checked in headless Chromium at two widths: its CSS band is
/// drawn in percent of the component box and must be the painter's band at each.
@Suite struct FluidVerifyTests {
    static let chromiumAvailable = InstalledBrowsers.chromium

    static let doc = """
        ```skeleton
        skeleton "Fluid card" width=90% min-width=240 max-width=330
          animation shimmer direction=top-left-to-bottom-right duration=2s stagger=150ms
          column padding=12 gap=8
            row gap=10 align=center
              circle 32
              rect height=12 grow=1 radius=4
            repeat 2 gap=6
              rect height=10 radius=5
        ```

        """

    @Test(.enabled(if: chromiumAvailable, "chromium not installed"))
    func aFluidSpecMatchesAtItsReferenceWidthAndItsMinimum() throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.doc.utf8).write(to: dir.appendingPathComponent("f.md"))
        let run = try CLIRunner.run(["verify", ".", "--threshold", "0.03", "--json", "f.json"], cwd: dir)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("f.json"))) as? [String: Any]
        let rows = try #require(object?["results"] as? [[String: Any]])
        // Two widths × 2 scales × 2 themes × 4 times.
        #expect(rows.count == 32)
        let wide = rows.filter { $0["width"] as? Double == 330 }
        let narrow = rows.filter { $0["width"] as? Double == 240 }
        #expect(wide.count == 16 && narrow.count == 16)
        #expect(wide.allSatisfy { $0["pixels"] as? Int == 330 * 90 * ($0["scale"] as? Int ?? 0) * ($0["scale"] as? Int ?? 0) })
        #expect(narrow.allSatisfy { $0["pixels"] as? Int == 240 * 90 * ($0["scale"] as? Int ?? 0) * ($0["scale"] as? Int ?? 0) })
        for row in rows {
            #expect((row["match"] as? Double ?? 0) >= 0.995, "\(row)")
        }
        #expect(run.stdout.contains("ok   f.md:1 w=330 chromium light @1x t=0s  "))
        #expect(run.stdout.contains("ok   f.md:1 w=240 chromium dark @2x t=1.5s  "))
    }
}
