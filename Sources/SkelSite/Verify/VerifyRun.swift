import Foundation
import SkeletonCore
import SkeletonWeb

/// `skelsite verify`: photographs each spec's CSS component in headless Chromium,
/// frozen at t = 0, T/4, T/2 and 3T/4, in both themes, at each scale, and compares
/// every photo with the painter's frame (pixelmatch, threshold 0.03).
///
/// Speed: one browser for the whole run, and one page per spec and scale holding all
/// eight frames side by side (4 times × 2 themes), so a spec costs two navigations
/// and two screenshots. A frame is cropped out of the screenshot at whole CSS pixels.
public struct VerifyRun {
    public struct Options {
        public var scales: [Int] = [1, 2]
        /// pixelmatch's per-pixel colour threshold. 0.03, not pixelmatch's 0.1: at 0.1 a
        /// frame photographed T/4 after the painter's t = 0 frame (the band missing
        /// entirely) still matches 100%, so 0.1 cannot see a wrong frame; at 0.03 it
        /// matches 87-93% (site/guides/verify-css-vs-png.md has the figures).
        public var pixelThreshold: Double = 0.03
        /// For tests of the measure itself: what the browser is shown instead of the
        /// spec, and how far its frozen time is moved (a mutated component must fail).
        public var browserSpec: (@Sendable (Spec) -> Spec)?
        public var browserTimeShift: Double = 0
        /// Where to write failing frames (browser, painter, diff PNGs); nil = nowhere.
        public var failuresFolder: URL?
        public var minimumMatch: Double = 0.995
        public init() {}
    }

    let options: Options
    let camera: BrowserCamera
    let scratch: URL

