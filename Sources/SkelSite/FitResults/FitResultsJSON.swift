import SkeletonCore

/// The checks of a `skelsite fit --json` file that `build --fit-results` reads
/// (site/reference/command-line.md; site/reference/limits.md, "Files skelsite reads"):
/// every field the gallery shows must have its type and range, each problem reported
/// at the value's line and column, as `--verify-results` does. Fields it does not know
/// (the boxes of each part, fields later versions add) are left alone.
enum FitResultsJSON {
    /// The largest layout-shift score a case may give: one swap scores at most 1
    /// (impact and distance fractions are each at most 1); the browser's entries summed
    /// may pass it, so they get more room.
    static let maxBrowserShift = 1000.0
    /// A box's coordinates and a size difference, in CSS pixels, are at most this large.
    static let maxPixels = 1e7

    static func results(_ bytes: [UInt8], path: String) -> Result<FitResults, VerifyResultsJSON.Invalid> {
        let root: LocatedJSON
        do {
            root = try LocatedJSON.parse(bytes)
        } catch {
            return .failure(.init(lines: [VerifyResultsJSON.line(path, bytes, error.offset, "not valid JSON: " + error.message)]))
        }
        guard case .object = root.value, let casesValue = root.member("cases") else {
            return .failure(.init(lines: [VerifyResultsJSON.line(path, bytes, root.start,
                                                                 "not a skelsite fit --json file (no \"cases\" array)")]))
        }
        var check = VerifyResultsJSON.Checker(bytes: bytes)
        let threshold = check.share(root, "threshold", in: "the file") ?? 0
        _ = check.number(root, "viewportHeight", in: "the file", from: 0, to: maxPixels, what: "a number of CSS pixels")
        var results = FitResults()
        for (item, name) in check.objects(casesValue, named: "\"cases\"", itemName: "case") {
            let path = check.text(item, "path", in: name, required: true, nonEmpty: true)
            let line = check.count(item, "line", in: name, from: 1, upTo: Int(Int32.max), required: true)
            _ = check.count(item, "column", in: name, from: 1, upTo: Int(Int32.max))
            let width = check.number(item, "width", in: name, from: 0, to: maxPixels, what: "a number of CSS pixels",
                                     required: true)
            let theme = check.choice(item, "theme", in: name, ["light", "dark"])
            let engine = check.text(item, "engine", in: name, nonEmpty: true)
            var sizes: [String: (width: Double?, height: Double?)] = [:]
            for key in ["viewport", "skeleton", "content"] {
                guard let box = item.member(key) else { continue }
                sizes[key] = self.box(box, key, in: name, &check)
            }
            var delta: (width: Double?, height: Double?) = (nil, nil)
            if let value = check.member(item, "delta", in: name, required: true, what: "an object with width and height") {
                delta = pair(value, "delta", ["width", "height"], in: name, from: -maxPixels, to: maxPixels,
                             what: "a number of CSS pixels", &check)
            }
            var score: Double?
            if let value = check.member(item, "shift", in: name, required: true, what: "an object with score") {
                if case .object = value.value {
                    score = check.number(value, "score", in: name + " shift", from: 0, to: 1, what: "a number", required: true)
                    _ = check.share(value, "impact", in: name + " shift")
                    _ = check.share(value, "distance", in: name + " shift")
                } else {
                    check.wrong(value, "shift", in: name, "an object with score")
                }
            }
            var browserShift: Double?
            if let value = item.member("browserShift"), !value.isNull {
                browserShift = check.number(item, "browserShift", in: name, from: 0, to: maxBrowserShift,
                                            what: "null or a number")
            }
            var passed: Bool?
            if let value = item.member("pass") {
                if case .bool(let flag) = value.value { passed = flag } else { check.wrong(value, "pass", in: name, "true or false") }
            }
            if let parts = item.member("parts") {
                for (part, partName) in check.objects(parts, named: name + ": \"parts\"", itemName: name + " part") {
                    _ = check.text(part, "name", in: partName)
                    for key in ["shape", "content"] {
                        if let box = part.member(key) { _ = self.box(box, key, in: partName, &check) }
                    }
                }
            }
            let digest = check.digest(item, in: name)
            guard let path, let line, let width, let theme, let score, let dw = delta.width, let dh = delta.height else { continue }
            let figures = ComponentFit.Case(engine: engine ?? "chromium", width: width, theme: theme, deltaWidth: dw,
                                            deltaHeight: dh, contentHeight: sizes["content"]?.height, score: score,
                                            browserShift: browserShift, passed: passed ?? (score <= threshold), spec: digest)
            results.byPath[path, default: [:]][line, default: ComponentFit(cases: [], threshold: threshold)].cases.append(figures)
        }
        guard check.problems.isEmpty else { return .failure(.init(lines: check.lines(path))) }
        return .success(results)
    }

    /// A box `{x, y, width, height}`: its width and height when they are right.
    private static func box(_ value: LocatedJSON, _ key: String, in name: String,
                            _ check: inout VerifyResultsJSON.Checker) -> (width: Double?, height: Double?) {
        guard case .object = value.value else {
            check.wrong(value, key, in: name, "an object with x, y, width and height")
            return (nil, nil)
        }
        let owner = name + " " + key
        _ = check.number(value, "x", in: owner, from: -maxPixels, to: maxPixels, what: "a number of CSS pixels", required: true)
        _ = check.number(value, "y", in: owner, from: -maxPixels, to: maxPixels, what: "a number of CSS pixels", required: true)
        return pair(value, key, ["width", "height"], in: name, from: 0, to: maxPixels, what: "a number of CSS pixels", &check)
    }

    /// Two required numbers of an object (`delta`'s width and height).
    private static func pair(_ value: LocatedJSON, _ key: String, _ keys: [String], in name: String, from: Double,
                             to: Double, what: String, _ check: inout VerifyResultsJSON.Checker) -> (width: Double?, height: Double?) {
        guard case .object = value.value else {
            check.wrong(value, key, in: name, "an object with " + keys.joined(separator: " and "))
            return (nil, nil)
        }
        let owner = name + " " + key
        let first = check.number(value, keys[0], in: owner, from: from, to: to, what: what, required: true)
        let second = check.number(value, keys[1], in: owner, from: from, to: to, what: what, required: true)
        return (first, second)
    }
}
