import SkeletonCore

/// The checks of a `skelsite verify --json` file that `build --verify-results` reads
/// (site/reference/command-line.md; site/reference/limits.md, "Files skelsite reads"):
/// every field it knows, wherever it stands, must have its type and range, and every
/// problem is reported at the value's line and column. A file verify wrote always
/// passes. Needs no Foundation: the fuzz target (Fuzz/VerifyResults) compiles it with
/// LocatedJSON.swift and ComponentAgreement.swift alone, with the package's name, so
/// what `verify merge` (SkelsiteVerify) uses here is `package`.
package enum VerifyResultsJSON {
    /// `PATH:LINE:COLUMN: error: MESSAGE` lines, in file order.
    package struct Invalid: Error, Equatable, Sendable {
        package var lines: [String]
    }

    /// verify's default bar, for files that do not say.
    static let defaultMinimum = 0.995
    /// Problems reported before the rest are summed up in one line.
    static let maxProblems = 20
    /// The longest time a result may give, in seconds (about 31 years).
    package static let maxTime = 1e9

    /// Agreements keyed by spec digest. Results without a `spec` digest (files from
    /// older versions) are checked, then skipped.
    package static func agreements(_ bytes: [UInt8], path: String) -> Result<[String: ComponentAgreement], Invalid> {
        let root: LocatedJSON
        do {
            root = try LocatedJSON.parse(bytes)
        } catch {
            return .failure(Invalid(lines: [line(path, bytes, error.offset, "not valid JSON: " + error.message)]))
        }
        var check = Checker(bytes: bytes)
        guard case .object = root.value, let resultsValue = root.member("results") else {
            return .failure(Invalid(lines: [line(path, bytes, root.start,
                                                 "not a skelsite verify --json file (no \"results\" array)")]))
        }
        let minimum = check.share(root, "minimum", in: "the file") ?? defaultMinimum
        let threshold = check.share(root, "threshold", in: "the file")
        _ = check.share(root, "minimumWithAntialiased", in: "the file")
        if let engines = root.member("engines") {
            for (summary, name) in check.objects(engines, named: "\"engines\"", itemName: "engine summary") {
                _ = check.text(summary, "engine", in: name, required: true, nonEmpty: true)
                _ = check.count(summary, "frames", in: name, upTo: Int(Int32.max))
                for key in ["worst", "median", "worstWithAntialiased", "medianWithAntialiased"] {
                    _ = check.share(summary, key, in: name)
                }
            }
        }
        var byDigest: [String: ComponentAgreement] = [:]
        for (result, name) in check.objects(resultsValue, named: "\"results\"", itemName: "result") {
            _ = check.text(result, "component", in: name)
            if let title = result.member("title"), !title.isNull { _ = check.text(result, "title", in: name) }
            let engine = check.text(result, "engine", in: name, nonEmpty: true)
            let theme = check.choice(result, "theme", in: name, ["light", "dark"])
            let scale = check.count(result, "scale", in: name, from: 1, upTo: Limits.maxScale, required: true)
            let time = check.number(result, "time", in: name, from: 0, to: maxTime, what: "a number of seconds", required: true)
            let match = check.share(result, "match", in: name, required: true)
            _ = check.share(result, "matchWithAntialiased", in: name)
            for key in ["mismatched", "antialiased", "pixels"] {
                _ = check.count(result, key, in: name, upTo: Limits.maxPNGPixels)
            }
            let width = check.width(result, in: name)
            let digest = check.digest(result, in: name)
            guard let digest, let theme, let scale, let time, let match else { continue }
            byDigest[digest, default: ComponentAgreement(frames: [], minimum: minimum, threshold: threshold)].frames
                .append(.init(engine: engine ?? "chromium", theme: theme, scale: scale, time: time, match: match,
                              width: width))
        }
        guard check.problems.isEmpty else { return .failure(Invalid(lines: check.lines(path))) }
        return .success(byDigest)
    }

    package static func line(_ path: String, _ bytes: [UInt8], _ offset: Int, _ message: String) -> String {
        let at = LocatedJSON.position(of: offset, in: bytes)
        return path + ":" + String(at.line) + ":" + String(at.column) + ": error: " + message
    }

    /// Collects problems; each check returns the value when it is right, else nil.
    package struct Checker {
        let bytes: [UInt8]
        package var problems: [(offset: Int, message: String)] = []

        package init(bytes: [UInt8]) { self.bytes = bytes }

        package mutating func problem(_ offset: Int, _ message: String) {
            problems.append((offset, message))
        }

        /// The sorted problems as lines, the ones past `maxProblems` summed up.
        package func lines(_ path: String) -> [String] {
            // Stable: a result's own problems keep their order at one offset.
            let sorted = problems.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
                .map(\.element)
            var lines = sorted.prefix(maxProblems).map { VerifyResultsJSON.line(path, bytes, $0.offset, $0.message) }
            if sorted.count > maxProblems {
                lines.append(VerifyResultsJSON.line(path, bytes, sorted[maxProblems].offset,
                    "too many errors; stopped reporting after the first \(maxProblems) (\(sorted.count - maxProblems) more not shown)"))
            }
            return lines
        }

        /// `value` must be an array of objects: the objects, each with its name for
        /// messages ("result 3"); anything else is a problem.
        package mutating func objects(_ value: LocatedJSON, named: String, itemName: String) -> [(LocatedJSON, String)] {
            guard case .array(let items) = value.value else {
                problem(value.start, named + " must be an array, got " + value.shown(in: bytes))
                return []
            }
            var objects: [(LocatedJSON, String)] = []
            for (index, item) in items.enumerated() {
                let name = itemName + " " + String(index + 1)
                guard case .object = item.value else {
                    problem(item.start, name + " must be an object, got " + item.shown(in: bytes))
                    continue
                }
                objects.append((item, name))
            }
            return objects
        }

        /// The member `key` of `object`; a missing required one is a problem at the
        /// object's opening brace, saying what it should be.
        package mutating func member(_ object: LocatedJSON, _ key: String, in name: String, required: Bool,
                             what: String) -> LocatedJSON? {
            if let value = object.member(key) { return value }
            if required { problem(object.start, name + " lacks \"" + key + "\" (" + what + ")") }
            return nil
        }

        package mutating func wrong(_ value: LocatedJSON, _ key: String, in name: String, _ what: String) {
            let owner = name == "the file" ? "" : name + ": "
            problem(value.start, owner + "\"" + key + "\" must be " + what + ", got " + value.shown(in: bytes))
        }

        /// A finite number in `from...to`.
        package mutating func number(_ object: LocatedJSON, _ key: String, in name: String, from: Double, to: Double,
                             what: String, required: Bool = false) -> Double? {
            let expected = what + " from " + VerifyResultsJSON.text(from) + " to " + VerifyResultsJSON.text(to)
            guard let value = member(object, key, in: name, required: required, what: expected) else { return nil }
            guard case .number(let number) = value.value, number.isFinite, number >= from, number <= to else {
                wrong(value, key, in: name, expected)
                return nil
            }
            // + 0 turns -0 into 0, as the command line does.
            return number + 0
        }

        /// A share of pixels (or pixelmatch's threshold): 0 to 1.
        package mutating func share(_ object: LocatedJSON, _ key: String, in name: String, required: Bool = false) -> Double? {
            number(object, key, in: name, from: 0, to: 1, what: "a number", required: required)
        }

        /// A whole number in `from...upTo` (counts of pixels or frames, a scale).
        package mutating func count(_ object: LocatedJSON, _ key: String, in name: String, from: Int = 0, upTo: Int,
                            required: Bool = false) -> Int? {
            let expected = "a whole number from " + String(from) + " to " + String(upTo)
            guard let value = member(object, key, in: name, required: required, what: expected) else { return nil }
            // The bounds are checked on the Double, so the conversion below cannot trap.
            guard case .number(let number) = value.value, number.isFinite, number == number.rounded(),
                  number >= Double(from), number <= Double(upTo) else {
                wrong(value, key, in: name, expected)
                return nil
            }
            return Int(number)
        }

        /// A fluid spec's checked width: above 0, at most the largest component.
        package mutating func width(_ object: LocatedJSON, in name: String) -> Double? {
            let expected = "a number of points above 0 and at most " + VerifyResultsJSON.text(Limits.maxDimension)
            guard let value = object.member("width") else { return nil }
            guard case .number(let number) = value.value, number.isFinite, number > 0, number <= Limits.maxDimension else {
                wrong(value, "width", in: name, expected)
                return nil
            }
            return number
        }

        /// A string (`nonEmpty`: with at least one character).
        package mutating func text(_ object: LocatedJSON, _ key: String, in name: String, required: Bool = false,
                           nonEmpty: Bool = false) -> String? {
            let expected = nonEmpty ? "a string that is not empty" : "a string"
            guard let value = member(object, key, in: name, required: required, what: expected) else { return nil }
            guard case .string(let text) = value.value, !(nonEmpty && text.isEmpty) else {
                wrong(value, key, in: name, expected)
                return nil
            }
            return text
        }

        /// One of `choices`, a required string.
        package mutating func choice(_ object: LocatedJSON, _ key: String, in name: String, _ choices: [String]) -> String? {
            let expected = choices.map { "\"" + $0 + "\"" }.joined(separator: " or ")
            guard let value = member(object, key, in: name, required: true, what: expected) else { return nil }
            guard case .string(let text) = value.value, choices.contains(text) else {
                wrong(value, key, in: name, expected)
                return nil
            }
            return text
        }

        /// `spec`: the SHA-256 of the spec's text as 64 lower-case hex digits, as verify
        /// writes it; nil when absent (files from older versions).
        package mutating func digest(_ object: LocatedJSON, in name: String) -> String? {
            guard let value = object.member("spec") else { return nil }
            guard case .string(let text) = value.value, text.utf8.count == 64,
                  text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else {
                wrong(value, "spec", in: name, "a SHA-256 digest (64 lower-case hex digits)")
                return nil
            }
            return text
        }
    }

    /// A bound for a message: whole numbers without a decimal point.
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

extension LocatedJSON {
    var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}
