import Foundation
import Testing
@testable import SkelSite

/// The build's `[i/n]` progress is its declared list of steps (`BuildStep.allCases`),
/// each reported once, in that order, as it finishes; `check` reports its first three.
@Suite struct StageListTests {
    static let docs = [
        "index.md": "# Home\n\nIntro.\n",
        "cards.md": "# Cards\n\n```skeleton\nskeleton \"Row\" width=50 height=10\n  animation none\n  rect width=10 height=10\n```\n",
    ]

    /// Collects the progress lines a build prints, without their times.
    final class Lines: @unchecked Sendable {
        // Safe: the lock guards `lines`; progress may be called from a step's thread.
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ event: BuildStepEvent) { lock.withLock { lines.append(Self.untimed(event.line)) } }
        var all: [String] { lock.withLock { lines } }
        static func untimed(_ line: String) -> String { String(line[..<line.range(of: " (", options: .backwards)!.lowerBound]) }
    }

    @Test func progressLinesAreTheDeclaredSteps() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let lines = Lines()
        let report = try site.builder().build(progress: lines.add)
        #expect(lines.all == [
            "[1/8] discover docs: 2 docs",
            "[2/8] parse Markdown: 2 docs, 1 specs",
            "[3/8] parse specs: 1 specs, 0 errors, 0 warnings",
            "[4/8] keep unchanged: 0 pages, 0 PNGs",
            "[5/8] render components: rendered 1, cached 0",
            "[6/8] write pages: 2 pages, 4 PNGs, \(TestSite.themeAssets.count) assets",
            "[7/8] write indexes: gallery of 1, search index, no sitemap",
            lines.all.last ?? "",
        ])
        #expect(lines.all.last?.hasPrefix("[8/8] swap output: \(site.output.path) (") == true)
        #expect(lines.all.last?.hasSuffix(" files written or linked, 0 kept)") == true)
        #expect(lines.all.map { String($0.prefix(while: { $0 != ":" })) }
                    == BuildStep.allCases.map { "[\($0.rawValue)/8] \($0.displayName)" })
        #expect(report.steps.map { Lines.untimed($0.line) } == lines.all)
        // check: the first three of the same list, numbered out of three.
        let checked = Lines()
        _ = try site.builder().check(progress: checked.add)
        #expect(checked.all == ["[1/3] discover docs: 2 docs", "[2/3] parse Markdown: 2 docs, 1 specs",
                                "[3/3] parse specs: 1 specs, 0 errors, 0 warnings"])
    }
}
