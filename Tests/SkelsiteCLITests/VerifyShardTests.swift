import Foundation
import Testing
import SkeletonCore
@testable import SkelSite
@testable import SkelsiteVerify
import SkelsiteStore

/// `verify --shard I/N` and `verify merge` (site/reference/command-line.md, "verify --shard",
/// "verify merge").
@Suite struct VerifyShardTests {
    /// Rectangles only: no curve whose anti-aliasing depends on where the frame sits on
    /// its sheet, so an unsharded run and the shards' runs photograph the same pixels.
    static let site: [String: String] = [
        "a.md": """
            # A

            ```skeleton
            skeleton "Row" width=120
              animation shimmer duration=1.2s
              row padding=8 gap=8
                rect 24x24
                rect 60x12
            ```

            ```skeleton
            skeleton "List" width=90
              animation pulse duration=1s stagger=0.2s
              repeat 3 gap=4 padding=6
                rect 70x10
            ```

            """,
        "sub/b.md": """
            ```skeleton
            skeleton "Block" width=200
              column padding=10 gap=6
                rect width=100% height=20
                rect width=60% height=12
            ```

            """,
        "c.md": """
            ```skeleton
            skeleton "Fluid" width=fill
              animation pulse duration=2s
              rect height=20
            ```

            ```skeleton
            skeleton "Bar" width=64
              rect 64x8
            ```

            """,
    ]

