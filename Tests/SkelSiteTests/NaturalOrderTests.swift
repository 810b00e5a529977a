import Testing
@testable import SkelSite

/// The nav's order of titles and folders (`NaturalOrder`, site/reference/output-folder.md).
@Suite struct NaturalOrderTests {
    @Test(arguments: [
        // Numbers as numbers, not strings.
        (["Page 10", "Page 2", "Page 1", "Page 100"], ["Page 1", "Page 2", "Page 10", "Page 100"]),
        // Case does not group capitals first.
        (["banana", "Apple", "apple pie", "Cherry"], ["Apple", "apple pie", "banana", "Cherry"]),
        // Names equal but for case keep one fixed order (code points: capitals first).
        (["card", "Card", "CARD"], ["CARD", "Card", "card"]),
        // Leading zeros do not change a number; the tie is broken by code points.
        (["v010", "v9", "v10"], ["v9", "v010", "v10"]),
        // A number before text at the same place; a prefix before what extends it.
        (["Intro", "1 Intro", "Intro 2", "Intro"], ["1 Intro", "Intro", "Intro", "Intro 2"]),
        // Numbers longer than any integer type.
        (["n 100000000000000000000", "n 99999999999999999999"], ["n 99999999999999999999", "n 100000000000000000000"]),
    ])
    func sortsAsPeopleRead(_ input: [String], _ expected: [String]) {
        #expect(input.sorted(by: NaturalOrder.before) == expected)
    }

    /// A total order: for any two distinct names exactly one comes first.
    @Test func isTotalAndAntisymmetric() {
        let names = ["a", "A", "a1", "a01", "a 1", "A1", "b", "10", "9", "", "é", "É"]
        for x in names {
            #expect(!NaturalOrder.before(x, x))
            for y in names where x != y {
                #expect(NaturalOrder.before(x, y) != NaturalOrder.before(y, x), "\(x) vs \(y)")
            }
        }
    }
}
