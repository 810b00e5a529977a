import SkelSite
import SkeletonCore
import SkelsiteStore

/// Terminal and JSON forms of a run's results. The figures' spelling (`number`,
/// `percent`) is SkelSite's (VerifyResults/VerifyFigures.swift): the build shows them too.
extension VerifyReport {
    /// One line per frame, e.g.
    /// `ok   gallery/row.md:12 webkit light @2x t=0.75s  99.87% (99.41% counting anti-aliased)`,
    /// failing lines marked.
    public static func text(_ results: [VerifyResult], minimum: Double, minimumWithAntialiased: Double? = nil) -> String {
        var out = ""
        for r in results {
            let passes = VerifyGate.passes(r, minimum: minimum, minimumWithAntialiased: minimumWithAntialiased)
            out += (passes ? "ok   " : "FAIL ") + r.component + (r.width.map { " w=" + number($0) } ?? "") + (r.rightToLeft ? " dir=rtl" : "") + " " + r.engine.rawValue + " " + themeName(r.theme)
                + " @" + String(r.scale) + "x t=" + number(r.time) + "s  " + percent(r.match)
                + " (" + percent(r.matchCountingAntialiased) + " counting anti-aliased)\n"
        }
        return out
    }

    /// One engine's figures over a run.
    public struct EngineSummary: Equatable, Sendable {
        public var engine: BrowserEngine
        public var frames: Int
        public var worst: Double
        public var median: Double
        /// The worst frame with anti-aliased pixels counted as mismatches.
        public var worstWithAntialiased: Double
        public var medianWithAntialiased: Double
        public var failing: Int
    }

    public static func summaries(_ results: [VerifyResult], minimum: Double,
                                 minimumWithAntialiased: Double? = nil) -> [EngineSummary] {
        BrowserEngine.allCases.compactMap { engine in
            let frames = results.filter { $0.engine == engine }
            guard !frames.isEmpty else { return nil }
            return EngineSummary(engine: engine, frames: frames.count, worst: frames.map(\.match).min()!,
                                 median: median(frames.map(\.match)),
                                 worstWithAntialiased: frames.map(\.matchCountingAntialiased).min()!,
                                 medianWithAntialiased: median(frames.map(\.matchCountingAntialiased)),
                                 failing: frames.filter {
                                     !VerifyGate.passes($0, minimum: minimum, minimumWithAntialiased: minimumWithAntialiased)
                                 }.count)
        }
    }

    /// The middle value (the mean of the two middle ones for an even count).
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 1 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// `chromium: 1840 frames, worst 99.73%, median 100%; counting anti-aliased: worst 97.58%, median 100%; 0 failing`
    public static func summaryLine(_ s: EngineSummary) -> String {
        s.engine.rawValue + ": " + String(s.frames) + " frames, worst " + percent(s.worst) + ", median "
            + percent(s.median) + "; counting anti-aliased: worst " + percent(s.worstWithAntialiased) + ", median "
            + percent(s.medianWithAntialiased) + "; " + String(s.failing) + " failing"
    }

