import Testing
@testable import SkelSite
import SkeletonCore

@Suite struct OutputFormatTests {
    let diagnostic = FileDiagnostic(path: "docs/a, b.md", line: 12, column: 9,
                                    message: "unknown attribute 'radus' on rect; did you mean 'radius'?",
                                    sourceLine: "\trect 10x10 radus=4")

    @Test func textHasCaretUnderColumnKeepingTabs() {
        #expect(diagnostic.text == """
        docs/a, b.md:12:9: error: unknown attribute 'radus' on rect; did you mean 'radius'?
        \trect 10x10 radus=4
        \t       ^
        """)
    }

    @Test func githubAnnotationEscapesProperties() {
        #expect(diagnostic.githubAnnotation
            == "::error file=docs/a%2C b.md,line=12,col=9::unknown attribute 'radus' on rect; did you mean 'radius'?")
        let multi = FileDiagnostic(path: "x:y.md", line: 1, column: 2, message: "50% done\nnext")
        #expect(multi.githubAnnotation == "::error file=x%3Ay.md,line=1,col=2::50%25 done%0Anext")
    }

    @Test func jsonDocumentHasStableKeysAndEscapes() {
        let warn = FileDiagnostic(path: "q\"\\.md", line: 1, column: 1, severity: .warning, message: "tab\there\u{1}")
        #expect(JSONText.diagnosticsDocument([diagnostic, warn]) == """
        {"ok":false,"diagnostics":[{"file":"docs/a, b.md","line":12,"column":9,"severity":"error","message":"unknown attribute 'radus' on rect; did you mean 'radius'?"},{"file":"q\\"\\\\.md","line":1,"column":1,"severity":"warning","message":"tab\\there\\u0001"}]}
        """)
        #expect(JSONText.diagnosticsDocument([]) == "{\"ok\":true,\"diagnostics\":[]}")
    }
}
