import Testing
@testable import SkeletonCore

/// Every kind of diagnostic, with its exact line, column and message.
@Suite struct ParserDiagnosticTests {
    struct D: Equatable, CustomStringConvertible {
        var line: Int
        var column: Int
        var message: String
        init(_ line: Int, _ column: Int, _ message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
        var description: String { "\(line):\(column): \(message)" }
    }

    static func diagnose(_ text: String) -> [D] {
        SpecParser.parse(text).diagnostics.map { D($0.position.line, $0.position.column, $0.message) }
    }

    static let cases: [(String, [D])] = [
        ("skeleton\n\trect", [D(2, 1, "tab in indentation; indent with spaces only (the same number of spaces per level)")]),
        ("skeleton\n  \t  rect", [D(2, 3, "tab in indentation; indent with spaces only (the same number of spaces per level)")]),
        ("skeleton \"a\"b", [D(1, 13, "unexpected 'b' after a closing quote; separate values with a space")]),
        ("skeleton\n  rect color=\"#FFF\"x", [D(2, 20, "unexpected 'x' after a closing quote; separate values with a space")]),
        ("skeleton \"a \n b\"", [D(1, 10, "unterminated string; add a closing '\"'"), D(2, 2, "unknown node kind 'b\"'; expected one of appearance, animation, row, column, repeat, rect, circle, capsule, text or spacer")]),
        ("skeleton \"open", [D(1, 10, "unterminated string; add a closing '\"'")]),
        ("skeleton\n  width=3", [D(2, 3, "a line starts with a node kind, not an attribute; found 'width='")]),
        ("skeleton\n  \"rect\"", [D(2, 3, "a line starts with a node kind, not a quoted string")]),
        ("skeleton\n  rectt", [D(2, 3, "unknown node kind 'rectt'; did you mean 'rect'?")]),
        ("skeleton\n  banana", [D(2, 3, "unknown node kind 'banana'; expected one of appearance, animation, row, column, repeat, rect, circle, capsule, text or spacer")]),
        ("rect 10x10\n  rect", [D(1, 1, "a spec starts with a 'skeleton' line; add one above this line, like 'skeleton \"Title\"'"), D(2, 3, "'rect' cannot be indented under 'rect'; only skeleton, row, column and repeat contain other nodes")]),
        ("skeletn\n  rect radus=3", [D(1, 1, "unknown node kind 'skeletn'; did you mean 'skeleton'?"), D(2, 8, "unknown attribute 'radus' on rect; did you mean 'radius'?")]),
        ("skeleton\n  rect\n    circle 3", [D(3, 5, "'circle' cannot be indented under 'rect'; only skeleton, row, column and repeat contain other nodes")]),
        ("skeleton\n  skeleton", [D(2, 3, "a spec has one 'skeleton' root; start a new code block for another component")]),
        ("skeleton\nskeleton", [D(2, 1, "a spec has one 'skeleton' root; start a new code block for another component")]),
        ("skeleton\n  row\n    animation pulse", [D(3, 5, "'animation' is a setting of the whole component; put it directly under 'skeleton'")]),
        ("skeleton\n  animation pulse\n  animation none", [D(3, 3, "duplicate 'animation'; a spec has at most one, so merge its attributes into the first")]),
        ("skeleton\n  appearance\n  appearance base=red", [D(3, 3, "duplicate 'appearance'; a spec has at most one, so merge its attributes into the first")]),
        ("skeleton\n    row\n  rect", [D(3, 3, "inconsistent indentation: expected 4 spaces")]),
        ("skeleton\n  row\n   rect", [D(3, 4, "inconsistent indentation: expected 2 or 4 spaces")]),
        ("skeleton\n  row\n     rect", [D(3, 6, "inconsistent indentation: expected 4 spaces")]),
        ("skeleton\n  row\n      rect", [D(3, 7, "indented too far: expected at most 4 spaces (one step of 2 deeper than the line above)")]),
        ("skeleton\n  rect\nrect", [D(3, 1, "'rect' must be indented under 'skeleton'")]),
        ("  skeleton\n  rect", [D(2, 3, "'rect' must be indented under 'skeleton'")]),
        ("", [D(1, 1, "empty spec; start with a 'skeleton' line, like 'skeleton \"Title\"'")]),
        ("# only a comment\n\n", [D(1, 1, "empty spec; start with a 'skeleton' line, like 'skeleton \"Title\"'")]),
        ("skeleton\n  rect =3", [D(2, 8, "missing attribute name before '='")]),
        ("skeleton\n  rect radius=1 radius=2", [D(2, 17, "duplicate attribute 'radius' on rect; remove one of them")]),
        ("skeleton\n  rect width=", [D(2, 8, "missing value after 'width='")]),
        ("skeleton\n  rect 10x10 big", [D(2, 14, "unexpected 'big' on rect; write attributes as key=value")]),
        ("skeleton \"a\" b", [D(1, 14, "unexpected 'b' after the title; quote a title that has spaces, like skeleton \"Article row\"")]),
        ("skeleton\n  animation", [D(2, 3, "animation needs a kind: none, gradient, pulse or shimmer, like 'animation pulse'")]),
        ("skeleton\n  animation pulse shimmer", [D(2, 19, "unexpected 'shimmer' on animation; write attributes as key=value")]),
        ("skeleton\n  repeat", [D(2, 3, "repeat needs a count, like 'repeat 3'")]),
        ("skeleton\n  circle", [D(2, 3, "circle needs a diameter, like 'circle 40'")]),
        ("skeleton\n  capsule 20x20 width=30", [D(2, 17, "'width' is already given by the size '20x20'; remove one")]),
        ("skeleton\n  rect radus=3", [D(2, 8, "unknown attribute 'radus' on rect; did you mean 'radius'?")]),
        ("skeleton\n  rect zzz=3", [D(2, 8, "unknown attribute 'zzz' on rect; rect takes width, height, grow, radius, color, dark-color or aspect")]),
        ("skeleton\n  rect gap=3", [D(2, 8, "attribute 'gap' does not apply to rect; rect takes width, height, grow, radius, color, dark-color or aspect")]),
        ("skeleton\n  row color=#FFF", [D(2, 7, "attribute 'color' does not apply to row; containers take 'fill=' for a static surface; 'color=' is for shapes")]),
        ("skeleton\n  rect fill=#FFF", [D(2, 8, "attribute 'fill' does not apply to rect; shapes take 'color='; 'fill=' is the surface of a row, column or repeat")]),
        ("skeleton\n  circle 10 radius=3", [D(2, 13, "attribute 'radius' does not apply to circle; a circle is always fully round; give its diameter as 'circle 40'")]),
        ("skeleton\n  circle width=3", [D(2, 3, "circle needs a diameter, like 'circle 40'"), D(2, 10, "attribute 'width' does not apply to circle; a circle's size is its diameter: write 'circle 40'")]),
        ("skeleton\n  text height=30", [D(2, 8, "attribute 'height' does not apply to text; text's height comes from lines, line-height and spacing")]),
        ("skeleton\n  row gap=4em", [D(2, 11, "unknown unit 'em' in '4em' for gap; write points as a plain number like 4")]),
        ("skeleton\n  row gap=1234567890123456", [D(2, 11, "number '1234567890123456' for gap has too many digits; use at most 15")]),
        ("skeleton\n  row gap=abc", [D(2, 11, "invalid number 'abc' for gap; expected a number like 8")]),
        ("skeleton\n  row gap=-4", [D(2, 11, "gap must not be negative; got '-4'")]),
        ("skeleton width=0", [D(1, 16, "width must be greater than 0")]),
        ("skeleton\n  text line-height=0", [D(2, 20, "line-height must be greater than 0")]),
        ("skeleton width=4097", [D(1, 16, "width 4097 is larger than the limit of 4096 points")]),
        ("skeleton\n  rect width=5000", [D(2, 14, "width 5000 is larger than the limit of 4096 points")]),
        ("skeleton\n  rect width=x%", [D(2, 14, "invalid length 'x%' for width; expected points like 56 or a percentage like 50%")]),
        ("skeleton\n  rect width=-5%", [D(2, 14, "width must not be negative; got '-5%'")]),
        ("skeleton\n  rect width=101%", [D(2, 14, "width 101% is over 100%")]),
        ("skeleton\n  rect height=4em", [D(2, 15, "unknown unit 'em' in '4em' for height; write points as a plain number like 4 or a percentage like 50%")]),
        ("skeleton\n  rect height=auto", [D(2, 15, "invalid length 'auto' for height; expected points like 56 or a percentage like 50%")]),
        ("skeleton\n  text lines=2.5", [D(2, 14, "invalid lines '2.5'; expected a whole number like 3")]),
        ("skeleton\n  text lines=0", [D(2, 14, "lines 0 is out of range; expected 1 to 500")]),
        ("skeleton\n  text lines=501", [D(2, 14, "lines 501 is out of range; expected 1 to 500")]),
        ("skeleton\n  repeat 501", [D(2, 10, "repeat count 501 is out of range; expected 1 to 500")]),
        ("skeleton\n  repeat -1", [D(2, 10, "repeat count -1 is out of range; expected 1 to 500")]),
        ("skeleton\n  text last=abc", [D(2, 13, "invalid last 'abc'; expected a percentage like 70% or a fraction like 0.7")]),
        ("skeleton\n  text last=0", [D(2, 13, "last 0 is out of range; expected more than 0% and at most 100% (a fraction up to 1)")]),
        ("skeleton\n  text last=120%", [D(2, 13, "last 120% is out of range; expected more than 0% and at most 100% (a fraction up to 1)")]),
        ("skeleton\n  animation shimmer band=1.5", [D(2, 26, "band 1.5 is out of range; expected more than 0% and at most 100% (a fraction up to 1)")]),
        ("skeleton\n  animation shimmer duration=abc", [D(2, 30, "invalid time 'abc' for duration; expected seconds like 1.3s or milliseconds like 1300ms")]),
        ("skeleton\n  animation shimmer duration=1.3", [D(2, 30, "missing unit in '1.3' for duration; write 1.3s or 1300ms")]),
        ("skeleton\n  animation shimmer duration=2", [D(2, 30, "missing unit in '2' for duration; write 2s or 2000ms")]),
        ("skeleton\n  animation shimmer duration=2min", [D(2, 30, "unknown time unit 'min' in '2min' for duration; use s or ms")]),
        ("skeleton\n  animation shimmer delay=-1s", [D(2, 27, "delay must not be negative; got '-1s'")]),
        ("skeleton\n  animation shimmer duration=0s", [D(2, 30, "duration must be greater than 0s")]),
        ("skeleton\n  animation shimmer angle=north", [D(2, 27, "invalid angle 'north'; expected degrees like 30 or 30deg")]),
        ("skeleton\n  rect color=#GGG", [D(2, 14, "invalid colour '#GGG'; expected #RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla() or a palette name")]),
        ("skeleton\n  rect color=#12", [D(2, 14, "invalid colour '#12'; expected #RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla() or a palette name")]),
        ("skeleton\n  rect color=grey5", [D(2, 14, "unknown colour 'grey5'; did you mean 'gray5'?")]),
        ("skeleton\n  rect color=banana", [D(2, 14, "invalid colour 'banana'; expected #RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla() or a palette name")]),
        ("skeleton\n  row align=centre", [D(2, 13, "invalid align 'centre'; did you mean 'center'?")]),
        ("skeleton\n  row justify=between", [D(2, 15, "invalid justify 'between'; expected start, center, end, space-between, space-around or space-evenly")]),
        ("skeleton\n  animation shimer", [D(2, 13, "invalid animation 'shimer'; did you mean 'shimmer'?")]),
        // The words other libraries use (site/reference/language.md, "Words from other libraries").
        ("skeleton\n  animation wave", [D(2, 13, "invalid animation 'wave'; MUI's and react-loading-skeleton's wave, a band per shape, is shimmer scope=shape")]),
        ("skeleton\n  animation fade", [D(2, 13, "invalid animation 'fade'; a fading in and out is pulse")]),
        ("skeleton\n  count 3", [D(2, 3, "unknown node kind 'count'; react-loading-skeleton's count is a text node's lines: write text lines=3")]),
        ("skeleton\n  avatar 40", [D(2, 3, "unknown node kind 'avatar'; an avatar is a circle: write circle 40")]),
        ("skeleton\n  animation shimmer direction=left-right", [D(2, 31, "invalid direction 'left-right'; expected left-to-right, right-to-left, top-to-bottom, bottom-to-top, top-left-to-bottom-right or bottom-right-to-top-left")]),
        ("skeleton\n  animation shimmer easing=bounce", [D(2, 28, "invalid easing 'bounce'; expected linear, ease-in, ease-out or ease-in-out")]),
        ("skeleton\n  row padding=\"1 2 3\"", [D(2, 16, "padding '1 2 3' has 3 numbers; give 1 (all sides), 2 (vertical, horizontal) or 4 (top, right, bottom, left)")]),
        ("skeleton\n  row padding=\"1 x\"", [D(2, 18, "invalid number 'x' for padding; expected a number like 8")]),
        ("skeleton\n  rect 56", [D(2, 8, "invalid size '56' for rect; expected WIDTHxHEIGHT like 56x56")]),
        ("skeleton\n  rect 56xabc", [D(2, 11, "invalid length 'abc' for height; expected points like 56 or a percentage like 50%")]),
        ("skeleton\n  rect x56", [D(2, 8, "invalid size 'x56' for rect; expected WIDTHxHEIGHT like 56x56")]),
        ("skeleton\n  circle 50%", [D(2, 10, "unknown unit '%' in '50%' for diameter; write points as a plain number like 50")]),
        ("skeleton\n  appearance base=#FFF extra", [D(2, 24, "unexpected 'extra' on appearance; write attributes as key=value")]),
        ("skeleton\n  row gap=\"-3\"", [D(2, 12, "gap must not be negative; got '-3'")]),
        ("skeleton \"a\\qb\"", [D(1, 12, "invalid escape '\\q' in a quoted value; write \\\" for a quote and \\\\ for a backslash")]),
    ]

