// Benchmarks: `swift run -c release SkeletonBench [paint|png|diff|build|component|floor|editloop [--against SKELSITE [--rounds N]]|all]`.
// Each section measures skelsite and its named peers in the same run on the same
// machine and prints ratios. See scripts/bench.sh.
// `SkeletonBench corpus DIR [--plain]` writes the build benchmark's corpus, to profile
// a build of it by hand (`perf record skelsite build DIR`).
import Platform

// The heap settings the skelsite tool runs with (its main sets them too), so the floor
// and in-process builds paint and encode as a build does.
MallocTuning.apply()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "corpus" {
    if arguments.count >= 2 {
        writeCorpus(arguments[1], plain: arguments.contains("--plain"))
    } else {
        print("usage: SkeletonBench corpus DIR [--plain]")
    }
} else {
    let requested = Set(arguments)
    let all = requested.isEmpty || requested.contains("all")
    if all || requested.contains("paint") { runPaintBench() }
    if all || requested.contains("png") { runPNGBench() }
    if all || requested.contains("diff") { runDiffBench() }
    if all || requested.contains("build") { runBuildBench() }
    if requested.contains("component") { runComponentBench() }
    // The floor alone, three passes on every core (to compare builds by hand beside it).
    if requested.contains("floor") { runParallelFloorBench() }
    // The build section's edit-loop rows alone, without the Hugo comparison.
    // With `--against OTHER_SKELSITE`: both builds' rows in one run, as ratios.
    if requested.contains("editloop") {
        if let flag = arguments.firstIndex(of: "--against"), flag + 1 < arguments.count {
            // `--rounds N` (default 3): more rounds when the host is noisy, as the
            // median of more alternated rounds moves less with it.
            var rounds = 3
            if let at = arguments.firstIndex(of: "--rounds"), at + 1 < arguments.count {
                guard let n = Int(arguments[at + 1]), n > 0 else {
                    print("editloop: ERROR --rounds takes a whole number above 0, not \(arguments[at + 1])")
                    exit(2)
                }
                rounds = n
            }
            runEditLoopComparison(against: arguments[flag + 1], rounds: rounds)
        } else {
            runEditLoopBench()
        }
    }
}