    public init(options: Options, camera: BrowserCamera) throws {
        self.options = options
        self.camera = camera
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-verify-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    public func cleanUp() {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// The four times of a spec: quarters of its duration (all 0 for a spec that
    /// cannot loop).
    public static func times(of spec: Spec) -> [Double] {
        let period = spec.animation.duration > 0 ? spec.animation.duration : 0
        return [0, period / 4, period / 2, period * 3 / 4]
    }

    /// One frame of a sheet.
    struct Frame {
        var theme: Theme
        var time: Double
        var column: Int
        var row: Int
    }

    public func verify(_ item: VerifySpec) throws -> [VerifyResult] {
        let layout = LayoutEngine.layout(item.spec)
        // The painter's image size in points: one cell per frame.
        let cell = layout.pixelSize(scale: 1)
        let (cellWidth, cellHeight) = (cell.width, cell.height)
        let times = Self.times(of: item.spec)
        var results: [VerifyResult] = []
        for scale in options.scales {
            let sheets = Self.sheets(times: times, cellWidth: cellWidth * scale, cellHeight: cellHeight * scale)
            for sheet in sheets {
                var frames = try photograph(sheet, item: item, layout: layout, cellWidth: cellWidth,
                                            cellHeight: cellHeight, scale: scale)
                // Headless Chromium under load sometimes returns a frame before every tile
                // is rasterised (blank areas); a second photo tells that from a real mismatch.
                if frames.contains(where: { $0.result.match < options.minimumMatch }) {
                    frames = try photograph(sheet, item: item, layout: layout, cellWidth: cellWidth,
                                            cellHeight: cellHeight, scale: scale)
                }
                for frame in frames {
                    if frame.result.match < options.minimumMatch, let folder = options.failuresFolder {
                        try writeFailure(frame.result, browser: frame.browser, painted: frame.painted, diff: frame.diff,
                                         folder: folder)
                    }
                    results.append(frame.result)
                }
            }
        }
        return results
    }

    struct Compared {
        var result: VerifyResult
        var browser: RGBAImage
        var painted: RGBAImage
        var diff: RGBAImage?
    }

    /// Photographs one sheet and compares each of its frames with the painter's.
    private func photograph(_ sheet: [Frame], item: VerifySpec, layout: SpecLayout, cellWidth: Int, cellHeight: Int,
                            scale: Int) throws -> [Compared] {
        let columns = (sheet.map(\.column).max() ?? 0) + 1
        let rows = (sheet.map(\.row).max() ?? 0) + 1
        let page = scratch.appendingPathComponent("sheet.html")
        let shown = options.browserSpec.map { $0(item.spec) } ?? item.spec
        let frames = sheet.map { Frame(theme: $0.theme, time: $0.time + options.browserTimeShift, column: $0.column, row: $0.row) }
        try Data(Self.sheetPage(shown, layout: LayoutEngine.layout(shown), frames: frames, cellWidth: cellWidth,
                                cellHeight: cellHeight).utf8).write(to: page)
        let png = try camera.screenshot(of: page, width: columns * cellWidth, height: rows * cellHeight, scale: scale)
        let photo: RGBAImage
        do {
            photo = try PNGDecoder.decode(png)
        } catch {
            throw VerifyFailure(description: "unreadable screenshot of \(item.name): \(error)")
        }
        var compared: [Compared] = []
        for frame in sheet {
            let browser = Self.crop(photo, x: frame.column * cellWidth * scale, y: frame.row * cellHeight * scale,
                                    width: cellWidth * scale, height: cellHeight * scale)
            let painted = Painter.paint(item.spec, layout: layout, time: frame.time, scale: scale, theme: frame.theme)
            var diff: RGBAImage? = options.failuresFolder == nil ? nil
                : RGBAImage(width: painted.width, height: painted.height)
            // Anti-aliased pixels are left out of `mismatched`, as pixelmatch does, and
            // reported on their own rather than silently excused.
            let counts = browser.width == painted.width && browser.height == painted.height
                ? PixelDiff.diff(browser, painted, options: DiffOptions(threshold: options.pixelThreshold), output: &diff)
                : DiffResult(mismatchedPixels: painted.width * painted.height, antialiasedPixels: 0, identical: false)
            let result = VerifyResult(component: item.name, title: item.spec.title, theme: frame.theme, scale: scale,
                                      time: frame.time, mismatched: counts.mismatchedPixels,
                                      antialiased: counts.antialiasedPixels, pixels: painted.width * painted.height,
                                      specDigest: item.source.isEmpty ? "" : SHA256.hex(Array(item.source.utf8)))
            compared.append(Compared(result: result, browser: browser, painted: painted, diff: diff))
        }
        return compared
    }

    /// The eight frames (light then dark, each at the four times) packed into sheets
    /// of at most `maxSheetPixels` device pixels and `maxSheetSide` per side. Headless
    /// Chromium rasterises large pages in tiles and may return a screenshot before
    /// every tile is drawn (blank areas): small sheets avoid it.
    static func sheets(times: [Double], cellWidth: Int, cellHeight: Int) -> [[Frame]] {
        let perSheet = max(1, min(8, maxSheetPixels / max(1, cellWidth * cellHeight)))
        let perRow = max(1, min(perSheet, maxSheetSide / max(1, cellWidth)))
        var sheets: [[Frame]] = []
        var index = 0
        for theme in [Theme.light, Theme.dark] {
            for time in times {
                let slot = index % perSheet
                if slot == 0 { sheets.append([]) }
                sheets[sheets.count - 1].append(Frame(theme: theme, time: time, column: slot % perRow, row: slot / perRow))
                index += 1
            }
        }
        return sheets
    }

    static let maxSheetPixels = 2_000_000
    static let maxSheetSide = 4000

    /// A page with each frame's frozen component in its own cell, on its theme's
    /// background, the theme forced by `data-theme` on the cell.
    static func sheetPage(_ spec: Spec, layout: SpecLayout, frames: [Frame], cellWidth: Int, cellHeight: Int) -> String {
        var styles = ""
        var cells = ""
        for frame in frames {
            let component = ComponentEmitter.emit(spec, layout: layout, label: nil,
                                                  options: EmitOptions(frozenAt: frame.time))
            styles += component.css
            let background = spec.appearance.colours(for: frame.theme).background
            cells += "<div class=\"cell\" data-theme=\"" + VerifyReport.themeName(frame.theme) + "\" style=\"left:"
                + String(frame.column * cellWidth) + "px;top:" + String(frame.row * cellHeight) + "px;background:"
                + background.hex + "\">\n" + component.html + "</div>\n"
        }
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>verify</title>\n"
            + "<style>\nhtml,body{margin:0;padding:0}\n.cell{position:absolute;overflow:hidden;width:"
            + String(cellWidth) + "px;height:" + String(cellHeight) + "px}\n</style>\n<style>\n" + styles
            + "</style>\n</head>\n<body>\n" + cells + "</body>\n</html>\n"
    }

    /// The `width` × `height` pixels at (x, y); parts outside `image` are transparent.
    static func crop(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        var out = RGBAImage(width: width, height: height)
        for row in 0..<height where y + row < image.height {
            let copy = max(0, min(width, image.width - x))
            guard copy > 0 else { break }
            let from = ((y + row) * image.width + x) * 4
            let to = row * width * 4
            out.pixels.replaceSubrange(to..<(to + copy * 4), with: image.pixels[from..<(from + copy * 4)])
        }
        return out
    }

    private func writeFailure(_ r: VerifyResult, browser: RGBAImage, painted: RGBAImage, diff: RGBAImage?,
                              folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var stem = ""
        for c in r.component.unicodeScalars {
            stem.unicodeScalars.append(CharacterSet.alphanumerics.contains(c) ? c : "_")
        }
        stem += "-" + VerifyReport.themeName(r.theme) + "-" + String(r.scale) + "x-t" + VerifyReport.number(r.time)
        try UserFile.write(PNGEncoder.encode(browser), to: folder.appendingPathComponent(stem + "-browser.png").path)
        try UserFile.write(PNGEncoder.encode(painted), to: folder.appendingPathComponent(stem + "-painter.png").path)
        if let diff { try UserFile.write(PNGEncoder.encode(diff), to: folder.appendingPathComponent(stem + "-diff.png").path) }
    }
}
