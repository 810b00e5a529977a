import Foundation
import SkelSite

// Build benchmark: a 1000-page Markdown corpus (about 2 KB a page) built by skelsite's
// library API and by Hugo (a minimal site with a trivial layout, same Markdown), then
// the same corpus with 5 specs a page (5000 components, cold cache), then a rebuild
// with nothing changed (warm cache). Plain builds start from no output each run. Best of N for the plain builds; the spec build
// runs once (its cache must be cold). Targets: skelsite/hugo < 1 on plain,
// specs/plain < 10, rebuild/full < 0.1.

func runBuildBench() {
    do {
        try BuildBench().run()
    } catch {
        print("build: ERROR \(error)")
    }
}

struct BuildBench {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-build-bench-\(ProcessInfo.processInfo.processIdentifier)")
    let runs = 3

    func run() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let plain = root.appendingPathComponent("plain"), specs = root.appendingPathComponent("specs")
        let plainBytes = try BuildCorpus.write(to: plain, withSpecs: false)
        let specBytes = try BuildCorpus.write(to: specs, withSpecs: true)
        print("build: \(BuildCorpus.pages) pages, \(plainBytes / BuildCorpus.pages) bytes a page on average"
              + " (\(specBytes / BuildCorpus.pages) with \(BuildCorpus.specsPerPage) specs); \(ProcessInfo.processInfo.activeProcessorCount) cores")

        let plainCache = root.appendingPathComponent("cache-plain")
        var plainTimes: [Double] = []
        var plainReports: [BuildReport] = []
        for run in 0..<runs {
            // A fresh output each time (why: into the previous output, nothing changed,
            // so the build would only report "up to date" and not build anything). Not
            // deleted until the end (why: ext4 allocates new inodes slowly while many
            // were freed in the last minute, which would tax whichever build runs next).
            let output = root.appendingPathComponent("out-plain-\(run)")
            let result = try skelsite(plain, output: output, cache: plainCache)
            plainTimes.append(result.seconds)
            plainReports.append(result.report)
        }
        let hugoTimes = try (0..<runs).map { run in try hugo(plain, run: run) }
        // The same build through the command line, as a process like Hugo's (why: the
        // library call above skips process start-up and template lookup).
        let cliTimes = try (0..<runs).map { run -> Double in
            try skelsiteCLI(plain, output: root.appendingPathComponent("out-cli-\(run)"))
        }

        let specCache = root.appendingPathComponent("cache-specs")
        let full = try skelsite(specs, output: root.appendingPathComponent("out-specs"), cache: specCache)
        let rebuild = try skelsite(specs, output: root.appendingPathComponent("out-specs"), cache: specCache)

