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
    /// WebKitGTK (2.50, Skia on the CPU) clips a shimmer band one device pixel short at
    /// the far edge of a shape that stands 1,000 device pixels or more from the page
    /// origin, down (right at 950, wrong from 1,000, at 1x and at 2x) as well as across
    /// (a capsule's right edge at x ≥ 1,000 on a 2,048-wide sheet): its sheets are at
    /// most 960 a side. Chromium and Firefox do not, and take sheets of 2,048 a side:
    /// half as many pages and captures as 2,048 × 960 cost them about 6 s of CPU time
    /// less each on this site (VerifyRun shoots a sheet again if a browser returned it
    /// before every tile was drawn).
    static func limits(for engine: BrowserEngine) -> (width: Int, height: Int) {
        engine == .webkit ? (960, 960) : (2048, 2048)
    }

    /// Packs every spec's frames (light then dark, each at its times) in rows, specs in
    /// order of decreasing height so rows waste little, keeping each spec's frames (and
    /// each frame's tiles, row by row) together. `sizes[i]` is spec i's frame in CSS
    /// pixels. Deterministic.
    static func pack(sizes: [Size], times: [[Double]], scale: Int, maxWidth: Int, maxHeight: Int) -> [Sheet] {
        let across = max(1, maxWidth / max(scale, 1))
        let down = max(1, maxHeight / max(scale, 1))
        let order = sizes.indices.sorted { sizes[$0].height != sizes[$1].height ? sizes[$0].height > sizes[$1].height : $0 < $1 }
        var sheets: [Sheet] = []
        var sheet = Sheet()
        var x = 0, rowTop = 0, rowHeight = 0
        var frame = 0
        for spec in order {
            let size = sizes[spec]
            let tiles = Self.tiles(of: size, width: across, height: down)
            for theme in [Theme.light, Theme.dark] {
                for time in times[spec] {
                    for (number, tile) in tiles.enumerated() {
                        if x > 0 && x + tile.width > across {
                            // Next row.
                            rowTop += rowHeight
                            x = 0
                            rowHeight = 0
                        }
                        if rowTop > 0 && rowTop + tile.height > down {
                            sheets.append(sheet)
                            sheet = Sheet()
                            x = 0
                            rowTop = 0
                            rowHeight = 0
                        }
                        sheet.cells.append(Cell(spec: spec, theme: theme, time: time, x: x, y: rowTop,
                                                width: tile.width, height: tile.height, frame: frame,
                                                tileX: tile.x, tileY: tile.y, frameWidth: size.width,
                                                frameHeight: size.height, completesFrame: number == tiles.count - 1))
                        x += tile.width
                        rowHeight = max(rowHeight, tile.height)
                        sheet.width = max(sheet.width, x)
                        sheet.height = max(sheet.height, rowTop + rowHeight)
                    }
                    frame += 1
                }
            }
        }
        if !sheet.cells.isEmpty { sheets.append(sheet) }
        return sheets
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
