// Benchmarks: `swift run -c release SkeletonBench [paint|png|diff|build|all]`.
// Each section measures skelsite and its named peers in the same run on the same
// machine and prints ratios. See scripts/bench.sh.
let requested = Set(CommandLine.arguments.dropFirst())
let all = requested.isEmpty || requested.contains("all")
if all || requested.contains("paint") { runPaintBench() }
if all || requested.contains("png") { runPNGBench() }
if all || requested.contains("diff") { runDiffBench() }
if all || requested.contains("build") { runBuildBench() }
if requested.contains("component") { runComponentBench() }
