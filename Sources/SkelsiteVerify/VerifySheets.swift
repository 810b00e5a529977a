import SkelSite
import Foundation
import SkeletonCore

/// Frames of many specs packed onto sheets: one page and one screenshot per sheet and
/// engine, each frame cropped out afterwards. Fewer, larger pages cost far less than a
/// page per spec (a navigation and a capture each), which is what makes three engines
/// fit in the time one took.
///
/// A frame larger than a sheet is shot in tiles: each tile is a cell showing the part
/// of the component at (tileX, tileY), the component moved up and left on the page so
/// that part stands near the page origin (VerifyPage), and VerifyRun puts the tiles
/// back together before comparing the whole frame.
struct VerifySheets {
    /// One frame, or one tile of a frame, on a sheet, at whole CSS pixels.
    struct Cell: Equatable {
        var spec: Int
        var theme: Theme
        var time: Double
        var x: Int
        var y: Int
        /// The cell's size: the tile's, which is the whole frame's when it is not tiled.
        var width: Int
        var height: Int
        /// Numbers the frames of one packing (0, 1, ...); the tiles of a frame share it.
        var frame: Int = 0
        /// Where this tile starts within its frame (0, 0 when the frame is not tiled).
        var tileX = 0
        var tileY = 0
        /// The whole frame's size.
        var frameWidth = 0
        var frameHeight = 0
        /// The frame's last tile in packing order (true when it is not tiled): once it is
        /// shot, every tile of the frame has been.
        var completesFrame = true

        var isTiled: Bool { width != frameWidth || height != frameHeight }
    }

    /// A frame's size in CSS pixels.
    struct Size: Equatable {
        var width: Int
        var height: Int
    }

    struct Sheet: Equatable {
        var cells: [Cell] = []
        var width = 0
        var height = 0
    }

    /// Sheets per page (VerifyPage.book): a camera goes from sheet to sheet of a book
    /// by the page's fragment, without loading a page. 32 (why: on site/, CPU time of
    /// each engine alone, all its processes, books of 8 → 32 → 128: Chromium 28.5 →
    /// 24.5 → 23.1 s, Firefox 30.1 → 26.7 → 26.1 s, WebKit 79.9 → 73.9–75.0 → 78.8 s;
    /// WebKit restyles a very large page more slowly on every fragment).
    static let sheetsPerBook = 32

    /// Device pixels per sheet, across and down, at most, in an engine; larger frames
    /// are tiled.
    ///
    /// WebKitGTK (2.50, Skia on the CPU, its layers composited by Mesa's llvmpipe) clips
    /// a shimmer band one device pixel short at the far edge of a shape that stands
    /// 1,000 device pixels or more from the page origin, down (right at 950, wrong from
    /// 1,000, at 1x and at 2x) as well as across (a capsule's right edge at x ≥ 1,000 on
    /// a 2,048-wide sheet); with Mesa's softpipe it does not, at three times the CPU
    /// time (site/guides/verify-css-vs-png.md). So its sheets are at most 960 a side.
    /// Chromium and Firefox do not, and take sheets of 2,048 a side: half as many pages
    /// and captures as 2,048 × 960 cost them about 6 s of CPU time less each on this
    /// site (VerifyRun shoots a sheet again if a browser returned it before every tile
    /// was drawn).
    static func limits(for engine: BrowserEngine) -> (width: Int, height: Int) {
        engine == .webkit ? (960, 960) : (2048, 2048)
    }

    /// Packs every spec's frames (light then dark, each at its times; a frame larger than
    /// a sheet as its tiles) onto as few sheets as it can: first-fit decreasing height
    /// over shelves. Cells are taken tallest first; each goes on the first shelf of the
    /// first sheet where it fits (the shelf tall enough, room left across), else opens a
    /// shelf at the foot of the first sheet with room down, else a new sheet. Every sheet
    /// stays open, so a short cell fills the space a wide one left on an earlier shelf.
    /// (Why: a capture costs about the same whatever it shows, so sheets are what a run
    /// costs; on site/ in WebKit's 960-pixel sheets at 2x, rows filled in order took 666
    /// sheets, this 496.) `sizes[i]` is spec i's frame in CSS pixels; `specs`: only these
    /// (nil: all). Deterministic: cells of equal height keep the order above.
    static func pack(sizes: [Size], times: [[Double]], scale: Int, maxWidth: Int, maxHeight: Int,
                     specs: [Int]? = nil) -> [Sheet] {
        let across = max(1, maxWidth / max(scale, 1))
        let down = max(1, maxHeight / max(scale, 1))
        var cells: [Cell] = []
        var frame = 0
        for spec in specs ?? Array(sizes.indices) {
            let size = sizes[spec]
            let tiles = Self.tiles(of: size, width: across, height: down)
            for theme in [Theme.light, Theme.dark] {
                for time in times[spec] {
                    for tile in tiles {
                        cells.append(Cell(spec: spec, theme: theme, time: time, x: 0, y: 0, width: tile.width,
                                          height: tile.height, frame: frame, tileX: tile.x, tileY: tile.y,
                                          frameWidth: size.width, frameHeight: size.height, completesFrame: false))
                    }
                    frame += 1
                }
            }
        }
        let order = cells.indices.sorted { cells[$0].height != cells[$1].height ? cells[$0].height > cells[$1].height : $0 < $1 }
        var sheets: [Sheet] = []
        var shelves: [[Shelf]] = []
        // Sheets that could still take a cell: one with no room for the narrowest cell on
        // any shelf, nor for the shortest under them, is passed over (same result, but a
        // large site does not try every sheet for every cell).
        var open: [Int] = []
        let (narrowest, shortest) = (cells.map(\.width).min() ?? 0, cells.map(\.height).min() ?? 0)
        for index in order {
            var cell = cells[index]
            var placed = false
            for number in open where !placed {
                if let shelf = shelves[number].firstIndex(where: { $0.height >= cell.height && $0.used + cell.width <= across }) {
                    (cell.x, cell.y) = (shelves[number][shelf].used, shelves[number][shelf].top)
                    shelves[number][shelf].used += cell.width
                    placed = true
                } else {
                    let foot = Self.foot(shelves[number])
                    if foot + cell.height <= down {
                        (cell.x, cell.y) = (0, foot)
                        shelves[number].append(Shelf(top: foot, height: cell.height, used: cell.width))
                        placed = true
                    }
                }
                if placed {
                    sheets[number].cells.append(cell)
                    sheets[number].width = max(sheets[number].width, cell.x + cell.width)
                    sheets[number].height = max(sheets[number].height, cell.y + cell.height)
                }
            }
            if !placed {
                open.append(sheets.count)
                sheets.append(Sheet(cells: [cell], width: cell.width, height: cell.height))
                shelves.append([Shelf(top: 0, height: cell.height, used: cell.width)])
            }
            open.removeAll { number in
                Self.foot(shelves[number]) + shortest > down && shelves[number].allSatisfy { $0.used + narrowest > across }
            }
        }
        // Sheets are shot in order, cells in order: a frame is whole at its last tile there.
        var last: [Int: (sheet: Int, cell: Int)] = [:]
        for (number, sheet) in sheets.enumerated() {
            for (position, cell) in sheet.cells.enumerated() { last[cell.frame] = (number, position) }
        }
        for (_, place) in last { sheets[place.sheet].cells[place.cell].completesFrame = true }
        return sheets
    }

