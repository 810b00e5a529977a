import Foundation
import Testing
@testable import SkelSite

/// `build --fit-results FILE` reads a `skelsite fit --json` file: every field the
/// gallery shows is checked and each bad one reported at its line and column, as
/// `--verify-results` does (site/reference/limits.md, "Files skelsite reads").
@Suite struct FitResultsFileTests {
    /// One case as fit writes it, one member per line from line 4; `fields` replace or
    /// add members (`nil` removes one).
    static func file(_ fields: [(String, String?)] = []) -> String {
        var members: [(String, String)] = [
            ("browserShift", "0.004575"),
            ("content", "{\"height\": 72, \"width\": 360, \"x\": 0, \"y\": 0}"),
            ("delta", "{\"height\": 4, \"width\": 0}"),
            ("engine", "\"chromium\""),
            ("line", "3"),
            ("parts", "[{\"content\": {\"height\": 20, \"width\": 328, \"x\": 16, \"y\": 16}, \"name\": \"title\", "
                + "\"shape\": {\"height\": 16, \"width\": 328, \"x\": 16, \"y\": 16}}]"),
            ("pass", "false"),
            ("path", "\"docs/row.md\""),
            ("shift", "{\"distance\": 0.005, \"impact\": 0.915, \"score\": 0.004575}"),
            ("skeleton", "{\"height\": 68, \"width\": 360, \"x\": 0, \"y\": 0}"),
            ("theme", "\"light\""),
            ("viewport", "{\"height\": 800, \"width\": 360, \"x\": 0, \"y\": 0}"),
            ("width", "360"),
        ]
        for (key, value) in fields {
            if let index = members.firstIndex(where: { $0.0 == key }) {
                if let value { members[index].1 = value } else { members.remove(at: index) }
            } else if let value {
                members.append((key, value))
            }
        }
        return "{\n  \"cases\": [\n    {\n"
            + members.map { "      \"\($0.0)\": \($0.1)" }.joined(separator: ",\n")
            + "\n    }\n  ],\n  \"threshold\": 0,\n  \"viewportHeight\": 800\n}\n"
    }

    static func problems(_ text: String) -> [String] {
        do {
            _ = try FitResultsFile.parse(Data(text.utf8), path: "fit.json")
            return []
        } catch {
            guard case .invalidFile(let lines) = error else { return ["unexpected: \(error)"] }
            return lines
        }
    }

