import SkeletonCore

/// Frames of many specs packed onto sheets: one page and one screenshot per sheet and
/// engine, each frame cropped out afterwards. Fewer, larger pages cost far less than a
/// page per spec (a navigation and a capture each), which is what makes three engines
/// fit in the time one took.
struct VerifySheets {
    /// One frame on a sheet, at whole CSS pixels.
    struct Cell: Equatable {
        var spec: Int
        var theme: Theme
        var time: Double
        var x: Int
        var y: Int
        var width: Int
        var height: Int
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

    /// Device pixels per sheet side at most (larger cells get a sheet of their own size).
    /// Headless Chromium may photograph a very large page before every tile is drawn;
    /// VerifyRun photographs a sheet again when a frame falls below the bar.
    static let maxSide = 2048

    /// Device pixels per sheet height at most. WebKitGTK drew a shimmer band one device
    /// pixel short at the bottom of each bar when the bar stood 1000 device pixels or
    /// more down the page (and correctly above 950); no other engine did. Measured at 1x
    /// first; at 2x the same frames failed from 1000 device pixels (500 CSS pixels) down.
    static let maxDeviceHeight = 960

    /// Packs every spec's frames (light then dark, each at its times) in rows, specs in
    /// order of decreasing height so rows waste little, keeping each spec's frames
    /// together. `sizes[i]` is spec i's cell in CSS pixels. Deterministic.
    static func pack(sizes: [Size], times: [[Double]], scale: Int, maxSide: Int = maxSide) -> [Sheet] {
        let limit = max(1, maxSide / max(scale, 1))
        let heightLimit = min(limit, max(1, maxDeviceHeight / max(scale, 1)))
        let order = sizes.indices.sorted { sizes[$0].height != sizes[$1].height ? sizes[$0].height > sizes[$1].height : $0 < $1 }
        var sheets: [Sheet] = []
        var sheet = Sheet()
        var x = 0, rowTop = 0, rowHeight = 0
        for spec in order {
            let size = sizes[spec]
            for theme in [Theme.light, Theme.dark] {
                for time in times[spec] {
                    if x > 0 && x + size.width > limit {
                        // Next row.
                        rowTop += rowHeight
                        x = 0
                        rowHeight = 0
                    }
                    if rowTop > 0 && rowTop + size.height > heightLimit {
                        sheets.append(sheet)
                        sheet = Sheet()
                        x = 0
                        rowTop = 0
                        rowHeight = 0
                    }
                    sheet.cells.append(Cell(spec: spec, theme: theme, time: time, x: x, y: rowTop,
                                            width: size.width, height: size.height))
                    x += size.width
                    rowHeight = max(rowHeight, size.height)
                    sheet.width = max(sheet.width, x)
                    sheet.height = max(sheet.height, rowTop + rowHeight)
                }
            }
        }
        if !sheet.cells.isEmpty { sheets.append(sheet) }
        return sheets
    }
}
