import Testing
@testable import SkeletonCore

/// The corner memo must be invisible: memoised coverage is the uncached coverage bit
/// for bit, also when slots collide and when one cache serves many shapes.
@Suite struct PaintCornerCacheTests {
    /// Every pixel of every test box (plus whole-pixel translated copies, which share
    /// relative coordinates) through one cache of `slotsLog2`, compared by bit pattern.
    func mismatches(slotsLog2: Int) -> Int {
        var cache = CornerCache(slotsLog2: slotsLog2)
        var wrong = 0
        for box in PaintCoverageTests.boxes() {
            for shift in [0.0, 3, 17] {
                let moved = RoundedBox(x: box.x0 + shift, y: box.y0 + shift, width: box.x1 - box.x0,
                                       height: box.y1 - box.y0, radius: box.radius)
                for py in 0..<Int(moved.y1 + 1) {
                    for px in 0..<Int(moved.x1 + 1) {
                        let (x, y) = (Double(px), Double(py))
                        let plain = moved.coverage(x, y, x + 1, y + 1)
                        let memo = moved.coverage(x, y, x + 1, y + 1, cache: &cache)
                        if plain.bitPattern != memo.bitPattern { wrong += 1 }
                    }
                }
            }
        }
        return wrong
    }

    @Test func defaultCacheIsExact() {
        #expect(mismatches(slotsLog2: 12) == 0)
    }

    @Test func tinyCacheWithConstantCollisionsIsExact() {
        #expect(mismatches(slotsLog2: 1) == 0)
    }

    @Test func noneComputesEveryTime() {
        var none = CornerCache.none
        #expect(none.corner(3, 4, 4.5).bitPattern == Coverage.corner(3, 4, 4.5).bitPattern)
        #expect(none.corner(3, 4, 4.5).bitPattern == Coverage.corner(3, 4, 4.5).bitPattern)
    }
}