    @Test(arguments: cases)
    func reports(_ text: String, _ expected: [D]) {
        let result = SpecParser.parse(text)
        #expect(Self.diagnose(text) == expected)
        #expect(result.spec == nil)
        #expect(result.diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test func everyErrorInOneSpecIsReportedInSourceOrder() {
        let text = """
        skeleton "Card" width=5000
          animation shimer duration=1.3 band=140%
          row gap=12 padding=16
            rect 56x56 radus=8
            cirlce 40
           column
            text height=3 lines=x
            circle width=3
          appearance base=#GGG
        """
        #expect(Self.diagnose(text) == [
            D(1, 23, "width 5000 is larger than the limit of 4096 points"),
            D(2, 13, "invalid animation 'shimer'; did you mean 'shimmer'?"),
            D(2, 29, "missing unit in '1.3' for duration; write 1.3s or 1300ms"),
            D(2, 38, "band 140% is out of range; expected more than 0% and at most 100% (a fraction up to 1)"),
            D(4, 16, "unknown attribute 'radus' on rect; did you mean 'radius'?"),
            D(5, 5, "unknown node kind 'cirlce'; did you mean 'circle'?"),
            D(6, 4, "inconsistent indentation: expected 2 or 4 spaces"),
            D(7, 10, "attribute 'height' does not apply to text; text's height comes from lines, line-height and spacing"),
            D(7, 25, "invalid lines 'x'; expected a whole number like 3"),
            D(8, 5, "circle needs a diameter, like 'circle 40'"),
            D(8, 12, "attribute 'width' does not apply to circle; a circle's size is its diameter: write 'circle 40'"),
            D(9, 19, "invalid colour '#GGG'; expected #RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla() or a palette name"),
        ])
    }

    @Test func aBadLineDoesNotCascadeToItsChildren() {
        // The unknown kind accepts its children silently; only their own mistakes show.
        #expect(Self.diagnose("skeleton\n  banana\n    rect\n    rect radus=1\n") == [
            D(2, 3, "unknown node kind 'banana'; expected one of appearance, animation, row, column, repeat, rect, circle, capsule, text or spacer"),
            D(4, 10, "unknown attribute 'radus' on rect; did you mean 'radius'?"),
        ])
        // A misplaced child is reported once, not again for its own children.
        #expect(Self.diagnose("skeleton\n  rect\n    row\n      rect\n") == [
            D(3, 5, "'row' cannot be indented under 'rect'; only skeleton, row, column and repeat contain other nodes"),
        ])
    }

    @Test func duplicateAttributeIsReportedAtTheSecondKey() {
        #expect(Self.diagnose("skeleton\n  row gap=1 fill=red gap=2 gap=3") == [
            D(2, 22, "duplicate attribute 'gap' on row; remove one of them"),
            D(2, 28, "duplicate attribute 'gap' on row; remove one of them"),
        ])
    }

    @Test func longWordsAreShortenedInMessages() {
        let long = String(repeating: "a", count: 100)
        #expect(Self.diagnose("skeleton\n  \(long)") == [
            D(2, 3, "unknown node kind '\(String(repeating: "a", count: 40))...'; expected one of appearance, animation, row, column, repeat, rect, circle, capsule, text or spacer"),
        ])
    }
}