    func fixture() throws -> URL {
        let dir = try CLIRunner.temporaryFolder()
        for (name, text) in Self.site {
            let url = dir.appendingPathComponent("site/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return dir
    }

    static func frames(_ url: URL) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let results = try #require(object?["results"] as? [[String: Any]])
        return results.map { r in
            ["component", "engine", "theme", "scale", "time", "width"].map { "\(r[$0] ?? "-")" }.joined(separator: " ")
        }
    }

    // MARK: - Without a browser

    @Test func shardMustBeIOfNWithinBounds() throws {
        for bad in ["0/2", "3/2", "1/0", "1/1001", "x", "1/", "/2", "1/2/3", " 1/2", "+1/2", "1.0/2", "-1/2", "00001/2"] {
            let run = try CLIRunner.run(["verify", "nowhere", "--shard=" + bad])
            #expect(run.status == 2, "\(bad)")
            #expect(run.stderr == "error: --shard takes I/N, whole numbers with 1 <= I <= N <= 1000, got '\(bad)'\n", "\(bad)")
        }
        #expect(VerifyShard.parse("1000/1000") == VerifyShard(index: 1000, count: 1000))
        #expect(VerifyShard.parse("1/1") == VerifyShard(index: 1, count: 1))
        #expect(VerifyShard.parse("007/10") == VerifyShard(index: 7, count: 10))
    }

    @Test func mergeTakesFilesAndJSONOnly() throws {
        let none = try CLIRunner.run(["verify", "merge"])
        #expect(none.status == 2)
        #expect(none.stderr == "error: verify merge needs the shards' --json files\n")
        let flag = try CLIRunner.run(["verify", "merge", "a.json", "--scale", "1"])
        #expect(flag.status == 2)
        #expect(flag.stderr == "error: verify merge takes the shards' --json files and --json FILE, not --scale\n")
        let two = try CLIRunner.run(["verify", "site", "other"])
        #expect(two.status == 2)
        #expect(two.stderr == "error: verify takes one docs folder, got 'site' and 'other'\n")
    }

    static func spec(_ path: String, _ line: Int, width: Int, height: Int) -> VerifySpec {
        let text = "skeleton \"S\" width=\(width)\n  rect \(width)x\(height)\n"
        return VerifySpec(path: path, line: line, spec: SpecParser.parseWithinBounds(text).spec!, source: text)
    }

    /// Many files of several specs of different sizes.
    static func specs(files: Range<Int>) -> [VerifySpec] {
        files.flatMap { file in
            (0..<(1 + file % 5)).map { k in
                spec("docs/f\(file).md", 3 + 8 * k, width: 40 + (file * 37 + k * 53) % 300, height: 10 + (file * 11 + k * 7) % 90)
            }
        }
    }

    /// Stable: specs added in other files (and a file moved in the sorted order) change
    /// no other spec's shard; the assignment depends on nothing but the specs.
    @Test func aSpecKeepsItsShardWhenOtherFilesChange() {
        let before = Self.specs(files: 0..<60)
        let after = Self.specs(files: 0..<60) + Self.specs(files: 200..<240)
            + [Self.spec("docs/a-new.md", 1, width: 300, height: 300)]
        for count in [2, 3, 7, 16] {
            let old = VerifyShard.assign(before, count: count)
            let new = VerifyShard.assign(after, count: count)
            #expect(Array(new.prefix(before.count)) == old, "\(count) shards")
            #expect(VerifyShard.assign(before, count: count) == old)
            #expect(old.allSatisfy { (1...count).contains($0) })
        }
    }

    /// Balanced by estimated cost (pixel area): every shard within 15% of the mean for
    /// a few hundred specs; and N shards' selections are a partition.
    @Test func sharesAreBalancedByCostAndCoverEverySpecOnce() {
        let all = Self.specs(files: 0..<120)
        for count in [2, 3, 4] {
            var loads = Array(repeating: 0.0, count: count)
            for (spec, shard) in zip(all, VerifyShard.assign(all, count: count)) { loads[shard - 1] += VerifyShard.cost(of: spec) }
            let mean = loads.reduce(0, +) / Double(count)
            #expect(loads.allSatisfy { abs($0 - mean) / mean < 0.15 }, "\(count) shards: \(loads)")
            let picked = (1...count).flatMap { VerifyShard(index: $0, count: count).select(all).map(\.name) }
            #expect(picked.sorted() == all.map(\.name).sorted())
            #expect(Set(picked).count == all.count)
        }
    }

    /// Shard files made without a browser (the report verify writes for results).
    func shardFiles(count: Int, in dir: URL, edit: (Int, inout [VerifyResult], inout Double) -> Void = { _, _, _ in })
        throws -> [String] {
        let all = [Self.spec("a.md", 3, width: 50, height: 10), Self.spec("a.md", 9, width: 80, height: 30),
                   Self.spec("b.md", 1, width: 20, height: 20)]
        return try (1...count).map { index in
            let shard = VerifyShard(index: index, count: count)
            let header = VerifyReport.ShardHeader(shard: shard, engines: [.chromium], scales: [1], all: all)
            var results: [VerifyResult] = []
            for spec in shard.select(all) {
                for theme in [Theme.light, .dark] {
                    for time in VerifyRun.times(of: spec.spec) {
                        results.append(VerifyResult(component: spec.name, title: "S", theme: theme, scale: 1, time: time,
                                                    mismatched: 0, pixels: 100,
                                                    specDigest: SHA256.hex(Array(spec.source.utf8))))
                    }
                }
            }
            var threshold = 0.03
            edit(index, &results, &threshold)
            let name = "s\(index).json"
            try Data(VerifyReport.json(results, minimum: 0.995, threshold: threshold, shard: header).utf8)
                .write(to: dir.appendingPathComponent(name))
            return name
        }
    }

    @Test func mergeRefusesShardsThatDoNotFit() throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = try shardFiles(count: 2, in: dir)
        let good = try CLIRunner.run(["verify", "merge"] + files + ["--json", "all.json"], cwd: dir)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.hasSuffix("3 specs, 24 frames, 0 below 99.5% (worst 100%)\n"))

