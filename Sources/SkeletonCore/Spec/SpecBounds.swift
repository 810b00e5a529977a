// Bounds that need the whole tree: the node count after expanding repeats.
// (Sizes, depth and repeat counts are checked where they are parsed.)
enum SpecBounds {
    /// Counts are saturated here so `repeat 500` nested 32 deep cannot overflow.
    static let saturation = Int.max / 1024

    static func checkNodeCount(_ run: inout SpecParseRun) {
        let drafts = run.drafts
        // Children always come after their parent in the arena: one reverse pass.
        var size = [Int](repeating: 0, count: drafts.count)
        for i in stride(from: drafts.count - 1, through: 0, by: -1) {
            var sum = 0
            for c in drafts[i].children { sum = min(saturation, sum + size[c]) }
            switch drafts[i].role {
            case .root:
                size[i] = sum
            case .node:
                if case .repeat(let n) = drafts[i].node.kind {
                    let (m, overflow) = sum.multipliedReportingOverflow(by: n)
                    size[i] = overflow ? saturation : min(saturation, m + 1)
                } else {
                    size[i] = min(saturation, sum + 1)
                }
            case .setting, .invalid:
                size[i] = 0
            }
        }
        guard size[0] > Limits.maxNodes else { return }
        // Only repeats multiply: blame the outermost repeat that is over the limit on
        // its own (the arena is in source order, so the first found is outermost),
        // else the root.
        for i in 1..<drafts.count where drafts[i].role == .node && size[i] > Limits.maxNodes {
            guard case .repeat = drafts[i].node.kind else { continue }
            let p = drafts[i].node.position
            run.error("too many nodes: this '\(drafts[i].keyword)' expands to \(describe(size[i])) nodes; a spec may have at most \(Limits.maxNodes)",
                      p.line, p.column)
            return
        }
        run.error("too many nodes: the spec expands to \(describe(size[0])) nodes; a spec may have at most \(Limits.maxNodes)",
                  run.rootPosition.line, run.rootPosition.column)
    }

    static func describe(_ n: Int) -> String {
        // Past the saturation point the exact figure is meaningless (and huge).
        n >= saturation ? "more than \(Limits.maxNodes)" : "\(n)"
    }
}
