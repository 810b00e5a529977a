import SkelSite
import SkeletonCore

/// `skelsite verify merge A.json B.json ... --json ALL.json`: the files of the N shards of
/// one run (`verify --shard I/N --json`) joined into the report an unsharded run writes,
/// so `build --verify-results` and the gallery read it the same way
/// (site/reference/command-line.md, "verify merge").
///
/// Each file is checked as `build --verify-results` checks it (VerifyResultsJSON, the
/// same `path:line:column` diagnostics), then the shards against each other: the same
/// count, settings, engines, scales and specs; no frame twice; every shard present; each
/// file holding exactly the frames of its own specs. Anything else is refused with a
/// message naming the files, never half merged.
public enum VerifyMerge {
    public struct Merged: Equatable, Sendable {
        /// In an unsharded run's order: spec, engine, scale, theme, time, width.
        public var results: [VerifyResult]
        public var minimum: Double?
        public var threshold: Double?
        public var minimumWithAntialiased: Double?
        /// Specs of the source (every shard's header lists them all).
        public var specs: Int
    }

    /// Error lines (`path:line:column: error: ...` for a file's own problems,
    /// `error: ...` for shards that do not fit together).
    public struct Failure: Error, Equatable, Sendable {
        public var lines: [String]
    }

    /// One file, read.
    struct Shard {
        var path: String
        var header: VerifyReport.ShardHeader
        var minimum: Double?
        var threshold: Double?
        var minimumWithAntialiased: Double?
        var results: [VerifyResult]
    }

