import Testing
@testable import SkelSite

/// `JSONText.string` quotes a string that needs no escape as it is, and escapes the rest
/// byte for byte as before (the search index and the gallery inline it in HTML).
@Suite struct JSONTextTests {
    @Test func plainStringsAreQuotedAsTheyAre() {
        #expect(JSONText.string("Profile card") == "\"Profile card\"")
        #expect(JSONString.quote("café ✓ 日本") == "\"café ✓ 日本\"")
        #expect(JSONText.string("") == "\"\"")
    }

    @Test func everyEscapeIsKept() {
        #expect(JSONText.string("a\"b\\c\nd\re\tf\u{1}") == "\"a\\\"b\\\\c\\nd\\re\\tf\\u0001\"")
        #expect(JSONText.string("<a & b>") == "\"<a & b>\"")
        #expect(JSONString.quote("<a & b>") == "\"\\u003ca \\u0026 b\\u003e\"")
        // U+2028 and U+2029 start with 0xE2 in UTF-8, as do other characters left as they are.
        #expect(JSONString.quote("x\u{2028}y\u{2029}z") == "\"x\\u2028y\\u2029z\"")
        #expect(JSONString.quote("€ – ✓") == "\"€ – ✓\"")
        #expect(JSONText.string("x\u{2028}y") == "\"x\u{2028}y\"")
    }
}
