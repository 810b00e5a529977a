import Testing
@testable import SkeletonCore

/// Value forms: numbers, lengths, times, fractions, angles, colours and the palette.
@Suite struct ParserValueTests {
    /// Hand-parsed decimals must be the very doubles the standard library's
    /// correctly rounded parser gives.
    static let decimals = ["0", "1", "0.1", "0.2", "0.3", "1.3", "2.675", "120.5", ".5", "4096", "0.000001",
                           "123456789012345", "99999.9999999999", "3.14159265358979", "0.7", "1e0x"]

    @Test(arguments: decimals)
    func decimalMatchesStandardLibrary(_ text: String) throws {
        let parsed = SpecNumber.decimal(Array(text.utf8)[...])
        if let reference = Double(text), !text.hasPrefix(".") {
            #expect(try parsed.get().value() == reference)
        } else if text == ".5" {
            #expect(try parsed.get().value() == 0.5)
        } else {
            #expect(throws: SpecNumber.Failure.notANumber) { try parsed.get() }
        }
    }

    @Test func millisecondsAndPercentDivideOnce() throws {
        // 1300 / 1000 and 70 / 100 in one correctly rounded division each.
        #expect(try SpecNumber.decimal(Array("1300".utf8)[...]).get().value(extraScale: 3) == 1.3)
        #expect(try SpecNumber.decimal(Array("70".utf8)[...]).get().value(extraScale: 2) == 0.7)
        #expect(try SpecNumber.decimal(Array("12.5".utf8)[...]).get().value(extraScale: 3) == 0.0125)
    }

    @Test func digitLimits() throws {
        #expect(throws: SpecNumber.Failure.tooManyDigits) { try SpecNumber.decimal(Array("1234567890123456".utf8)[...]).get() }
        // Leading zeros are not significant.
        #expect(try SpecNumber.decimal(Array("0000000000000000012".utf8)[...]).get().value() == 12)
        #expect(throws: SpecNumber.Failure.notANumber) { try SpecNumber.decimal(Array("1.2.3".utf8)[...]).get() }
        #expect(throws: SpecNumber.Failure.notANumber) { try SpecNumber.decimal(Array(".".utf8)[...]).get() }
        #expect(throws: SpecNumber.Failure.notANumber) { try SpecNumber.decimal(Array("-".utf8)[...]).get() }
        #expect(throws: SpecNumber.Failure.notANumber) { try SpecNumber.decimal(Array("nan".utf8)[...]).get() }
        #expect(throws: SpecNumber.Failure.notANumber) { try SpecNumber.decimal(Array("inf".utf8)[...]).get() }
    }

    static let colours: [(String, RGBA)] = [
        ("#FFF", RGBA(255, 255, 255)),
        ("#eef", RGBA(0xEE, 0xEE, 0xFF)),
        ("#1a2", RGBA(0x11, 0xAA, 0x22)),
        ("#E5E5EA", RGBA(0xE5, 0xE5, 0xEA)),
        ("#e5e5ea", RGBA(0xE5, 0xE5, 0xEA)),
        ("#FFFFFF73", RGBA(255, 255, 255, 0x73)),
        ("#00000000", RGBA(0, 0, 0, 0)),
        ("#12345678", RGBA(0x12, 0x34, 0x56, 0x78)),
        ("white", RGBA(0xFF, 0xFF, 0xFF)),
        ("black", RGBA(0, 0, 0)),
        ("clear", RGBA(0, 0, 0, 0)),
        ("transparent", RGBA(0, 0, 0, 0)),
        ("gray", RGBA(0x8E, 0x8E, 0x93)),
        ("gray2", RGBA(0xAE, 0xAE, 0xB2)),
        ("gray3", RGBA(0xC7, 0xC7, 0xCC)),
        ("gray4", RGBA(0xD1, 0xD1, 0xD6)),
        ("gray5", RGBA(0xE5, 0xE5, 0xEA)),
        ("gray6", RGBA(0xF2, 0xF2, 0xF7)),
        ("red", RGBA(0xFF, 0x3B, 0x30)),
        ("orange", RGBA(0xFF, 0x95, 0x00)),
        ("yellow", RGBA(0xFF, 0xCC, 0x00)),
        ("green", RGBA(0x34, 0xC7, 0x59)),
        ("blue", RGBA(0x00, 0x7A, 0xFF)),
        ("indigo", RGBA(0x58, 0x56, 0xD6)),
        ("purple", RGBA(0xAF, 0x52, 0xDE)),
        ("pink", RGBA(0xFF, 0x2D, 0x55)),
    ]

    @Test(arguments: colours)
    func colourForm(_ text: String, _ expected: RGBA) {
        let r = SpecParser.parse("skeleton\n  rect color=\(text)")
        #expect(r.diagnostics == [])
        #expect(r.spec?.children.first?.color == expected)
    }

    @Test func paletteIsExactlyTheDocumentedNames() {
        #expect(NamedColors.names == ["white", "black", "clear", "transparent", "gray", "gray2", "gray3", "gray4",
                                      "gray5", "gray6", "red", "orange", "yellow", "green", "blue", "indigo",
                                      "purple", "pink"])
        // iOS's systemGray5; no longer the default base (too faint for diff's threshold).
        #expect(NamedColors.lookup("gray5") == RGBA(0xE5, 0xE5, 0xEA))
    }

    static let times: [(String, Double)] = [
        ("1.3s", 1.3), ("1300ms", 1.3), ("2s", 2), ("0.25s", 0.25), ("250ms", 0.25), ("1ms", 0.001),
        ("0.5ms", 0.0005), ("90s", 90),
    ]

    @Test(arguments: times)
    func timeForm(_ text: String, _ seconds: Double) {
        let r = SpecParser.parse("skeleton\n  animation pulse duration=\(text)")
        #expect(r.diagnostics == [])
        #expect(r.spec?.animation.duration == seconds)
    }

    static let lengths: [(String, Length)] = [
        ("0", .points(0)), ("56", .points(56)), ("0.5", .points(0.5)), ("4096", .points(4096)),
        ("50%", .percent(50)), ("100%", .percent(100)), ("0%", .percent(0)), ("33.3%", .percent(33.3)),
    ]

    @Test(arguments: lengths)
    func lengthForm(_ text: String, _ expected: Length) {
        let r = SpecParser.parse("skeleton\n  rect width=\(text) height=\(text)")
        #expect(r.diagnostics == [])
        #expect(r.spec?.children.first?.width == expected)
        #expect(r.spec?.children.first?.height == expected)
    }

    @Test func suggestionsPickTheClosestWord() {
        #expect(Suggestions.closest(to: "radus", in: ["width", "radius", "color"]) == "radius")
        #expect(Suggestions.closest(to: "raidus", in: ["radius"]) == "radius")
        #expect(Suggestions.closest(to: "RECT", in: ["row", "rect"]) == "rect")
        #expect(Suggestions.closest(to: "x", in: ["gap"]) == nil)
        #expect(Suggestions.closest(to: "zzzzzz", in: ["radius"]) == nil)
        #expect(Suggestions.distance(Array("kitten".utf8), Array("sitting".utf8)) == 3)
        #expect(Suggestions.list(["a"]) == "a")
        #expect(Suggestions.list(["a", "b", "c"]) == "a, b or c")
    }
}
