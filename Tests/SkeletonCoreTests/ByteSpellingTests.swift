import Testing
@testable import SkeletonCore

/// Words are compared byte for byte (Support/ByteSpelling.swift), which keeps the
/// stdlib's Unicode tables out of the wasm module.
@Suite struct ByteSpellingTests {
    @Test func bytesNotCanonicalEquivalence() {
        #expect("gap".hasSameBytes(as: "gap"))
        #expect(!"gap".hasSameBytes(as: "gaps"))
        #expect(!"gap".hasSameBytes(as: ""))
        // U+212A KELVIN SIGN is canonically equivalent to "K" (String == says so),
        // but it is not the same word.
        #expect("\u{212A}" == "K")
        #expect(!"\u{212A}".hasSameBytes(as: "K"))
        #expect("ArticleSkeleton".endsWithBytes(of: "Skeleton"))
        #expect(!"Skeleto".endsWithBytes(of: "Skeleton"))
        #expect(["row", "column"].containsBytes(of: "column"))
        #expect(!["row", "column"].containsBytes(of: "col"))
    }

    @Test func switchMatchesLiteralCases() {
        func kind(_ word: String) -> Int {
            switch Spelling(word) {
            case "row": return 1
            case "column", "repeat": return 2
            default: return 0
            }
        }
        #expect([kind("row"), kind("repeat"), kind("rows"), kind("")] == [1, 2, 0, 0])
    }

    @Test func theLanguageStillReadsItsWords() throws {
        let spec = try #require(SpecParser.parse("skeleton width=200\n  animation pulse duration=2s\n  row gap=4\n    rect 10x10 color=blue\n").spec)
        #expect(spec.width == 200)
        #expect(spec.animation.kind == .pulse)
        #expect(spec.animation.duration == 2)
        #expect(spec.children[0].gap == 4)
        #expect(spec.children[0].children[0].color == RGBA(0x00, 0x7A, 0xFF))
        #expect(SpecParser.parse("skeleton\n  rect 10x10 colr=blue\n").diagnostics.map(\.message)
                == ["unknown attribute 'colr' on rect; did you mean 'color'?"])
    }
}