        let missing = try CLIRunner.run(["verify", "merge", files[0]], cwd: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: shard 2/2 is missing: every shard's file is needed for a whole report\n")

        let twice = try CLIRunner.run(["verify", "merge", files[0], files[1], files[1]], cwd: dir)
        #expect(twice.status == 2)
        #expect(twice.stderr == "error: the frame a.md:9 chromium light @1x t=0s is in both s2.json and s2.json; give each shard's file once\n")

        // A shard run again with a different outcome, given beside the first.
        try FileManager.default.copyItem(at: dir.appendingPathComponent(files[1]), to: dir.appendingPathComponent("first.json"))
        _ = try shardFiles(count: 2, in: dir) { index, results, _ in if index == 2 { results[0].mismatched = 50 } }
        let differing = try CLIRunner.run(["verify", "merge", files[0], "first.json", files[1]], cwd: dir)
        #expect(differing.status == 2)
        #expect(differing.stderr == "error: the frame a.md:9 chromium light @1x t=0s is in both first.json and s2.json with different results (100% and 50%); give each shard's file once\n")

        _ = try shardFiles(count: 2, in: dir) { index, _, threshold in if index == 2 { threshold = 0.1 } }
        let settings = try CLIRunner.run(["verify", "merge"] + files, cwd: dir)
        #expect(settings.status == 2)
        #expect(settings.stderr == "error: s1.json and s2.json were run with different settings: threshold 0.03 and 0.1\n")

        let three = try shardFiles(count: 3, in: dir)
        let split = try CLIRunner.run(["verify", "merge", "first.json", three[0]], cwd: dir)
        #expect(split.status == 2)
        #expect(split.stderr == "error: first.json and s1.json are shards 2/2 and 1/3 of runs split differently; merge the shards of one run\n")

        let single = try CLIRunner.run(["verify", "merge", "all.json"], cwd: dir)
        #expect(single.status == 2)
        #expect(single.stderr == "all.json:1:1: error: not the results of a shard (no \"shard\" object); write them with verify --shard I/N --json FILE\n")

        // The file's own problems, as build --verify-results reports them.
        try Data("{\"results\":[{\"theme\":\"grey\"}]}".utf8).write(to: dir.appendingPathComponent("bad.json"))
        let bad = try CLIRunner.run(["verify", "merge", "bad.json"], cwd: dir)
        #expect(bad.status == 2)
        #expect(bad.stderr == """
            bad.json:1:13: error: result 1 lacks "scale" (a whole number from 1 to 4)
            bad.json:1:13: error: result 1 lacks "time" (a number of seconds from 0 to 1000000000)
            bad.json:1:13: error: result 1 lacks "match" (a number from 0 to 1)
            bad.json:1:22: error: result 1: "theme" must be "light" or "dark", got "grey"

            """)
    }

    // MARK: - With Chromium

    /// The union of the shards' frames is every frame of an unsharded run, each once, and
    /// the merged report is the unsharded run's byte for byte, which build reads.
    @Test(.enabled(if: VerifyCommandTests.chromiumAvailable, "chromium not installed"), .timeLimit(.minutes(1)))
    func mergedShardsEqualOneRun() throws {
        let dir = try fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try CLIRunner.run(["verify", "site", "--browser", "chromium", "--json", "all.json"], cwd: dir)
        #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")
        let everyFrame = try Self.frames(dir.appendingPathComponent("all.json"))
        // 5 specs, the fluid one at 2 widths: 6 × 2 scales × 2 themes × 4 times.
        #expect(everyFrame.count == 96)
        #expect(Set(everyFrame).count == 96)

        let count = 3
        var shardFrames: [String] = []
        for index in 1...count {
            let run = try CLIRunner.run(["verify", "site", "--browser", "chromium", "--shard", "\(index)/\(count)",
                                         "--json", "s\(index).json"], cwd: dir)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let frames = try Self.frames(dir.appendingPathComponent("s\(index).json"))
            #expect(!frames.isEmpty, "shard \(index) is empty")
            shardFrames += frames
        }
        #expect(shardFrames.sorted() == everyFrame.sorted())

        let merge = try CLIRunner.run(["verify", "merge", "s1.json", "s2.json", "s3.json", "--json", "merged.json"], cwd: dir)
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stderr == "")
        #expect(merge.stdout == whole.stdout)
        let merged = try Data(contentsOf: dir.appendingPathComponent("merged.json"))
        #expect(merged == (try Data(contentsOf: dir.appendingPathComponent("all.json"))))
        // The order of the files given does not matter.
        let reversed = try CLIRunner.run(["verify", "merge", "s3.json", "s1.json", "s2.json", "--json", "again.json"], cwd: dir)
        #expect(reversed.status == 0)
        #expect(try Data(contentsOf: dir.appendingPathComponent("again.json")) == merged)

        let build = try CLIRunner.run(["build", "site", "--output", "out", "--verify-results", "merged.json"], cwd: dir)
        #expect(build.status == 0, "\(build.stderr)")
    }
}
