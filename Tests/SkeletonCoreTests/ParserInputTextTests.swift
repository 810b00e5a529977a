import Testing
@testable import SkeletonCore

/// What the spec parser accepts as text (site/reference/limits.md, "Spec text"):
/// control characters are located errors, a leading byte order mark is skipped.
@Suite struct ParserInputTextTests {
    static func diagnose(_ bytes: [UInt8]) -> [String] {
        SpecParser.parse(bytes).diagnostics.map { "\($0.position.line):\($0.position.column): \($0.message)" }
    }

    /// Before: "2:3: unknown node kind 'rect<NUL>'; did you mean 'rect'?".
    @Test func aNulByteIsReportedWhereItIs() {
        let text = Array("skeleton\n  rect".utf8) + [0] + Array(" width=10 height=10\n".utf8)
        #expect(Self.diagnose(text) == ["2:7: unexpected control character U+0000"])
    }

    @Test(arguments: [
        (UInt8(0x01), "U+0001"), (0x08, "U+0008"), (0x0B, "U+000B"), (0x0C, "U+000C"), (0x0D, "U+000D"),
        (0x1B, "U+001B"), (0x1F, "U+001F"), (0x7F, "U+007F"),
    ])
    func everyControlCharacterButTabIsAnError(byte: UInt8, name: String) {
        let text = Array("skeleton\n  rect 10x10".utf8) + [byte] + Array(" radius=2\n".utf8)
        #expect(Self.diagnose(text) == ["2:13: unexpected control character \(name)"])
    }

    /// One per line (the first), in quoted values and comments too; the rest of the
    /// line is still checked, and lines after it too.
    @Test func oneReportPerLineAndTheRestStillChecked() {
        let text = Array("skeleton \"a".utf8) + [0x1B] + Array("b\"\n  # note ".utf8) + [0]
            + Array("\n  rect".utf8) + [0, 0] + Array("radus=1\n".utf8)
        #expect(Self.diagnose(text) == [
            "1:12: unexpected control character U+001B",
            "2:10: unexpected control character U+0000",
            "3:7: unexpected control character U+0000",
            "3:9: unknown attribute 'radus' on rect; did you mean 'radius'?",
        ])
    }

    @Test func aCarriageReturnEndingALineIsNotAControlCharacter() {
        #expect(Self.diagnose(Array("skeleton\r\n  rect 10x10\r\n".utf8)) == [])
    }

    @Test func aFencedSpecReportsFileColumns() {
        let text = Array("skeleton\n  rect".utf8) + [0]
        let d = SpecParser.parse(text, firstLine: 10, columnOffset: 4).diagnostics
        #expect(d == [Diagnostic(.error, "unexpected control character U+0000", at: SourcePosition(line: 11, column: 11))])
    }

    /// Before: "1:1: unknown node kind '\u{FEFF}skeleton'; expected one of ...".
    @Test func aLeadingByteOrderMarkIsSkipped() {
        let plain = Array("skeleton \"B\" width=40\n  rect width=10 height=10\n".utf8)
        let marked = SpecLexer.byteOrderMark + plain
        let result = SpecParser.parse(marked)
        #expect(result.diagnostics == [])
        #expect(result == SpecParser.parse(plain))
        #expect(result.spec?.position == SourcePosition(line: 1, column: 1))
        // Columns on the first line count from after the mark.
        let bad = SpecParser.parse(SpecLexer.byteOrderMark + Array("skeleton radus=1\n".utf8)).diagnostics
        #expect(bad.map(\.position) == [SourcePosition(line: 1, column: 10)])
    }

    /// Only at the start: elsewhere it is text, and reported as such.
    @Test func aByteOrderMarkLaterIsNotSkipped() {
        let text = Array("skeleton\n  ".utf8) + SpecLexer.byteOrderMark + Array("rect\n".utf8)
        #expect(Self.diagnose(text) == ["2:3: unknown node kind '\u{FEFF}rect'; expected one of appearance, animation, row, column, repeat, rect, circle, capsule, text or spacer"])
    }
}

/// Errors and warnings are capped separately, each with a summary of what it left out.
@Suite struct DiagnosticCapTests {
    static func at(_ line: Int, _ severity: Severity = .warning) -> Diagnostic {
        Diagnostic(severity, "w\(line)", at: SourcePosition(line: line, column: 1))
    }

    @Test func warningsAreCappedLikeErrors() {
        let warnings = (1...150).map { Self.at($0) }
        let capped = DiagnosticCap.apply(warnings)
        #expect(capped.count == 101)
        #expect(Array(capped.prefix(100)) == Array(warnings.prefix(100)))
        #expect(capped[100] == Diagnostic(.warning, "too many warnings; stopped reporting after the first 100 (50 more not shown)",
                                          at: SourcePosition(line: 101, column: 1)))
    }

    @Test func eachSeverityHasItsOwnCapAndSourceOrderIsKept() {
        // Lines 1...6: error, warning, error, warning, error, warning.
        let mixed = (1...6).map { Self.at($0, $0 % 2 == 1 ? .error : .warning) }
        let capped = DiagnosticCap.apply(mixed, max: 2)
        #expect(capped.map { "\($0.position.line) \($0.severity.label) \($0.message)" } == [
            "1 error w1",
            "2 warning w2",
            "3 error w3",
            "4 warning w4",
            "5 error too many errors; stopped reporting after the first 2 (1 more not shown), fix these and check again",
            "6 warning too many warnings; stopped reporting after the first 2 (1 more not shown)",
        ])
    }

    @Test func underTheCapNothingChanges() {
        let ds = (1...100).map { Self.at($0) } + (101...200).map { Self.at($0, .error) }
        #expect(DiagnosticCap.apply(ds) == ds)
    }
}
