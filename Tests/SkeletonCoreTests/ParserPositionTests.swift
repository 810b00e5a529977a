import Testing
@testable import SkeletonCore

/// firstLine / columnOffset, CRLF, comments and blank lines.
@Suite struct ParserPositionTests {
    @Test func offsetsShiftEveryNodeAndDiagnosticPosition() {
        let text = "skeleton width=20\n  row\n    rect radius=2\n"
        let r = SpecParser.parse(text, firstLine: 10, columnOffset: 4)
        #expect(r.diagnostics == [])
        #expect(r.spec?.position == SourcePosition(line: 10, column: 5))
        #expect(r.spec?.children.first?.position == SourcePosition(line: 11, column: 7))
        #expect(r.spec?.children.first?.children.first?.position == SourcePosition(line: 12, column: 9))

        let bad = SpecParser.parse("skeleton\n  rect radus=2 color=#12\n   row\n", firstLine: 10, columnOffset: 4)
        #expect(bad.diagnostics == [
            Diagnostic(.error, "unknown attribute 'radus' on rect; did you mean 'radius'?", at: SourcePosition(line: 11, column: 12)),
            Diagnostic(.error, "invalid colour '#12'; expected #RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla() or a palette name",
                       at: SourcePosition(line: 11, column: 26)),
            Diagnostic(.error, "inconsistent indentation: expected 2 or 4 spaces", at: SourcePosition(line: 12, column: 8)),
        ])
        #expect(SpecParser.parse("", firstLine: 4, columnOffset: 2).diagnostics == [
            Diagnostic(.error, "empty spec; start with a 'skeleton' line, like 'skeleton \"Title\"'", at: SourcePosition(line: 4, column: 3)),
        ])
    }

    @Test func crlfLineEndingsParseLikeLF() {
        let lf = SpecParser.parse("skeleton \"T\"\n  row gap=4\n    rect 10x10 color=#FFF\n")
        let crlf = SpecParser.parse("skeleton \"T\"\r\n  row gap=4\r\n    rect 10x10 color=#FFF\r\n")
        #expect(lf.diagnostics == [])
        #expect(crlf == lf)
        // The carriage return is not part of the last value.
        #expect(SpecParser.parse("skeleton\r\n  rect color=#12\r\n").diagnostics == [
            Diagnostic(.error, "invalid colour '#12'; expected #RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla() or a palette name",
                       at: SourcePosition(line: 2, column: 14)),
        ])
    }

    @Test func commentsAndBlankLinesAreIgnored() {
        let text = """
        # a leading comment

        skeleton "T" # trailing

            # an indented comment with odd indentation
          row # comment
             \t
            rect color=#FFF # colour values start with '#', comments start a word
        """
        let r = SpecParser.parse(text)
        #expect(r.diagnostics == [])
        #expect(r.spec?.title == "T")
        #expect(r.spec?.position == SourcePosition(line: 3, column: 1))
        #expect(r.spec?.children == [
            Node(kind: .row, position: SourcePosition(line: 6, column: 3), children: [
                Node(kind: .rect, position: SourcePosition(line: 8, column: 5), color: RGBA(255, 255, 255)),
            ]),
        ])
    }

    @Test func hashInsideQuotesIsNotAComment() {
        let r = SpecParser.parse("skeleton \"#1 post\" # comment")
        #expect(r.diagnostics == [])
        #expect(r.spec?.title == "#1 post")
    }

    @Test func columnsCountUTF8Bytes() {
        // 'é' and '☕' are 2 and 3 bytes: width= starts at byte 22.
        let r = SpecParser.parse("skeleton \"Café ☕\" width=x")
        #expect(r.diagnostics == [
            Diagnostic(.error, "invalid number 'x' for width; expected a number like 8", at: SourcePosition(line: 1, column: 28)),
        ])
    }

    @Test func invalidUTF8IsReportedNotCrashedOn() {
        let r = SpecParser.parse([0x73, 0x6B, 0x65, 0x6C, 0x65, 0x74, 0x6F, 0x6E, 0x0A, 0x20, 0x20, 0xFF, 0xFE])
        #expect(r.spec == nil)
        #expect(r.diagnostics == [
            Diagnostic(.error, "unknown node kind '\u{FFFD}\u{FFFD}'; expected one of appearance, animation, row, column, repeat, rect, circle, capsule, text or spacer",
                       at: SourcePosition(line: 2, column: 3)),
        ])
    }

    @Test func sameInputSameResult() {
        let text = "skeleton\n  rect radus=1\n  banana\n"
        #expect(SpecParser.parse(text) == SpecParser.parse(text))
    }
}
