import Foundation

// `SkeletonBench editloop --against OTHER_SKELSITE`: the edit-loop rows of two builds of
// the tool in one run on one machine, as ratios (this build over the other). Why: a
// refactor must keep every row within a few percent, and this host moves by more than
// that within minutes, so figures from two separate runs cannot show it.

struct EditLoopComparison {
    let root: URL
    let baseline: URL
    let candidate: URL
    /// Rounds per tool, alternated (baseline, candidate, baseline, ...); each row's
    /// figure is the median over rounds (why: alternating spreads the host's drift over
    /// both tools instead of charging it to whichever ran second).
    var rounds = 3

    /// One round: a cold build of a fresh corpus, then the rebuilds an author waits for.
    func rows(of tool: URL, round: Int) throws -> [(String, EditLoopBench.Measured)] {
        let bench = EditLoopBench(root: root, tool: tool)
        let name = tool == baseline ? "base" : "cand"
        let corpus = root.appendingPathComponent("corpus-\(name)-\(round)")
        let output = root.appendingPathComponent("out-\(name)-\(round)")
        try BuildCorpus.write(to: corpus, withSpecs: true)
        sync()
        var rows: [(String, EditLoopBench.Measured)] = []
        rows.append(("cold build (5000 specs, empty cache)", try bench.build(corpus, output: output)))
        try bench.edit(corpus, page: 7, "circle 40", "circle 36")
        rows.append(("first edit after a cold build", try bench.build(corpus, output: output)))
        rows.append(("nothing changed", try bench.build(corpus, output: output)))
        var oneSpec: [EditLoopBench.Measured] = []
        for page in 13..<16 {
            try bench.edit(corpus, page: page, "circle 40", "circle 38")
            oneSpec.append(try bench.build(corpus, output: output))
        }
        rows.append(("one spec edited, median of 3", EditLoopBench.median(oneSpec)))
        for page in 20..<30 { try bench.edit(corpus, page: page, "circle 40", "circle 38") }
        rows.append(("ten specs edited", try bench.build(corpus, output: output)))
        var prose: [EditLoopBench.Measured] = []
        for page in 40..<43 {
            try bench.edit(corpus, page: page, "## Details", "## More details")
            prose.append(try bench.build(corpus, output: output))
        }
        rows.append(("one doc's prose edited, median of 3", EditLoopBench.median(prose)))
        if let reload = try bench.serveReload(corpus, output: output) {
            var measured = EditLoopBench.Measured(wall: reload.median, user: 0, system: 0, peakMB: 0)
            rows.append(("serve: save to page reloaded", measured))
            measured.wall = reload.firstBuild
            rows.append(("serve: start to first page served", measured))
        }
        // Each round's files go before the next round (why: 160 MB per round would
        // otherwise fill a small /tmp over six rounds).
        try? FileManager.default.removeItem(at: corpus)
        try? FileManager.default.removeItem(at: output)
        return rows
    }

    func run() throws {
        var figures: [URL: [[(String, EditLoopBench.Measured)]]] = [:]
        for round in 0..<rounds {
            for tool in [baseline, candidate] { figures[tool, default: []].append(try rows(of: tool, round: round)) }
        }
        func median(_ tool: URL, row: Int) -> EditLoopBench.Measured {
            EditLoopBench.median(figures[tool, default: []].map { $0[row].1 })
        }
        print("edit loop, two builds of skelsite in one run (\(rounds) alternated rounds, median per row), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print("  baseline:  \(baseline.path)")
        print("  candidate: \(candidate.path)")
        print("  " + "row".padding(toLength: 40, withPad: " ", startingAt: 0) + "  baseline  candidate   ratio   peak MB (base, cand)")
        let names = figures[baseline]?.first?.map(\.0) ?? []
        for (index, name) in names.enumerated() {
            let a = median(baseline, row: index), b = median(candidate, row: index)
            let peak = a.peakMB > 0 ? String(format: "   %4.0f, %4.0f", a.peakMB, b.peakMB) : ""
            print("  " + name.padding(toLength: 40, withPad: " ", startingAt: 0)
                  + String(format: "  %7.3f s  %7.3f s  %6.3f", a.wall, b.wall, b.wall / a.wall) + peak)
        }
        print("  ratio: candidate over baseline (below 1 is faster); a refactor keeps each row at or under 1.05")
    }
}

/// `SkeletonBench editloop --against PATH [--rounds N]`: this build's `skelsite` against another.
func runEditLoopComparison(against other: String, rounds: Int) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-editloop-ab-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: root) }
    guard let tool = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("skelsite"),
          FileManager.default.isExecutableFile(atPath: tool.path) else {
        print("editloop: ERROR no skelsite executable beside SkeletonBench; run scripts/bench.sh")
        return
    }
    let baseline = URL(fileURLWithPath: other).standardizedFileURL
    guard FileManager.default.isExecutableFile(atPath: baseline.path) else {
        print("editloop: ERROR \(other) is not an executable")
        return
    }
    do {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var comparison = EditLoopComparison(root: root, baseline: baseline, candidate: tool)
        comparison.rounds = rounds
        try comparison.run()
    } catch {
        print("editloop: ERROR \(error)")
    }
}
