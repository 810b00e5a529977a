import Foundation
import Testing
@testable import SkelSite
@testable import SkelsiteFit
import SkeletonCore

/// What `skelsite fit --json` writes is what `build --fit-results` reads: every case,
/// in every engine, with its figures (site/guides/fit-the-content.md, "In the gallery").
@Suite struct FitResultsRoundTripTests {
    @Test func aFileFitWritesIsOneBuildReads() throws {
        let spec = try #require(SpecParser.parseWithinBounds("skeleton \"Row\" width=360\n  rect height=16", firstLine: 4,
                                                             columnOffset: 0, inheriting: InheritedSettings()).spec)
        let item = FitCase(path: "docs/row.md", line: 3, column: 1, spec: spec,
                           content: SpecContent(html: "<p>x</p>", css: "", origin: "docs/row.md:8"), theme: .light)
        let results = [BrowserEngine.chromium, .firefox].map { engine in
            FitResult(item: item, engine: engine, skeleton: Rect(x: 0, y: 0, width: 360, height: 68),
                      content: Rect(x: 0, y: 0, width: 360, height: 72), viewport: Rect(x: 0, y: 0, width: 360, height: 800),
                      delta: (0, 4), shift: (0.004575, 0.915, 0.005), browserShift: engine == .chromium ? 0.004575 : nil,
                      parts: [], unmatchedParts: 0, unmatchedShapes: 0)
        }
        let json = FitReport.json(results, threshold: 0, engines: [.chromium, .firefox])
        let read = try FitResultsFile.parse(Data(json.utf8), path: "fit.json")
        let fit = try #require(read.byPath["docs/row.md"]?[3])
        #expect(fit.cases == [
            ComponentFit.Case(engine: "chromium", width: 360, theme: "light", deltaWidth: 0, deltaHeight: 4, contentHeight: 72,
                              score: 0.004575, browserShift: 0.004575, passed: false),
            ComponentFit.Case(engine: "firefox", width: 360, theme: "light", deltaWidth: 0, deltaHeight: 4, contentHeight: 72,
                              score: 0.004575, browserShift: nil, passed: false),
        ])
        #expect(FitSection.badge(fit) == FitSection.Badge(text: "shifts 0.004575", state: "shifts"))
    }
}
