import Foundation
import SkeletonCore
import SkelSite

/// The floor of a cold build (site/reference/output-folder.md, "What a cold build
/// costs"): painting and encoding the 5000-spec corpus's PNGs alone, on every core at
/// once, measured (not one core's time divided by the core count). Why measured: the
/// cold build runs on every core, so it meets whatever two busy cores cost on this host
/// (a shared cache, a host that schedules one vCPU later than the other, the last
/// component finishing alone); a floor extrapolated from one core meets none of it.
struct ParallelFloor {
    private let jobs: [(Spec, SpecLayout)]

    /// Parses and lays out every corpus spec once (not timed: a pass is painting and
    /// encoding alone, like `runComponentBench`). nil when a corpus spec does not parse.
    init?() {
        var jobs: [(Spec, SpecLayout)] = []
        for page in 0..<BuildCorpus.pages {
            for number in 0..<BuildCorpus.specsPerPage {
                guard let spec = BuildCorpus.parsedSpec(page: page, number: number) else { return nil }
                jobs.append((spec, LayoutEngine.layout(spec)))
            }
        }
        self.jobs = jobs
    }

    var count: Int { jobs.count }

    /// The older floor: one core's time per component (`runComponentBench`) times the
    /// corpus's specs, over the core count (both benches print it beside the measured one).
    static func extrapolated(perComponent: Double) -> Double {
        perComponent * Double(BuildCorpus.pages * BuildCorpus.specsPerPage) / Double(ProcessInfo.processInfo.activeProcessorCount)
    }

    /// One pass over every spec, spread over all cores one component at a time (as the
    /// build's render step spreads them); the wall seconds it took and the PNG bytes made
    /// (all 1000 pages' specs; `SkeletonBench component` paints the first 100 pages').
    func pass() -> (seconds: Double, bytes: Int) {
        let bytes = ByteCounter()
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
                let (spec, layout) = jobs[index]
                let images = ComponentRenderer.paint(spec, layout: layout)
                var total = images.encodedStatics().reduce(0) { $0 + $1.1.count }
                total += images.encodedStrip()?.1.count ?? 0
                total += images.encodedPreview()?.1.count ?? 0
                bytes.add(total)
            }
        }
        return (elapsed.seconds, bytes.value)
    }
}

/// The byte total shared by a pass's threads.
private final class ByteCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    func add(_ count: Int) {
        lock.lock()
        total += count
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return total
    }
}

/// `SkeletonBench floor`: three passes of the floor on every core.
func runParallelFloorBench() {
    guard let floor = ParallelFloor() else { return print("floor: ERROR corpus spec does not parse") }
    let passes = (0..<3).map { _ in floor.pass() }
    print("floor: \(floor.count) components' PNGs painted and encoded on \(ProcessInfo.processInfo.activeProcessorCount) cores: "
          + passes.map { String(format: "%.3f s", $0.seconds) }.joined(separator: ", ")
          + String(format: " (median %.3f s), ", passes.map(\.seconds).sorted()[1]) + "\(passes[0].bytes) bytes a pass")
}
