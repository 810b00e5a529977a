import SkeletonWeb
import Testing

/// The project's one HTML and one XML escaper (site/reference/limits.md, "Generated
/// code"): what each turns hostile text into.
@Suite struct MarkupEscapeTests {
    @Test func htmlText() {
        #expect(HTMLText.escape("<b a=\"1\" b='2'>&</b>") == "&lt;b a=&quot;1&quot; b=&#39;2&#39;&gt;&amp;&lt;/b&gt;")
        #expect(HTMLText.escape("Article row") == "Article row")
    }

    /// Verify's page names each cell in a comment: no `>` to end it, no `--` at all.
    @Test func htmlCommentText() {
        #expect(HTMLText.comment("a -- b --> c") == "a - - b - -&gt; c")
        #expect(HTMLText.comment("---") == "- - -")
        #expect(HTMLText.comment("gallery/row.md:12") == "gallery/row.md:12")
    }

    /// JUnit's attributes: entities, line breaks and tabs kept as references, and
    /// characters XML 1.0 cannot hold replaced, so the report stays well-formed.
    @Test func xmlText() {
        #expect(XMLText.escape("a&<>\"'b") == "a&amp;&lt;&gt;&quot;&apos;b")
        #expect(XMLText.escape("x\ny\rz\tw") == "x&#10;y&#13;z&#9;w")
        #expect(XMLText.escape("\u{0}\u{1B}\u{FFFE}\u{FFFF}é") == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}é")
    }
}
