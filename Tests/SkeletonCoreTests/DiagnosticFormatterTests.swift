import Testing
@testable import SkeletonCore

/// DiagnosticFormatter's exact output.
@Suite struct DiagnosticFormatterTests {
    @Test func rendersHeaderLineAndCaret() {
        let d = Diagnostic(.error, "unknown attribute 'radus' on rect; did you mean 'radius'?", at: SourcePosition(line: 6, column: 16))
        #expect(DiagnosticFormatter.render(d, path: "cards.md", sourceLine: "    rect 56x56 radus=8") ==
            "cards.md:6:16: error: unknown attribute 'radus' on rect; did you mean 'radius'?\n    rect 56x56 radus=8\n               ^")
    }

    @Test func withoutASourceLineOnlyTheHeader() {
        let d = Diagnostic(.warning, "something", at: SourcePosition(line: 1, column: 1))
        #expect(DiagnosticFormatter.render(d, path: "a.skel", sourceLine: nil) == "a.skel:1:1: warning: something")
    }

    @Test func caretAtColumnOne() {
        let d = Diagnostic(.error, "m", at: SourcePosition(line: 2, column: 1))
        #expect(DiagnosticFormatter.render(d, path: "p", sourceLine: "rect") == "p:2:1: error: m\nrect\n^")
    }

    @Test func tabsInThePrefixStayTabs() {
        let d = Diagnostic(.error, "tab", at: SourcePosition(line: 3, column: 4))
        #expect(DiagnosticFormatter.render(d, path: "p", sourceLine: "\t\tx y") == "p:3:4: error: tab\n\t\tx y\n\t\t ^")
    }

    @Test func multiByteCharactersTakeOneCaretColumn() {
        // Column 28 is the byte after `width=`; the prefix has one space per character.
        let line = "skeleton \"Café ☕\" width=x"
        let d = Diagnostic(.error, "m", at: SourcePosition(line: 1, column: 28))
        #expect(DiagnosticFormatter.render(d, path: "p", sourceLine: line) ==
            "p:1:28: error: m\n\(line)\n" + String(repeating: " ", count: 24) + "^")
    }

    @Test func columnPastTheEndOfTheLinePadsWithSpaces() {
        let d = Diagnostic(.error, "m", at: SourcePosition(line: 1, column: 6))
        #expect(DiagnosticFormatter.render(d, path: "p", sourceLine: "ab") == "p:1:6: error: m\nab\n     ^")
    }

    @Test func lineLookup() {
        let text = Array("one\r\ntwo\n\nfour".utf8)
        #expect(DiagnosticFormatter.line(1, in: text) == "one")
        #expect(DiagnosticFormatter.line(2, in: text) == "two")
        #expect(DiagnosticFormatter.line(3, in: text) == "")
        #expect(DiagnosticFormatter.line(4, in: text) == "four")
        #expect(DiagnosticFormatter.line(5, in: text) == nil)
        #expect(DiagnosticFormatter.line(0, in: text) == nil)
        #expect(DiagnosticFormatter.line(1, in: [UInt8]()) == "")
        #expect(DiagnosticFormatter.line(2, in: "a\nb\n") == "b")
    }

    @Test func rendersAParsedSpecInsideAFile() {
        // A Markdown file whose fence is indented by two spaces; the spec starts on line 3.
        let file = "# Doc\n  ```skeleton\n  skeleton \"Card\" width=5000\n    rect radus=8\n  ```\n"
        let spec = "skeleton \"Card\" width=5000\n  rect radus=8\n"
        let r = SpecParser.parse(spec, firstLine: 3, columnOffset: 2)
        #expect(DiagnosticFormatter.render(r.diagnostics, path: "doc.md", file: Array(file.utf8)) == """
            doc.md:3:25: error: width 5000 is larger than the limit of 4096 points
              skeleton "Card" width=5000
                                    ^
            doc.md:4:10: error: unknown attribute 'radus' on rect; did you mean 'radius'?
                rect radus=8
                     ^

            """)
    }
}

@Suite struct DiagnosticFormatterLongLineTests {
    @Test func longLinesAreCutAroundTheColumn() {
        let line = String(repeating: "a", count: 300) + "X" + String(repeating: "b", count: 300)
        let d = Diagnostic(.error, "m", at: SourcePosition(line: 1, column: 301))
        let window = String(repeating: "a", count: 80) + "X" + String(repeating: "b", count: 79)
        #expect(DiagnosticFormatter.render(d, path: "p", sourceLine: line) ==
            "p:1:301: error: m\n...\(window)...\n" + String(repeating: " ", count: 83) + "^")
    }

    @Test func longLineWithTheColumnNearTheStartIsCutOnlyAtTheEnd() {
        let line = "rect " + String(repeating: "c", count: 200)
        let d = Diagnostic(.error, "m", at: SourcePosition(line: 1, column: 6))
        #expect(DiagnosticFormatter.render(d, path: "p", sourceLine: line) ==
            "p:1:6: error: m\nrect " + String(repeating: "c", count: 155) + "...\n     ^")
    }
}

/// Control characters in a quoted line print as "?" (one byte each), tabs stay.
@Suite struct DiagnosticFormatterControlCharacterTests {
    @Test func controlCharactersShowAsQuestionMarksAndTheCaretStillLinesUp() {
        let d = Diagnostic(.error, "unexpected control character U+001B", at: SourcePosition(line: 1, column: 8))
        let line = "\trect\u{1B}[31m\u{7F}x"
        #expect(DiagnosticFormatter.render(d, path: "a.skel", sourceLine: line)
                == "a.skel:1:8: error: unexpected control character U+001B\n\trect?[31m?x\n\t      ^")
    }
}