    /// A row of cells on a sheet: where it starts down, how tall, how much is used across.
    private struct Shelf { var top: Int; var height: Int; var used: Int }

    /// Where the next shelf of a sheet would start.
    private static func foot(_ shelves: [Shelf]) -> Int { shelves.last.map { $0.top + $0.height } ?? 0 }

    /// Sheets one browser walks, at most, before a scale's sheets are shared out among
    /// more browsers of the engine. (Why: a browser walks its sheets one after another,
    /// waiting on each capture; on site/ WebKit's 2x sheets (496) were the longest walk
    /// of all, and with every engine at once they alone set the run's length.)
    static let sheetsPerBrowser = 250

    /// How many browsers walk their sheets at the same time: one per core and one more
    /// (a browser waits on each capture part of the time). Why not all at once: on
    /// site/ on two cores, all seven of a run (Chromium and Firefox at two scales,
    /// WebKit at 1x and twice at 2x) at once took 113 to 117 s of CPU time and 58 to
    /// 62 s; three at a time, 100 to 110 s and 54 to 62 s, median 58.6 s over ten runs
    /// (site/guides/verify-css-vs-png.md).
    static func browsersAtOnce(cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        max(1, cores) + 1
    }

    /// The order browsers start their walks in: WebKit's first (its walks cost the most
    /// CPU time, a sheet of its 960 pixels about 0.08 s against 0.2 s for Chromium's and
    /// Firefox's sheets of 2,048), then the others, each the longest walk first; equal
    /// ones in the order given. (Why not by estimated CPU time alone, which mixes the
    /// engines: on site/, four runs each, 54 to 61 s (mean 56) this way against 56 to
    /// 62 s (mean 59) that way.)
    static func order(_ walks: [(engine: BrowserEngine, sheets: Int)]) -> [Int] {
        walks.indices.sorted { a, b in
            let (x, y) = (walks[a], walks[b])
            if (x.engine == .webkit) != (y.engine == .webkit) { return x.engine == .webkit }
            return x.sheets != y.sheets ? x.sheets > y.sheets : a < b
        }
    }

    /// How many browsers walk `sheets` sheets of one engine at one scale: one per
    /// `perBrowser` sheets begun, at most 4 (each is a browser's memory).
    static func browsers(forSheets sheets: Int, perBrowser: Int = sheetsPerBrowser) -> Int {
        min(4, max(1, (sheets + max(1, perBrowser) - 1) / max(1, perBrowser)))
    }

    /// The specs shared out among `browsers` browsers, about the same area of frames
    /// each: largest specs first, each to the browser with the least so far (the first
    /// of equals). Every spec's frames, tiles included, stay with one browser. Each
    /// group lists its specs in order.
    static func share(sizes: [Size], times: [[Double]], browsers: Int) -> [[Int]] {
        guard browsers > 1 else { return [Array(sizes.indices)] }
        let area = sizes.indices.map { sizes[$0].width * sizes[$0].height * times[$0].count }
        let order = sizes.indices.sorted { area[$0] != area[$1] ? area[$0] > area[$1] : $0 < $1 }
        var groups = Array(repeating: [Int](), count: browsers)
        var loads = Array(repeating: 0, count: browsers)
        for spec in order {
            let least = loads.indices.min { loads[$0] != loads[$1] ? loads[$0] < loads[$1] : $0 < $1 }!
            groups[least].append(spec)
            loads[least] += area[spec]
        }
        return groups.map { $0.sorted() }
    }

    /// A frame cut into tiles at most `width` × `height` CSS pixels, row by row from the
    /// top left; the last tile of a row or column takes what is left.
    static func tiles(of size: Size, width across: Int, height down: Int) -> [(x: Int, y: Int, width: Int, height: Int)] {
        var tiles: [(x: Int, y: Int, width: Int, height: Int)] = []
        var y = 0
        repeat {
            let height = min(down, size.height - y)
            var x = 0
            repeat {
                let width = min(across, size.width - x)
                tiles.append((x, y, width, height))
                x += width
            } while x < size.width
            y += height
        } while y < size.height
        return tiles
    }
}