    /// `files`: each file's name as the user gave it, and its bytes.
    public static func merge(_ files: [(path: String, bytes: [UInt8])]) -> Result<Merged, Failure> {
        var shards: [Shard] = []
        var problems: [String] = []
        for file in files {
            switch read(file.bytes, path: file.path) {
            case .success(let shard): shards.append(shard)
            case .failure(let failure): problems += failure.lines
            }
        }
        guard problems.isEmpty else { return .failure(Failure(lines: problems)) }
        guard let first = shards.first else { return .failure(Failure(lines: ["error: no files to merge"])) }
        if let problem = mismatch(shards) { return .failure(Failure(lines: ["error: " + problem])) }

        // The same frame twice: two files of one shard, or a file given twice.
        var seen: [FrameKey: (path: String, result: VerifyResult)] = [:]
        for shard in shards {
            for result in shard.results {
                let key = FrameKey(result)
                if let earlier = seen[key] {
                    let same = earlier.result == result
                    return .failure(Failure(lines: ["error: the frame " + key.description + " is in both " + earlier.path
                        + " and " + shard.path + (same ? "" : " with different results (" + VerifyReport.percent(earlier.result.match)
                        + " and " + VerifyReport.percent(result.match) + ")") + "; give each shard's file once"]))
                }
                seen[key] = (shard.path, result)
            }
        }
        let count = first.header.shard.count
        var byIndex: [Int: String] = [:]
        for shard in shards {
            if let other = byIndex[shard.header.shard.index] {
                return .failure(Failure(lines: ["error: " + other + " and " + shard.path + " are both shard "
                    + shard.header.shard.text + "; give each shard's file once"]))
            }
            byIndex[shard.header.shard.index] = shard.path
        }
        let missing = (1...count).filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            return .failure(Failure(lines: ["error: " + (missing.count == 1 ? "shard " : "shards ")
                + missing.map { String($0) + "/" + String(count) }.joined(separator: ", ")
                + (missing.count == 1 ? " is" : " are") + " missing: every shard's file is needed for a whole report"]))
        }
        // Each file holds the frames of its own specs, every engine and scale of each.
        let position = Dictionary(first.header.specs.enumerated().map { ($1.component, $0) },
                                  uniquingKeysWith: { a, _ in a })
        for shard in shards {
            var covered: [String: Set<String>] = [:]
            for result in shard.results {
                guard let at = position[result.component] else {
                    return .failure(Failure(lines: ["error: " + shard.path + " holds frames of " + result.component
                        + ", which is not among the specs its shard header lists"]))
                }
                let spec = first.header.specs[at]
                guard spec.shard == shard.header.shard.index else {
                    return .failure(Failure(lines: ["error: " + shard.path + " (shard " + shard.header.shard.text
                        + ") holds frames of " + spec.component + ", which belongs to shard " + String(spec.shard) + "/"
                        + String(count)]))
                }
                guard result.specDigest == spec.digest else {
                    return .failure(Failure(lines: ["error: " + shard.path + ": the frames of " + spec.component
                        + " are of another version of the spec than its shard header lists"]))
                }
                covered[spec.component, default: []].insert(result.engine.rawValue + "@" + String(result.scale))
            }
            let wanted = Set(first.header.engines.flatMap { engine in
                first.header.scales.map { engine.rawValue + "@" + String($0) }
            })
            for spec in first.header.specs where spec.shard == shard.header.shard.index {
                let lacking = wanted.subtracting(covered[spec.component] ?? [])
                if !lacking.isEmpty {
                    return .failure(Failure(lines: ["error: " + shard.path + " (shard " + shard.header.shard.text
                        + ") lacks the frames of " + spec.component + " in " + lacking.sorted().joined(separator: ", ")]))
                }
            }
        }
        // An unsharded run's order; within one spec (one file), the file's own order
        // (a fluid spec's widths).
        var all: [(key: [Int], time: Double, file: Int, offset: Int, result: VerifyResult)] = []
        for (file, shard) in shards.enumerated() {
            for (offset, result) in shard.results.enumerated() {
                let key = [position[result.component]!, BrowserEngine.allCases.firstIndex(of: result.engine)!,
                           first.header.scales.firstIndex(of: result.scale) ?? 0, result.theme == .light ? 0 : 1]
                all.append((key, result.time, file, offset, result))
            }
        }
        all.sort { a, b in
            if a.key != b.key { return a.key.lexicographicallyPrecedes(b.key) }
            if a.time != b.time { return a.time < b.time }
            return (a.file, a.offset) < (b.file, b.offset)
        }
        return .success(Merged(results: all.map(\.result), minimum: first.minimum, threshold: first.threshold,
                               minimumWithAntialiased: first.minimumWithAntialiased, specs: first.header.specs.count))
    }

    /// The first way the shards differ in what must be the same, as a message.
    static func mismatch(_ shards: [Shard]) -> String? {
        let first = shards[0]
        for other in shards.dropFirst() {
            let pair = first.path + " and " + other.path
            if other.header.shard.count != first.header.shard.count {
                return pair + " are shards " + first.header.shard.text + " and " + other.header.shard.text
                    + " of runs split differently; merge the shards of one run"
            }
            for (name, a, b) in [("minimum", first.minimum, other.minimum), ("threshold", first.threshold, other.threshold),
                                 ("minimum with anti-aliased", first.minimumWithAntialiased, other.minimumWithAntialiased)]
            where a != b {
                return pair + " were run with different settings: " + name + " " + setting(a) + " and " + setting(b)
            }
            if other.header.engines != first.header.engines {
                return pair + " were run in different engines: " + engines(first.header) + " and " + engines(other.header)
            }
            if other.header.scales != first.header.scales {
                return pair + " were run at different scales: " + first.header.scales.map(String.init).joined(separator: ",")
                    + " and " + other.header.scales.map(String.init).joined(separator: ",")
            }
            if other.header.specs != first.header.specs {
                let (a, b) = (first.header.specs, other.header.specs)
                let longer = a.count > b.count ? a : b
                let differing = zip(a, b).first { $0 != $1 }?.0.component ?? longer[min(a.count, b.count)].component
                return pair + " were run on different sources (" + differing
                    + " differs); run every shard on the same commit"
            }
        }
        return nil
    }

    static func setting(_ value: Double?) -> String { value.map { VerifyReport.number($0, places: 6) } ?? "none" }

    static func engines(_ header: VerifyReport.ShardHeader) -> String {
        header.engines.map(\.rawValue).joined(separator: ",")
    }

    /// What makes two results the same frame.
    struct FrameKey: Hashable, CustomStringConvertible {
        var component: String
        var engine: BrowserEngine
        var dark: Bool
        var scale: Int
        var time: Double
        var width: Double?
        var rightToLeft: Bool

        init(_ r: VerifyResult) {
            (component, engine, dark, scale, time, width) = (r.component, r.engine, r.theme == .dark, r.scale, r.time, r.width)
            rightToLeft = r.rightToLeft
        }

        var description: String {
            component + (width.map { " w=" + VerifyReport.number($0) } ?? "") + (rightToLeft ? " dir=rtl" : "") + " "
                + engine.rawValue + " "
                + (dark ? "dark" : "light") + " @" + String(scale) + "x t=" + VerifyReport.number(time) + "s"
        }
    }

    /// One shard's file: checked as `build --verify-results` checks it, then its shard
    /// header and the fields a merge needs that a build does not.
    static func read(_ bytes: [UInt8], path: String) -> Result<Shard, Failure> {
        if case .failure(let invalid) = VerifyResultsJSON.agreements(bytes, path: path) {
            return .failure(Failure(lines: invalid.lines))
        }
        // agreements parsed it already: it is JSON with a "results" array.
        guard let root = try? LocatedJSON.parse(bytes), let resultsValue = root.member("results") else {
            return .failure(Failure(lines: [VerifyResultsJSON.line(path, bytes, 0, "not a skelsite verify --json file")]))
        }
        var check = VerifyResultsJSON.Checker(bytes: bytes)
        guard let headerValue = root.member("shard"), case .object = headerValue.value else {
            return .failure(Failure(lines: [VerifyResultsJSON.line(path, bytes, root.member("shard")?.start ?? root.start,
                "not the results of a shard (no \"shard\" object); write them with verify --shard I/N --json FILE")]))
        }
        let name = "the shard header"
        let count = check.count(headerValue, "count", in: name, from: 1, upTo: VerifyShard.maxCount, required: true)
        let index = check.count(headerValue, "index", in: name, from: 1, upTo: VerifyShard.maxCount, required: true)
        if let index, let count, index > count, let value = headerValue.member("index") {
            check.wrong(value, "index", in: name, "at most the count, " + String(count))
        }
        var engines: [BrowserEngine] = []
        var scales: [Int] = []
        if let list = check.member(headerValue, "engines", in: name, required: true, what: "an array of engine names") {
            if case .array(let items) = list.value {
                for item in items {
                    if case .string(let text) = item.value, let engine = BrowserEngine(rawValue: text) {
                        engines.append(engine)
                    } else {
                        check.problem(item.start, name + ": an engine must be \"chromium\", \"firefox\" or \"webkit\", got "
                                      + item.shown(in: bytes))
                    }
                }
            } else {
                check.wrong(list, "engines", in: name, "an array of engine names")
            }
        }
        if let list = check.member(headerValue, "scales", in: name, required: true, what: "an array of scales") {
            if case .array(let items) = list.value {
                for item in items {
                    if case .number(let n) = item.value, n == n.rounded(), n >= 1, n <= Double(Limits.maxScale) {
                        scales.append(Int(n))
                    } else {
                        check.problem(item.start, name + ": a scale must be a whole number from 1 to "
                                      + String(Limits.maxScale) + ", got " + item.shown(in: bytes))
                    }
                }
            } else {
                check.wrong(list, "scales", in: name, "an array of scales")
            }
        }
        var specs: [VerifyReport.ShardHeader.Spec] = []
        if let list = check.member(headerValue, "specs", in: name, required: true, what: "an array of specs") {
            for (spec, specName) in check.objects(list, named: "\"specs\"", itemName: "spec") {
                let component = check.text(spec, "component", in: specName, required: true, nonEmpty: true)
                let digest = check.digest(spec, in: specName)
                if spec.member("spec") == nil { _ = check.member(spec, "spec", in: specName, required: true, what: "a SHA-256 digest") }
                let shard = check.count(spec, "shard", in: specName, from: 1, upTo: count ?? VerifyShard.maxCount, required: true)
                if let component, let digest, let shard {
                    specs.append(.init(component: component, digest: digest, shard: shard))
                }
            }
        }
        // A result's fields a build may do without but a merged report needs.
        var results: [VerifyResult] = []
        if case .array(let items) = resultsValue.value {
            for (offset, item) in items.enumerated() {
                let itemName = "result " + String(offset + 1)
                let component = check.text(item, "component", in: itemName, required: true, nonEmpty: true)
                let engineText = check.text(item, "engine", in: itemName, required: true, nonEmpty: true)
                let engine = engineText.flatMap(BrowserEngine.init(rawValue:))
                if engineText != nil, engine == nil, let value = item.member("engine") {
                    check.wrong(value, "engine", in: itemName, "\"chromium\", \"firefox\" or \"webkit\"")
                }
                var counts: [Int] = []
                for key in ["mismatched", "antialiased", "pixels"] {
                    if let n = check.count(item, key, in: itemName, upTo: Limits.maxPNGPixels, required: true) { counts.append(n) }
                }
                let digest = check.digest(item, in: itemName)
                if item.member("spec") == nil { _ = check.member(item, "spec", in: itemName, required: true, what: "a SHA-256 digest") }
                // Checked by agreements already; read again here.
                let theme = check.choice(item, "theme", in: itemName, ["light", "dark"])
                let scale = check.count(item, "scale", in: itemName, from: 1, upTo: Limits.maxScale, required: true)
                let time = check.number(item, "time", in: itemName, from: 0, to: VerifyResultsJSON.maxTime,
                                        what: "a number of seconds", required: true)
                let width = check.width(item, in: itemName)
                let direction = item.member("dir") == nil ? nil : check.choice(item, "dir", in: itemName, ["rtl"])
                var title: String?
                if let value = item.member("title"), case .string(let text) = value.value { title = text }
                guard let component, let engine, counts.count == 3, let digest, let theme, let scale, let time else { continue }
                results.append(VerifyResult(component: component, title: title, engine: engine,
                                            theme: theme == "light" ? .light : .dark, scale: scale, time: time,
                                            mismatched: counts[0], antialiased: counts[1], pixels: counts[2],
                                            specDigest: digest, width: width, rightToLeft: direction == "rtl"))
            }
        }
        let minimum = check.share(root, "minimum", in: "the file")
        let threshold = check.share(root, "threshold", in: "the file")
        let minimumWithAntialiased = check.share(root, "minimumWithAntialiased", in: "the file")
        guard check.problems.isEmpty, let index, let count else { return .failure(Failure(lines: check.lines(path))) }
        return .success(Shard(path: path, header: .init(shard: VerifyShard(index: index, count: count), engines: engines,
                                                        scales: scales, specs: specs),
                              minimum: minimum, threshold: threshold, minimumWithAntialiased: minimumWithAntialiased,
                              results: results))
    }
}
