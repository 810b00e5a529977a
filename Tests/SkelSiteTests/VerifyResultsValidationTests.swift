import Foundation
import Testing
@testable import SkelSite
@testable import SkelsiteVerify

/// `build --verify-results FILE` checks every field of the file it reads, and reports
/// each bad one at its line and column (site/reference/limits.md, "Files skelsite
/// reads"); a number out of range used to trap ("Double value cannot be converted to
/// Int64") once the page showed it.
@Suite struct VerifyResultsValidationTests {
    static let digest = String(repeating: "0123456789abcdef", count: 4)

    /// A file as verify writes it, one result per line; `fields` replace or add
    /// members of the one result (line 3), `nil` removes one.
    static func file(_ fields: [(String, String?)] = []) -> String {
        var members: [(String, String)] = [("component", "\"a.md:3\""), ("title", "\"Bar\""), ("engine", "\"chromium\""),
                                           ("theme", "\"light\""), ("scale", "1"), ("time", "0.5"), ("match", "0.9975"),
                                           ("mismatched", "1"), ("pixels", "400"), ("spec", "\"" + digest + "\"")]
        for (key, value) in fields {
            if let index = members.firstIndex(where: { $0.0 == key }) {
                if let value { members[index].1 = value } else { members.remove(at: index) }
            } else if let value {
                members.append((key, value))
            }
        }
        return "{\"minimum\":0.995,\"threshold\":0.03,\"engines\":[],\n\"results\":[\n{"
            + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}\n]}\n"
    }

    /// The column of `key`'s value on line 3 of `file(fields)`.
    static func column(of key: String, in text: String) throws -> Int {
        let line = text.split(separator: "\n")[2]
        let range = try #require(line.range(of: "\"\(key)\":"))
        return line.distance(from: line.startIndex, to: range.upperBound) + 1
    }

    static func problems(_ text: String) -> [String] {
        do {
            _ = try VerifyResultsFile.parse(Data(text.utf8), path: "r.json")
            return []
        } catch {
            guard case .invalidFile(let lines) = error else { return ["unexpected: \(error)"] }
            return lines
        }
    }

    /// One bad field: exactly one error, at its value.
    func expectOne(_ key: String, _ value: String?, _ message: String) throws {
        let text = Self.file([(key, value)])
        let column = value == nil ? 1 : try Self.column(of: key, in: text)
        #expect(Self.problems(text) == ["r.json:3:\(column): error: \(message)"])
    }

    @Test func aFileVerifyWritesIsRead() throws {
        let agreements = try VerifyResultsFile.parse(Data(Self.file().utf8), path: "r.json")
        let agreement = try #require(agreements[Self.digest])
        #expect(agreement.minimum == 0.995 && agreement.threshold == 0.03)
        #expect(agreement.frames == [.init(engine: "chromium", theme: "light", scale: 1, time: 0.5, match: 0.9975)])
    }

    @Test func aNumberTooLargeForItsRange() throws {
        try expectOne("match", "1e20", "result 1: \"match\" must be a number from 0 to 1, got 1e20")
        try expectOne("match", "1e400", "result 1: \"match\" must be a number from 0 to 1, got 1e400")
        try expectOne("time", "1e20", "result 1: \"time\" must be a number of seconds from 0 to 1000000000, got 1e20")
        try expectOne("scale", "1e20", "result 1: \"scale\" must be a whole number from 1 to 4, got 1e20")
        try expectOne("pixels", "1e20", "result 1: \"pixels\" must be a whole number from 0 to 268435456, got 1e20")
        try expectOne("width", "5000", "result 1: \"width\" must be a number of points above 0 and at most 4096, got 5000")
    }

    @Test func aNegativeNumber() throws {
        try expectOne("match", "-1", "result 1: \"match\" must be a number from 0 to 1, got -1")
        try expectOne("time", "-0.5", "result 1: \"time\" must be a number of seconds from 0 to 1000000000, got -0.5")
        try expectOne("scale", "-1", "result 1: \"scale\" must be a whole number from 1 to 4, got -1")
        try expectOne("mismatched", "-1", "result 1: \"mismatched\" must be a whole number from 0 to 268435456, got -1")
        try expectOne("width", "0", "result 1: \"width\" must be a number of points above 0 and at most 4096, got 0")
    }

    @Test func aCountThatIsNotWhole() throws {
        try expectOne("scale", "1.5", "result 1: \"scale\" must be a whole number from 1 to 4, got 1.5")
        try expectOne("antialiased", "0.1", "result 1: \"antialiased\" must be a whole number from 0 to 268435456, got 0.1")
    }

    @Test func notANumberSpelledAsAString() throws {
        try expectOne("match", "\"NaN\"", "result 1: \"match\" must be a number from 0 to 1, got \"NaN\"")
        try expectOne("time", "\"Infinity\"", "result 1: \"time\" must be a number of seconds from 0 to 1000000000, got \"Infinity\"")
        try expectOne("scale", "\"2\"", "result 1: \"scale\" must be a whole number from 1 to 4, got \"2\"")
        // Bare NaN is not JSON at all.
        let text = Self.file([("match", "NaN")])
        #expect(Self.problems(text) == ["r.json:3:\(try Self.column(of: "match", in: text)): error: not valid JSON: expected a value, found 'N'"])
    }

    @Test func aValueOfTheWrongType() throws {
        try expectOne("theme", "3", "result 1: \"theme\" must be \"light\" or \"dark\", got 3")
        try expectOne("theme", "\"sepia\"", "result 1: \"theme\" must be \"light\" or \"dark\", got \"sepia\"")
        try expectOne("engine", "[]", "result 1: \"engine\" must be a string that is not empty, got an array")
        try expectOne("title", "{}", "result 1: \"title\" must be a string, got an object")
        try expectOne("component", "true", "result 1: \"component\" must be a string, got true")
        try expectOne("spec", "\"ab\"", "result 1: \"spec\" must be a SHA-256 digest (64 lower-case hex digits), got \"ab\"")
        try expectOne("spec", "7", "result 1: \"spec\" must be a SHA-256 digest (64 lower-case hex digits), got 7")
        // A null title is what verify writes for a spec without one.
        #expect(Self.problems(Self.file([("title", "null")])) == [])
    }

    @Test func aMissingKey() throws {
        try expectOne("theme", nil, "result 1 lacks \"theme\" (\"light\" or \"dark\")")
        try expectOne("scale", nil, "result 1 lacks \"scale\" (a whole number from 1 to 4)")
        try expectOne("time", nil, "result 1 lacks \"time\" (a number of seconds from 0 to 1000000000)")
        try expectOne("match", nil, "result 1 lacks \"match\" (a number from 0 to 1)")
        #expect(Self.problems("{\"minimum\":1}") == ["r.json:1:1: error: not a skelsite verify --json file (no \"results\" array)"])
    }

    @Test func fieldsOfTheFileAndItsEngineSummaries() {
        let text = "{\"minimum\":2,\"threshold\":-0.5,\"engines\":[{\"engine\":\"chromium\",\"frames\":-3,\"worst\":1e20},7],\n"
            + "\"results\":{}}"
        #expect(Self.problems(text) == [
            "r.json:1:12: error: \"minimum\" must be a number from 0 to 1, got 2",
            "r.json:1:26: error: \"threshold\" must be a number from 0 to 1, got -0.5",
            "r.json:1:72: error: engine summary 1: \"frames\" must be a whole number from 0 to 2147483647, got -3",
            "r.json:1:83: error: engine summary 1: \"worst\" must be a number from 0 to 1, got 1e20",
            "r.json:1:89: error: engine summary 2 must be an object, got 7",
            "r.json:2:11: error: \"results\" must be an array, got an object",
        ])
    }

    @Test func syntaxErrorsAreLocated() {
        #expect(Self.problems("") == ["r.json:1:1: error: not valid JSON: the file holds no JSON value"])
        #expect(Self.problems("{\"results\":[],}") == ["r.json:1:15: error: not valid JSON: expected a key in double quotes, found '}'"])
        #expect(Self.problems("{\"results\":[]}\n{}") == ["r.json:2:1: error: not valid JSON: unexpected '{' after the JSON value"])
        #expect(Self.problems("{\"results\":[],\"results\":[]}")
                == ["r.json:1:15: error: not valid JSON: the key \"results\" appears twice in one object"])
        // A key is shown as written, so an escaped line break stays an escape.
        #expect(Self.problems("{\"results\":[],\"a\\n\":1,\"a\\n\":2}")
                == ["r.json:1:23: error: not valid JSON: the key \"a\\n\" appears twice in one object"])
        #expect(Self.problems("{\"results\":[\"\u{1}\"]}")
                == ["r.json:1:14: error: not valid JSON: control character U+0001 in a string; write it as \\u0001"])
        #expect(Self.problems("{\"results\":[\"\\ud800\"]}") == ["r.json:1:14: error: not valid JSON: unpaired surrogate in a \\u escape"])
        #expect(Self.problems("{\"results\":[01]}") == ["r.json:1:13: error: not valid JSON: a number may not start with 0 followed by a digit"])
        #expect(Self.problems(String(repeating: "[", count: 100_000))
                == ["r.json:1:65: error: not valid JSON: nested deeper than 64 arrays and objects"])
        var bytes = Array("{\"results\":\n [\"é".utf8)
        bytes.append(0xFF)
        do {
            _ = try VerifyResultsFile.parse(Data(bytes), path: "r.json")
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(error == .invalidFile(["r.json:2:5: error: not valid JSON: the file is not valid UTF-8 (byte 0xFF)"]))
        }
    }

    @Test func manyProblemsAreCapped() {
        let results = Array(repeating: "{\"theme\":\"x\",\"scale\":1,\"time\":0,\"match\":1}", count: 30).joined(separator: ",\n")
        let lines = Self.problems("{\"results\":[\n" + results + "]}")
        #expect(lines.count == 21)
        #expect(lines.first == "r.json:2:10: error: result 1: \"theme\" must be \"light\" or \"dark\", got \"x\"")
        #expect(lines.last == "r.json:22:10: error: too many errors; stopped reporting after the first 20 (10 more not shown)")
    }

    /// A browser's answer to the viewport check is JSON too: a size too large for an
    /// Int is named, not converted (it trapped).
    @Test func aViewportAnswerOutOfRangeDoesNotTrap() {
        do {
            try ViewportCheck.check([-1e300, 600, 2, false] as [Any], engine: .firefox, width: 800, height: 600, scale: 2)
            Issue.record("a viewport of -1e300 was accepted")
        } catch {
            #expect("\(error)" == "Firefox's viewport is -1e+300×600 CSS pixels, smaller than the 800×600 asked for")
        }
    }

    /// The numbers a page shows are formatted without trapping, whatever they are.
    @Test func numbersFormatWithoutTrapping() {
        #expect(VerifyReport.number(1e20 * 100, places: 2) == "1e+22")
        #expect(VerifyReport.percent(0.9975) == "99.75%")
        #expect(VerifyReport.number(.infinity) == "inf")
    }
}
