import Foundation
@testable import SkelSite
@testable import SkelsiteVerify
import SkeletonCore
import Testing

/// A scale with many sheets is walked by several browsers of the engine at once, the
/// specs shared out among them (VerifySheets.share, VerifySheets.browsers).
@Suite struct VerifyBrowserShareTests {
    /// Largest first, each to the browser with the least area so far, the first of equals.
    @Test func specsAreSharedByArea() {
        let sizes = [VerifySheets.Size(width: 10, height: 10), VerifySheets.Size(width: 30, height: 10),
                     VerifySheets.Size(width: 20, height: 10), VerifySheets.Size(width: 10, height: 10)]
        let times: [[Double]] = [[0], [0], [0], [0]]
        // Areas 100, 300, 200, 100: 300 → first; 200 → second; 100 (spec 0) → second
        // (200 < 300); 100 (spec 3) → first and second are equal (300), the first.
        #expect(VerifySheets.share(sizes: sizes, times: times, browsers: 2) == [[1, 3], [0, 2]])
        #expect(VerifySheets.share(sizes: sizes, times: times, browsers: 1) == [[0, 1, 2, 3]])
        #expect(VerifySheets.share(sizes: sizes, times: times, browsers: 3) == [[1], [2], [0, 3]])
    }

    @Test func aBrowserPer250SheetsAtMostFour() {
        #expect([0, 1, 250, 251, 496, 750, 751, 5000].map { VerifySheets.browsers(forSheets: $0) }
                == [1, 1, 1, 2, 2, 3, 4, 4])
        #expect(VerifySheets.browsers(forSheets: 3, perBrowser: 2) == 2)
    }

    /// One browser per core and one more walk at a time; WebKit's walks start first,
    /// then the others, longest first, equals in the order given.
    @Test func browsersTakeTurnsWebKitFirst() {
        #expect(VerifySheets.browsersAtOnce(cores: 2) == 3)
        #expect(VerifySheets.browsersAtOnce(cores: 8) == 9)
        #expect(VerifySheets.browsersAtOnce(cores: 0) == 2)
        let walks: [(engine: BrowserEngine, sheets: Int)] = [(.chromium, 22), (.chromium, 95), (.firefox, 22), (.firefox, 95),
                                                             (.webkit, 107), (.webkit, 248), (.webkit, 249)]
        #expect(VerifySheets.order(walks) == [6, 5, 4, 1, 3, 0, 2])
        #expect(VerifySheets.order([(.firefox, 300), (.webkit, 1)]) == [1, 0])
    }

    static let wide = """
        skeleton "Wide A" width=1000
          animation shimmer duration=1s
          column padding=10
            rect height=580 radius=8
        """
    static let lower = """
        skeleton "Wide B" width=1000
          animation shimmer duration=1s
          column padding=10
            rect height=480 radius=8
        """

    /// Two sheets a browser: both specs' frames (1000 × 600 and 1000 × 500, two across a
    /// 2,048-pixel sheet) take three sheets, so two browsers share them, a spec each;
    /// spec A's 8 frames take two sheets of their own (6 and 2), B's one; every frame
    /// still matches the painter.
    @Test(.enabled(if: VerifyCommandTests.chromiumAvailable, "chromium not installed"))
    func twoBrowsersWalkTheirOwnSpecsSheets() throws {
        let camera = try ChromiumCamera()
        defer { camera.shutdown() }
        let pages = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-share-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: pages) }
        var options = VerifyRun.Options()
        options.scales = [1]
        options.sheetsPerBrowser = 2
        options.pagesFolder = pages
        let run = try VerifyRun(options: options, camera: camera)
        defer { run.cleanUp() }
        let items = [VerifySpec(path: "a.md", line: 1, spec: try #require(SpecParser.parse(Self.wide).spec)),
                     VerifySpec(path: "b.md", line: 1, spec: try #require(SpecParser.parse(Self.lower).spec))]
        let results = try run.verify(items)
        #expect(results.count == 16)
        #expect(results.map(\.component) == Array(repeating: "a.md:1", count: 8) + Array(repeating: "b.md:1", count: 8))
        for result in results { #expect(result.match >= 0.999, "\(result)") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted()
                == ["book-1x-001.html", "chromium2-book-1x-001.html"])
        let first = try String(contentsOf: pages.appendingPathComponent("book-1x-001.html"), encoding: .utf8)
        let second = try String(contentsOf: pages.appendingPathComponent("chromium2-book-1x-001.html"), encoding: .utf8)
        #expect(first.contains("<!-- a.md:1 ") && !first.contains("<!-- b.md:1 "))
        #expect(second.contains("<!-- b.md:1 ") && !second.contains("<!-- a.md:1 "))
        #expect(first.components(separatedBy: "<div class=\"sheet\" ").count == 3)
        #expect(second.components(separatedBy: "<div class=\"sheet\" ").count == 2)
    }
}
