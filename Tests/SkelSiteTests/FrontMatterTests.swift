import SkeletonCore
import Testing
@testable import SkelSite

@Suite struct FrontMatterTests {
    @Test func parsesEveryKeyAndBlanksTheBlock() {
        let doc = "---\ntitle: \"Cards: a guide\"\ndescription: Plain text # a comment\ntags: [cards, 'list, rows']\norder: -3\ndraft: false\n---\n# Body\n"
        let result = FrontMatterParser.parse(doc)
        #expect(result.diagnostics == [])
        #expect(result.frontMatter == FrontMatter(title: "Cards: a guide", description: "Plain text",
                                                  tags: ["cards", "list, rows"], order: -3, draft: false))
        // Seven blank lines keep "# Body" on its file line, 8.
        #expect(result.body == "\n\n\n\n\n\n\n# Body\n")
    }

    @Test func tagsAsBlockList() {
        let result = FrontMatterParser.parse("---\ntags:\n  - one\n  - \"two words\"\ntitle: T\n---\n")
        #expect(result.diagnostics == [])
        #expect(result.frontMatter.tags == ["one", "two words"])
        #expect(result.frontMatter.title == "T")
    }

    @Test func noFrontMatterLeavesTheDocumentAlone() {
        let doc = "# Title\n---\n"
        let result = FrontMatterParser.parse(doc)
        #expect(result.body == doc)
        #expect(result.frontMatter == FrontMatter())
    }

    @Test func errorsCarryFileLinesAndColumns() {
        let doc = "---\norder: soon\ndraft: maybe\ntitle \"x\"\ntitle: \"open\ntags: [a, b\ndescription: ok\ndescription: twice\n  - stray\ntitel: typo\n---\n"
        let result = FrontMatterParser.parse(doc)
        let rendered = result.diagnostics.map { "\($0.position.line):\($0.position.column) \($0.severity.label): \($0.message)" }
        #expect(rendered == [
            "2:8 error: order must be a whole number, got 'soon'",
            "3:8 error: draft must be true or false, got 'maybe'",
            "4:1 error: expected 'key: value' in front matter",
            "5:8 error: unterminated quoted string",
            "6:7 error: list is never closed; end it with ']'",
            "8:1 error: duplicate front matter key 'description'",
            "9:3 error: list item outside a list; put it under a key such as 'tags:'",
            "10:1 warning: unknown front matter key 'titel' is ignored; did you mean 'title'?",
        ])
    }

    @Test func unclosedFrontMatterIsAnError() {
        let result = FrontMatterParser.parse("---\ntitle: x\n# Body\n")
        #expect(result.diagnostics == [Diagnostic(.error, "front matter is never closed; end it with a line '---'",
                                                  at: SourcePosition(line: 1, column: 1))])
    }

    @Test func textAfterClosingQuote() {
        let result = FrontMatterParser.parse("---\ntitle: \"a\" b\n---\n")
        #expect(result.diagnostics == [Diagnostic(.error, "unexpected text after the closing quote",
                                                  at: SourcePosition(line: 2, column: 12))])
    }
}
