import Foundation
import SkelSite
import Testing

/// Edges of skelsite.toml (site/reference/command-line.md, "Project file"; limits.md,
/// "Project file text"): control characters TOMLKit would keep or cut at, sub-tables
/// and dotted keys located where they are written, a key set twice told plainly, and
/// `[build] cache`.
@Suite struct ProjectFileEdgeTests {
    static let file = URL(fileURLWithPath: "/tmp/skelsite.toml")

    static func problems(_ text: String) -> [String] {
        do {
            _ = try ProjectConfig.parse(text, file: file, shown: "skelsite.toml")
            return []
        } catch {
            return error.lines
        }
    }

    @Test func aNULEscapeIsRefusedNotCut() {
        // TOMLKit returned "Safe" for this, and the site was titled so.
        #expect(Self.problems("title = \"Safe\\u0000</title><script>\"\n") == [
            "skelsite.toml:1:14: error: title holds a NUL (\\u0000), which would cut it short here; remove it",
        ])
        #expect(Self.problems("source = \"docs\"\noutput = \"out\\U00000000/x\"\n") == [
            "skelsite.toml:2:14: error: output holds a NUL (\\u0000), which would cut it short here; remove it",
        ])
        // In a multi-line string, on its second line.
        #expect(Self.problems("title = \"\"\"\nSafe\n  x\\u0000\"\"\"\n") == [
            "skelsite.toml:3:4: error: title holds a NUL (\\u0000), which would cut it short here; remove it",
        ])
    }

    @Test func aRawNULByteIsRefusedBeforeTOMLKitStopsReadingAtIt() {
        // What followed the byte was silently dropped: here a whole key.
        #expect(Self.problems("title = \"ok\"\n\0output = \"/etc\"\n") == [
            "skelsite.toml:2:1: error: the project file holds a NUL byte (U+0000), which would end the file here; remove it",
        ])
    }

    @Test func otherControlCharactersAreRefusedTabsAndLineBreaksKept() throws {
        let reason = "; remove it (a string here may hold tabs and line breaks, no other control characters)"
        #expect(Self.problems("""
            title = "a\\u0007b"
            base_url = "https://x.test/\\b"
            [verify]
            browsers = ["chromium", "c\\u001B[31m"]
            [appearance]
            base = "#FFF\\f"
            """) == [
            "skelsite.toml:1:11: error: title holds the control character U+0007" + reason,
            "skelsite.toml:2:28: error: base_url holds the control character U+0008" + reason,
            "skelsite.toml:4:27: error: verify.browsers holds the control character U+001B" + reason,
            // The spec language's own check of the value is told too.
            "skelsite.toml:6:9: error: invalid colour '#FFF\u{0C}'; expected #RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla() or a palette name",
            "skelsite.toml:6:13: error: appearance.base holds the control character U+000C" + reason,
        ])
        // C1 controls, and DEL.
        #expect(Self.problems("title = \"a\\u0085\\u007F\"\n") == [
            "skelsite.toml:1:11: error: title holds the control character U+0085" + reason,
            "skelsite.toml:1:17: error: title holds the control character U+007F" + reason,
        ])
        // Tabs and line breaks may be meant; a literal string holds no escapes; a
        // backslash-escaped backslash is not an escape of what follows.
        let config = try ProjectConfig.parse("title = \"A\\tB\\nC\"\nsource = 'C:\\u0000'\ntemplates = \"x\\\\u0000\"\n",
                                             file: Self.file, shown: "skelsite.toml")
        #expect(config.title == "A\tB\nC")
        #expect(config.source == "C:\\u0000")
        #expect(config.templates == "x\\u0000")
    }

    @Test func subTablesAndDottedKeysAreLocatedWhereWritten() {
        #expect(Self.problems("""
            title = "T"

            diff.threshold = 0.2
              [diff.extra]
            q = 1
            [verify]
            enabled = true
              other.thing = 2
            """) == [
            "skelsite.toml:4:3: error: unknown key 'diff.extra'; known keys here: threshold, max_diff_pixels, max_diff_ratio",
            "skelsite.toml:8:3: error: unknown key 'verify.other'; known keys here: enabled, threshold, scales, minimum, browsers",
        ])
        // A table made only by a deeper header.
        #expect(Self.problems("title = \"T\"\n\n[diff.more.deep]\nq = 1\n") == [
            "skelsite.toml:3:1: error: unknown key 'diff.more'; known keys here: threshold, max_diff_pixels, max_diff_ratio",
        ])
        // Lines ending in CR LF count as lines.
        #expect(Self.problems("title = \"T\"\r\n[diff]\r\nthreshold = \"x\"\r\n") == [
            "skelsite.toml:3:13: error: diff.threshold must be a number from 0 to 1, got a string",
        ])
    }

    @Test func aKeyOrTableSetTwiceIsToldPlainly() {
        // TOMLKit's own words were "cannot redefine existing string '"tititle" '".
        #expect(Self.problems("\"title\" = \"a\"\n\"title\" = \"b\"\n") == [
            "skelsite.toml:2:1: error: key 'title' is set twice (first on line 1); keep one",
        ])
        #expect(Self.problems("[diff]\nthreshold = 0.1\n  'threshold' = 0.2\n") == [
            "skelsite.toml:3:3: error: key 'diff.threshold' is set twice (first on line 2); keep one",
        ])
        #expect(Self.problems("diff.threshold = 0.1\n[diff]\nmax_diff_pixels = 1\n") == [
            "skelsite.toml:2:1: error: table [diff] is defined twice (first on line 1); keep one",
        ])
        #expect(Self.problems("[verify]\n[verify]\n") == [
            "skelsite.toml:2:1: error: table [verify] is defined twice (first on line 1); keep one",
        ])
    }

    @Test func buildCacheIsAPathSetting() throws {
        let config = try ProjectConfig.parse("[build]\ncache = \"../cache\"\n", file: Self.file, shown: "skelsite.toml")
        #expect(config.build.cache == "../cache")
        #expect(Self.problems("[build]\ncache = 3\ncahce = \"x\"\n") == [
            "skelsite.toml:2:9: error: build.cache must be a string, got an integer",
            "skelsite.toml:3:1: error: unknown key 'build.cahce'; known keys here: cache",
        ])
    }
}