    /// The line (1-based) and column of `key`'s value in `text`.
    static func place(of key: String, in text: String) throws -> (Int, Int) {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let member = "      \"" + key + "\": "
            if line.hasPrefix(member) { return (index + 1, member.count + 1) }
        }
        throw FitResultsTestFailure(message: "no \(key)")
    }

    @Test func aFileFitWritesIsRead() throws {
        let results = try FitResultsFile.parse(Data(Self.file().utf8), path: "fit.json")
        let fit = try #require(results.byPath["docs/row.md"]?[3])
        #expect(fit.threshold == 0)
        #expect(fit.cases == [ComponentFit.Case(engine: "chromium", width: 360, theme: "light", deltaWidth: 0, deltaHeight: 4,
                                                contentHeight: 72, score: 0.004575, browserShift: 0.004575, passed: false)])
        #expect(!fit.passed && fit.worst == 0.004575)
    }

    /// Fields this version does not know (another engine's, later versions') are left alone;
    /// a null browser score (engines without layout-shift entries) is none.
    @Test func unknownFieldsAndNullBrowserScoreAreAccepted() throws {
        let text = Self.file([("engine", "\"firefox\""), ("browserShift", "null"), ("warnings", "[{\"part\": 1}]"),
                              ("pass", nil)])
        let fit = try #require(try FitResultsFile.parse(Data(text.utf8), path: "fit.json").byPath["docs/row.md"]?[3])
        #expect(fit.cases.map(\.engine) == ["firefox"])
        #expect(fit.cases[0].browserShift == nil)
        // Without "pass", the score against the file's threshold decides.
        #expect(fit.cases[0].passed == false)
    }

    func expectOne(_ key: String, _ value: String, _ message: String) throws {
        let text = Self.file([(key, value)])
        let (line, column) = try Self.place(of: key, in: text)
        #expect(Self.problems(text) == ["fit.json:\(line):\(column): error: \(message)"])
    }

    @Test func aBadValueIsReportedAtIt() throws {
        try expectOne("theme", "\"dim\"", "case 1: \"theme\" must be \"light\" or \"dark\", got \"dim\"")
        try expectOne("line", "0", "case 1: \"line\" must be a whole number from 1 to 2147483647, got 0")
        try expectOne("line", "2.5", "case 1: \"line\" must be a whole number from 1 to 2147483647, got 2.5")
        try expectOne("width", "-1", "case 1: \"width\" must be a number of CSS pixels from 0 to 10000000, got -1")
        try expectOne("path", "\"\"", "case 1: \"path\" must be a string that is not empty, got \"\"")
        try expectOne("browserShift", "\"0.1\"", "case 1: \"browserShift\" must be null or a number from 0 to 1000, got \"0.1\"")
        try expectOne("pass", "1", "case 1: \"pass\" must be true or false, got 1")
        try expectOne("delta", "[]", "case 1: \"delta\" must be an object with width and height, got an array")
        try expectOne("shift", "0.5", "case 1: \"shift\" must be an object with score, got 0.5")
        try expectOne("spec", "\"abc\"", "case 1: \"spec\" must be a SHA-256 digest (64 lower-case hex digits), got \"abc\"")
    }

    /// A bad value inside an object member is reported at that value.
    @Test func aBadValueInsideAnObject() throws {
        let text = Self.file([("shift", "{\"distance\": 0.005, \"impact\": 0.915, \"score\": 2}")])
        let (line, _) = try Self.place(of: "shift", in: text)
        let column = try #require(text.split(separator: "\n")[line - 1].range(of: "\"score\": ")).upperBound
        let at = text.split(separator: "\n")[line - 1].distance(from: text.split(separator: "\n")[line - 1].startIndex, to: column) + 1
        #expect(Self.problems(text) == ["fit.json:\(line):\(at): error: case 1 shift: \"score\" must be a number from 0 to 1, got 2"])
        let sized = Self.file([("content", "{\"height\": -72, \"width\": 360, \"x\": 0, \"y\": 0}")])
        let (contentLine, contentColumn) = try Self.place(of: "content", in: sized)
        #expect(Self.problems(sized) == ["fit.json:\(contentLine):\(contentColumn + 11): error: case 1 content: \"height\" must be "
                                         + "a number of CSS pixels from 0 to 10000000, got -72"])
    }

    @Test func aMissingFieldIsReportedAtItsObject() {
        let text = Self.file([("delta", nil), ("theme", nil)])
        #expect(Self.problems(text) == [
            "fit.json:3:5: error: case 1 lacks \"theme\" (\"light\" or \"dark\")",
            "fit.json:3:5: error: case 1 lacks \"delta\" (an object with width and height)",
        ])
    }

    @Test func notAFitFile() {
        #expect(Self.problems("{\"results\": []}\n") == ["fit.json:1:1: error: not a skelsite fit --json file (no \"cases\" array)"])
        #expect(Self.problems("{\"cases\": [1]}\n") == ["fit.json:1:12: error: case 1 must be an object, got 1"])
        #expect(Self.problems("{\"cases\": [],}\n") == ["fit.json:1:14: error: not valid JSON: expected a key in double quotes, found '}'"])
        #expect(Self.problems("{\"cases\": [], \"threshold\": 3}\n")
                == ["fit.json:1:28: error: \"threshold\" must be a number from 0 to 1, got 3"])
    }

    @Test func anUnreadableFileIsAnIOError() {
        do {
            _ = try FitResultsFile.read(URL(fileURLWithPath: "/nonexistent/fit.json"))
            Issue.record("read a file that does not exist")
        } catch {
            guard case .io(let message) = error else { Issue.record("not an I/O error: \(error)"); return }
            #expect(message.hasPrefix("cannot read fit results /nonexistent/fit.json: "))
        }
    }

    /// Paths in the file carry the folder fit was given (`site/`); each belongs to the doc
    /// whose path relative to the source it ends with, the longest such one.
    @Test func pathsAreMatchedToDocs() {
        var results = FitResults()
        let fit = ComponentFit(cases: [], threshold: 0)
        results.byPath["site/gallery/row.md"] = [3: fit]
        results.byPath["elsewhere.md"] = [3: fit]
        let matched = results.byDocument(["row.md", "gallery/row.md", "other.md"])
        #expect(Array(matched.keys) == ["gallery/row.md"])
    }

    /// A case naming its spec's digest shows only beside that exact spec.
    @Test func aCaseForAnotherSpecIsDropped() {
        let digest = String(repeating: "ab", count: 32)
        let item = ComponentFit.Case(engine: "chromium", width: 360, theme: "light", deltaWidth: 0, deltaHeight: 0,
                                     contentHeight: nil, score: 0, browserShift: nil, passed: true, spec: digest)
        let fit = ComponentFit(cases: [item], threshold: 0)
        #expect(fit.measuring(digest: digest) == fit)
        #expect(fit.measuring(digest: String(repeating: "cd", count: 32)) == nil)
    }
}

struct FitResultsTestFailure: Error {
    var message: String
}
