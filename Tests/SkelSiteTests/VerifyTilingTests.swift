import SkeletonCore
import Testing
@testable import SkelSite
@testable import SkelsiteVerify

/// Frames larger than a sheet are shot in tiles (VerifySheets), each tile's part of the
/// component moved to the cell's origin (VerifyPage), and put back together before the
/// comparison (TiledFrames).
@Suite struct VerifyTilingTests {
    /// "Limits: fifty rows" (site/reference/limits.md) is 240 × 612 points: 1,224 device
    /// pixels tall at 2x, past where WebKitGTK clips bands short. In WebKit's 960-pixel
    /// sheets each frame is a 480-point tile and the 132 points below it; the tall tiles
    /// go two to a sheet, then the short ones six to a sheet under each other.
    @Test func aTallFrameIsTwoTiles() {
        let sizes = [VerifySheets.Size(width: 240, height: 612)]
        let sheets = VerifySheets.pack(sizes: sizes, times: [[0, 0.75, 1.5, 2.25]], scale: 2, maxWidth: 960, maxHeight: 960)
        #expect(sheets.map(\.cells.count) == [2, 2, 2, 2, 6, 2])
        #expect(sheets.map(\.width) == [480, 480, 480, 480, 480, 480])
        #expect(sheets.map(\.height) == [480, 480, 480, 480, 396, 132])
        #expect(sheets.map { $0.cells.map(\.frame) } == [[0, 1], [2, 3], [4, 5], [6, 7], [0, 1, 2, 3, 4, 5], [6, 7]])
        for sheet in sheets[0..<4] {
            #expect(sheet.cells.map(\.x) == [0, 240] && sheet.cells.map(\.y) == [0, 0])
            #expect(sheet.cells.allSatisfy { $0.height == 480 && $0.tileY == 0 && !$0.completesFrame })
        }
        #expect(sheets[4].cells.map(\.x) == [0, 240, 0, 240, 0, 240])
        #expect(sheets[4].cells.map(\.y) == [0, 0, 132, 132, 264, 264])
        #expect(sheets[4...].allSatisfy { $0.cells.allSatisfy { $0.height == 132 && $0.tileY == 480 && $0.completesFrame } })
        #expect(sheets.allSatisfy { $0.cells.allSatisfy { $0.isTiled && $0.frameWidth == 240 && $0.frameHeight == 612 } })
        #expect(sheets[0].cells.map(\.theme) == [.light, .light] && sheets[3].cells.map(\.theme) == [.dark, .dark])
        #expect(sheets[0].cells.map(\.time) == [0, 0.75] && sheets[5].cells.map(\.time) == [1.5, 2.25])
        // At 1x it fits a sheet whole, and four frames stand side by side.
        let once = VerifySheets.pack(sizes: sizes, times: [[0, 0.75, 1.5, 2.25]], scale: 1, maxWidth: 960, maxHeight: 960)
        #expect(once.map(\.cells.count) == [4, 4] && once.allSatisfy { $0.cells.allSatisfy { !$0.isTiled } })
    }

    /// First fit, tallest first, every sheet open: a short cell goes into the room a wide
    /// one left on an earlier shelf, or under it, before a new sheet is started.
    @Test func shortCellsFillRoomLeftOnEarlierSheets() {
        let sizes = [VerifySheets.Size(width: 70, height: 60), VerifySheets.Size(width: 30, height: 20),
                     VerifySheets.Size(width: 100, height: 30)]
        let sheets = VerifySheets.pack(sizes: sizes, times: [[0], [0], [0]], scale: 1, maxWidth: 100, maxHeight: 100)
        // Tallest first: spec 0 (light, dark), spec 2 (light, dark), spec 1 (light, dark).
        // Spec 0's dark frame fits neither beside nor under its light one: a second sheet.
        // Spec 2's frames go under spec 0's, each on its own sheet (the first is full down);
        // spec 1's beside spec 0's, in the 30 points their shelves have left.
        #expect(sheets.map { $0.cells.map(\.spec) } == [[0, 2, 1], [0, 2, 1]])
        #expect(sheets.map { $0.cells.map(\.theme) } == [[.light, .light, .light], [.dark, .dark, .dark]])
        #expect(sheets.allSatisfy { $0.cells.map(\.x) == [0, 0, 70] && $0.cells.map(\.y) == [0, 60, 0] })
        #expect(sheets.map(\.width) == [100, 100] && sheets.map(\.height) == [90, 90])
        #expect(sheets.allSatisfy { $0.cells.allSatisfy(\.completesFrame) })
    }

