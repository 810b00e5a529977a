import Foundation
import SkelSite
import SkelsiteVerify
import SkeletonCore
import Testing

/// A `dir=auto` component is checked twice (site/reference/layout.md, "Direction"): left
/// to right against its usual frames, then in a `dir="rtl"` cell, from the same CSS,
/// against the painter's mirrored frames, the frames of its mirrored PNGs.
@Suite(.serialized) struct VerifyRightToLeftTests {
    static let row = """
        skeleton "Row" width=200 dir=auto
          animation shimmer duration=1.6s
          row padding="8 12" gap=10 align=center
            circle 32
            column gap=6 grow=1
              rect height=12 radius=3
              rect width=60% height=10 radius=3
        """

    static func run(mutate: (inout VerifyRun.Options) -> Void = { _ in }) throws -> [VerifyResult] {
        let spec = try #require(SpecParser.parse(row).spec)
        let camera = try ChromiumCamera()
        defer { camera.shutdown() }
        var options = VerifyRun.Options()
        options.scales = [1]
        mutate(&options)
        let run = try VerifyRun(options: options, camera: camera)
        defer { run.cleanUp() }
        return try run.verify(VerifySpec(path: "row.md", line: 1, spec: spec))
    }

    @Test(.enabled(if: VerifyCommandTests.chromiumAvailable, "chromium not installed"))
    func bothDirectionsMatchAndTheReportSaysWhichIsWhich() throws {
        let results = try Self.run()
        // Two themes × four times, each direction.
        #expect(results.count == 16)
        #expect(results.filter(\.rightToLeft).count == 8)
        #expect(results.map(\.match).min() ?? 0 >= 0.995, "\(results.map(\.match))")
        let json = VerifyReport.json(results)
        #expect(json.components(separatedBy: ",\"dir\":\"rtl\"").count - 1 == 8)
        #expect(VerifyReport.text(Array(results.filter(\.rightToLeft).prefix(1)), minimum: 0.995).contains("row.md:1 dir=rtl chromium light"))
    }

    /// The page shown a `dir=ltr` copy: the left-to-right check still passes, the
    /// right-to-left one sees the unmirrored row (the circle on the wrong side) and fails.
    @Test(.enabled(if: VerifyCommandTests.chromiumAvailable, "chromium not installed"))
    func aComponentThatDoesNotFollowThePageFailsTheRightToLeftCheck() throws {
        let results = try Self.run { options in
            options.browserSpec = { spec in
                var pinned = spec
                pinned.dir = .ltr
                return pinned
            }
        }
        #expect(results.filter { !$0.rightToLeft }.map(\.match).min() ?? 0 >= 0.995)
        #expect(results.filter(\.rightToLeft).map(\.match).max() ?? 1 < 0.9)
    }
}
