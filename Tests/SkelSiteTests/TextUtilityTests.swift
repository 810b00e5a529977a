import SkeletonWeb
import Testing
@testable import SkelSite
import SkelsiteStore

@Suite struct TextUtilityTests {
    @Test func sha256KnownVectors() {
        // FIPS 180-2 examples, and the two-block message.
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func base64URLHasNoPaddingAndURLAlphabet() {
        #expect(Base64URL.encode(Array("f".utf8)) == "Zg")
        #expect(Base64URL.encode(Array("fo".utf8)) == "Zm8")
        #expect(Base64URL.encode(Array("foo".utf8)) == "Zm9v")
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64URL.encode([]) == "")
    }

    @Test func slugs() {
        #expect(Slug.make("Article row") == "article-row")
        #expect(Slug.make("  Hello, World!! 2 ") == "hello-world-2")
        #expect(Slug.make("Ünïcode café") == "n-code-caf")
        #expect(Slug.make("---") == "")
    }

    @Test func htmlEscapeCoversTagsAndAttributes() {
        #expect(HTMLText.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        // Nothing to escape: the same text back; non-ASCII bytes pass through.
        #expect(HTMLText.escape("Café · 2") == "Café · 2")
        // The same as replacing each character in turn, `&` first, at the ends, between
        // non-ASCII text, in long text, and for every byte value below 0x80.
        func reference(_ text: String) -> String {
            [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;")]
                .reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        }
        let ascii = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        for text in ["", "&", "<>", "é<é>\"'&ü", "a&&b", ascii, String(repeating: "<div class=\"x\">é</div>\n", count: 400)] {
            #expect(HTMLText.escape(text) == reference(text))
        }
    }

    @Test func jsonStringCannotCloseAScriptElement() {
        #expect(JSONString.quote("</script>\n\"\u{1}") == "\"\\u003c/script\\u003e\\n\\\"\\u0001\"")
    }

    @Test func linkRewriterMapsDocLinksToPages() {
        let rewriter = LinkRewriter(pages: ["guides/intro.md": "guides/intro.html", "index.md": "index.html",
                                            "About Us.md": "about-us.html"])
        #expect(rewriter.rewrite("guides/intro.md#setup", from: "index.md", fromPage: "index.html") == "guides/intro.html#setup")
        #expect(rewriter.rewrite("../index.md", from: "guides/intro.md", fromPage: "guides/intro.html") == "../index.html")
        #expect(rewriter.rewrite("../About Us.md", from: "guides/intro.md", fromPage: "guides/intro.html") == "../about-us.html")
        #expect(rewriter.rewrite("https://x.org/a.md", from: "index.md", fromPage: "index.html") == nil)
        #expect(rewriter.rewrite("missing.md", from: "index.md", fromPage: "index.html") == nil)
        #expect(rewriter.rewrite("../../x.md", from: "guides/intro.md", fromPage: "guides/intro.html") == nil)
    }
}