    /// Whatever the sizes: cells stay inside their sheet and the limits, never overlap,
    /// each frame's tiles cover it exactly once, and only a frame's last tile in shooting
    /// order completes it. 300 specs of sizes from a fixed sequence, two times each, at
    /// 1x and 2x.
    @Test func packingInvariantsHoldForManySizes() {
        var seed: UInt64 = 12345
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        let sizes = (0..<300).map { _ in VerifySheets.Size(width: 8 + next(700), height: 8 + next(600)) }
        let times = sizes.map { _ in [0.0, 0.5] }
        for scale in [1, 2] {
            let sheets = VerifySheets.pack(sizes: sizes, times: times, scale: scale, maxWidth: 960, maxHeight: 960)
            let side = 960 / scale
            var covered: [Int: Int] = [:]
            var lastSeen: [Int: Bool] = [:]
            for sheet in sheets {
                #expect(sheet.width <= side && sheet.height <= side)
                for (i, a) in sheet.cells.enumerated() {
                    #expect(a.x >= 0 && a.y >= 0 && a.x + a.width <= sheet.width && a.y + a.height <= sheet.height)
                    for b in sheet.cells[(i + 1)...] {
                        let apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
                        #expect(apart, "\(a) overlaps \(b)")
                    }
                    covered[a.frame, default: 0] += a.width * a.height
                    #expect(lastSeen[a.frame] != true, "a tile of frame \(a.frame) after the one that completes it")
                    lastSeen[a.frame] = a.completesFrame
                    #expect(a.frameWidth * a.frameHeight > 0)
                }
            }
            #expect(covered.count == 1200)  // 300 specs × 2 themes × 2 times
            let frames = sheets.flatMap(\.cells)
            for (frame, area) in covered {
                let cell = frames.first { $0.frame == frame }!
                #expect(area == cell.frameWidth * cell.frameHeight)
                #expect(lastSeen[frame] == true)
            }
        }
    }

    /// Too wide and too tall: tiles row by row, the last of each row and column what is left.
    @Test func tilesCoverTheFrameRowByRow() {
        let tiles = VerifySheets.tiles(of: VerifySheets.Size(width: 1000, height: 700), width: 480, height: 480)
        #expect(tiles.map(\.x) == [0, 480, 960, 0, 480, 960])
        #expect(tiles.map(\.y) == [0, 0, 0, 480, 480, 480])
        #expect(tiles.map(\.width) == [480, 480, 40, 480, 480, 40])
        #expect(tiles.map(\.height) == [480, 480, 480, 220, 220, 220])
        let whole = VerifySheets.tiles(of: VerifySheets.Size(width: 390, height: 480), width: 480, height: 480)
        #expect(whole.count == 1 && whole[0] == (0, 0, 390, 480))
        // Packed at 2x in 960-pixel sheets (480 points a side), light and dark: the four
        // 480 × 480 tiles a sheet each, the four 40-wide ones side by side on one sheet,
        // the 480 × 220 ones two to a sheet. Only a frame's last tile in shooting order
        // (sheet by sheet, cell by cell) completes it.
        let sheets = VerifySheets.pack(sizes: [VerifySheets.Size(width: 1000, height: 700)], times: [[0]], scale: 2,
                                       maxWidth: 960, maxHeight: 960)
        #expect(sheets.count == 7)
        #expect(sheets[2].cells.map(\.tileX) == [960, 960, 960, 960] && sheets[2].cells.map(\.x) == [0, 40, 80, 120])
        let cells = sheets.flatMap(\.cells).filter { $0.theme == .light }
        #expect(cells.map(\.tileX) == [0, 480, 960, 960, 0, 480] && cells.map(\.tileY) == [0, 0, 0, 480, 480, 480])
        #expect(cells.map(\.completesFrame) == [false, false, false, false, false, true])
    }

    /// The tile's page moves the component, never its HTML or CSS: a box of the frame's
    /// size at minus the tile's offset, clipped by the cell.
    @Test func aTileMovesTheComponentUpAndLeft() throws {
        let spec = try #require(SpecParser.parse("skeleton \"Tall\" width=240 height=612\n  rect 10x10\n").spec)
        var cell = VerifyPage.Cell(spec: spec, layout: LayoutEngine.layout(spec), theme: .light, time: 0, x: 240, y: 0,
                                   width: 240, height: 132, name: "limits.md:44", tileX: 0, tileY: 480,
                                   frameWidth: 240, frameHeight: 612)
        #expect(VerifyPage.tile("<div>c</div>\n", cell)
                == "<div style=\"position:absolute;left:-0px;top:-480px;width:240px;height:612px\">\n<div>c</div>\n</div>\n")
        cell.width = 240
        cell.height = 612
        cell.tileY = 0
        #expect(VerifyPage.tile("<div>c</div>\n", cell) == "<div>c</div>\n")
    }

    /// Tiles go back where they were cut from; the frame is whole at its last tile.
    @Test func tiledFramesPutTilesTogether() throws {
        func image(_ width: Int, _ height: Int, _ value: UInt8) -> RGBAImage {
            RGBAImage(width: width, height: height, pixels: Array(repeating: value, count: width * height * 4))
        }
        func cell(_ tileY: Int, _ height: Int, last: Bool) -> VerifySheets.Cell {
            VerifySheets.Cell(spec: 0, theme: .light, time: 0, x: 0, y: 0, width: 2, height: height, frame: 3,
                              tileX: 0, tileY: tileY, frameWidth: 2, frameHeight: 3, completesFrame: last)
        }
        var tiled = TiledFrames()
        // At 2x: a 2 × 3 point frame is 4 × 6 pixels, a 2-point tile over a 1-point one.
        let first = tiled.add(image(4, 4, 7), of: cell(0, 2, last: false), scale: 2, sheet: 5)
        #expect(first == nil)
        // The same tile again (its sheet shot twice) replaces it.
        let again = tiled.add(image(4, 4, 9), of: cell(0, 2, last: false), scale: 2, sheet: 5)
        #expect(again == nil)
        let last = tiled.add(image(4, 2, 1), of: cell(2, 1, last: true), scale: 2, sheet: 6)
        let whole = try #require(last)
        #expect(whole.earlierSheets == [5])
        #expect(whole.frame == RGBAImage(width: 4, height: 6,
                                         pixels: Array(repeating: 9, count: 64) + Array(repeating: 1, count: 32)))
    }
}