    /// `{"results":[{"component","engine","theme","scale","time","match"},...]}`, plus
    /// title, matchWithAntialiased, mismatched, antialiased, pixels and spec (the SHA-256
    /// of the spec's text, which `build --verify-results` matches components by), and
    /// per engine a summary. Numbers printed with fixed precision so runs diff cleanly.
    /// A shard's file (`verify --shard I/N`) also has a `shard` object (`ShardHeader`);
    /// a run's without one, byte for byte as before.
    public static func json(_ results: [VerifyResult], minimum: Double? = nil, threshold: Double? = nil,
                            minimumWithAntialiased: Double? = nil, shard: ShardHeader? = nil) -> String {
        var out = "{"
        if let minimum { out += "\"minimum\":" + number(minimum, places: 6) + "," }
        if let minimumWithAntialiased {
            out += "\"minimumWithAntialiased\":" + number(minimumWithAntialiased, places: 6) + ","
        }
        if let threshold { out += "\"threshold\":" + number(threshold, places: 6) + "," }
        if let shard { out += shard.json + ",\n" }
        let summaries = summaries(results, minimum: minimum ?? 0, minimumWithAntialiased: minimumWithAntialiased)
        out += "\"engines\":[" + summaries.map { s in
            "{\"engine\":\"" + s.engine.rawValue + "\",\"frames\":" + String(s.frames) + ",\"worst\":"
                + number(s.worst, places: 6) + ",\"median\":" + number(s.median, places: 6)
                + ",\"worstWithAntialiased\":" + number(s.worstWithAntialiased, places: 6)
                + ",\"medianWithAntialiased\":" + number(s.medianWithAntialiased, places: 6) + "}"
        }.joined(separator: ",") + "],\n"
        out += "\"results\":[\n"
        for (index, r) in results.enumerated() {
            out += "{\"component\":" + quoted(r.component)
            out += ",\"title\":" + (r.title.map(quoted) ?? "null")
            out += ",\"engine\":\"" + r.engine.rawValue + "\""
            out += ",\"theme\":\"" + themeName(r.theme) + "\""
            out += ",\"scale\":" + String(r.scale)
            out += ",\"time\":" + number(r.time)
            out += ",\"match\":" + number(r.match, places: 6)
            out += ",\"matchWithAntialiased\":" + number(r.matchCountingAntialiased, places: 6)
            out += ",\"mismatched\":" + String(r.mismatched)
            out += ",\"antialiased\":" + String(r.antialiased)
            out += ",\"pixels\":" + String(r.pixels)
            if !r.specDigest.isEmpty { out += ",\"spec\":\"" + r.specDigest + "\"" }
            if let width = r.width { out += ",\"width\":" + number(width) }
            if r.rightToLeft { out += ",\"dir\":\"rtl\"" }
            out += "}"
            out += index == results.count - 1 ? "\n" : ",\n"
        }
        return out + "]}\n"
    }

    /// What `verify merge` needs to check that shards fit together
    /// (site/reference/command-line.md, "verify merge"): which shard of how many, the
    /// engines and scales of the run, and every spec of the source with its digest and
    /// shard, so the merge can tell a missing, doubled or foreign shard.
    public struct ShardHeader: Equatable, Sendable {
        public struct Spec: Equatable, Sendable {
            public var component: String
            public var digest: String
            public var shard: Int
        }

        public var shard: VerifyShard
        public var engines: [BrowserEngine]
        public var scales: [Int]
        public var specs: [Spec]

        public init(shard: VerifyShard, engines: [BrowserEngine], scales: [Int], specs: [Spec]) {
            self.shard = shard
            self.engines = engines
            self.scales = scales
            self.specs = specs
        }

        /// The header of `shard` of a run over `all` (every spec found, in order).
        public init(shard: VerifyShard, engines: [BrowserEngine], scales: [Int], all: [VerifySpec]) {
            let shards = VerifyShard.assign(all, count: shard.count)
            self.init(shard: shard, engines: engines, scales: scales, specs: zip(all, shards).map { spec, index in
                Spec(component: spec.name, digest: SHA256.hex(Array(spec.source.utf8)), shard: index)
            })
        }

        var json: String {
            "\"shard\":{\"index\":" + String(shard.index) + ",\"count\":" + String(shard.count)
                + ",\"engines\":[" + engines.map { "\"" + $0.rawValue + "\"" }.joined(separator: ",")
                + "],\"scales\":[" + scales.map(String.init).joined(separator: ",") + "],\"specs\":[\n"
                + specs.map { "{\"component\":" + quoted($0.component) + ",\"spec\":\"" + $0.digest
                    + "\",\"shard\":" + String($0.shard) + "}" }.joined(separator: ",\n")
                + "]}"
        }
    }
}