        let plainBest = plainTimes.min()!, hugoBest = hugoTimes.min()!
        print("  skelsite plain (best of \(runs))        \(fmt(plainBest)) s")
        for step in plainReports[plainTimes.firstIndex(of: plainBest)!].steps { print("    \(step.line)") }
        let cliBest = cliTimes.min()!
        print("  skelsite CLI plain, a process (best of \(runs)) \(fmt(cliBest)) s")
        print("  hugo plain (best of \(runs))            \(fmt(hugoBest)) s")
        print("  skelsite with specs, cold cache      \(fmt(full.seconds)) s  (rendered \(full.report.rendered), cached \(full.report.cached))")
        for step in full.report.steps { print("    \(step.line)") }
        print("  skelsite rebuild, nothing changed    \(fmt(rebuild.seconds)) s  (rendered \(rebuild.report.rendered), cached \(rebuild.report.cached))")
        for step in rebuild.report.steps { print("    \(step.line)") }
        print("  ratio skelsite/hugo (plain):   \(fmt(plainBest / hugoBest))  (target < 1)")
        print("  ratio skelsite CLI/hugo:       \(fmt(cliBest / hugoBest))  (both whole processes)")
        print("  ratio specs/plain:             \(fmt(full.seconds / plainBest))  (target < 10)")
        print("  ratio rebuild/full:            \(fmt(rebuild.seconds / full.seconds))  (target < 0.1)")
        var floorSeconds: Double?
        // What the spec target is up against: painting and encoding the reference PNGs
        // alone, no files, no pages, spread perfectly over every core.
        if let perComponent = runComponentBench() {
            let floor = ParallelFloor.extrapolated(perComponent: perComponent)
            print("  floor: painting and encoding \(BuildCorpus.pages * BuildCorpus.specsPerPage) components' PNGs on \(ProcessInfo.processInfo.activeProcessorCount) cores"
                  + " \(fmt(floor)) s; 10x plain allows \(fmt(10 * plainBest)) s")
            floorSeconds = floor
        }
        if let tool = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("skelsite"),
           FileManager.default.isExecutableFile(atPath: tool.path) {
            try EditLoopBench(root: root, tool: tool).run(extrapolated: floorSeconds, parallel: ParallelFloor())
        }
    }

    func skelsite(_ source: URL, output: URL, cache: URL) throws -> (seconds: Double, report: BuildReport) {
        let builder = SiteBuilder(source: source, output: output, options: SiteBuilder.Options(cacheDirectory: cache))
        let clock = ContinuousClock()
        var report = BuildReport()
        let elapsed = try clock.measure { report = try builder.build() }
        guard report.succeeded else {
            throw BenchError("skelsite build failed: " + report.diagnostics.prefix(3).map(\.description).joined(separator: "\n"))
        }
        return (elapsed.seconds, report)
    }

    /// `skelsite build --quiet` from beside this executable (scripts/bench.sh builds both).
    func skelsiteCLI(_ source: URL, output: URL) throws -> Double {
        guard let tool = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("skelsite"),
              FileManager.default.isExecutableFile(atPath: tool.path) else {
            throw BenchError("no skelsite executable beside SkeletonBench; run scripts/bench.sh")
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["build", source.path, "--output", output.path, "--quiet"]
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            try process.run()
            process.waitUntilExit()
        }
        guard process.terminationStatus == 0 else { throw BenchError("skelsite build exited with \(process.terminationStatus)") }
        return elapsed.seconds
    }

    /// A minimal Hugo site: the corpus as content, one trivial layout, no taxonomies
    /// or feeds, so Hugo only renders Markdown into pages as skelsite's plain build does.
    func hugo(_ corpus: URL, run: Int) throws -> Double {
        let site = root.appendingPathComponent("hugo-site-\(run)")
        let layouts = site.appendingPathComponent("layouts/_default")
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: corpus, to: site.appendingPathComponent("content"))
        try Data("""
            baseURL = "http://example.org/"
            title = "bench"
            disableKinds = ["taxonomy", "term", "RSS"]
            [markup.goldmark.extensions]
            table = true
            strikethrough = true
            linkify = true
            taskList = true

            """.utf8).write(to: site.appendingPathComponent("hugo.toml"))
        let layout = "<!doctype html><html><head><title>{{ .Title }}</title></head><body><main>{{ .Content }}</main></body></html>\n"
        try Data(layout.utf8).write(to: layouts.appendingPathComponent("single.html"))
        let list = "<!doctype html><html><head><title>{{ .Title }}</title></head><body><ul>{{ range .Pages }}<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul></body></html>\n"
        try Data(list.utf8).write(to: layouts.appendingPathComponent("list.html"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["hugo", "--quiet", "--source", site.path, "--destination", root.appendingPathComponent("out-hugo-\(run)").path]
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            try process.run()
            process.waitUntilExit()
        }
        guard process.terminationStatus == 0 else { throw BenchError("hugo exited with \(process.terminationStatus)") }
        return elapsed.seconds
    }

    private func fmt(_ value: Double) -> String { String(format: "%.3f", value) }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
