import SkelSite
import Foundation
import SkeletonCore
import SkeletonWeb

/// `skelsite verify`: photographs each spec's CSS component in one or more browser
/// engines, frozen at t = 0, T/4, T/2 and 3T/4, in both themes, at each scale, and
/// compares every photo with the painter's frame (pixelmatch, threshold 0.03).
///
/// Speed: the frames of many specs share a sheet (VerifySheets), one page per sheet
/// photographed once per engine; each frame is cropped out at whole CSS pixels and
/// painted once for all engines. A frame larger than a sheet is shot in tiles, put
/// back together before it is compared.
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
        /// Where to keep the sheet pages the browsers were shown; nil = a scratch folder.
        public var pagesFolder: URL?
        public var minimumMatch: Double = 0.995
        /// The bar for the match with anti-aliased pixels counted as mismatches, in the
        /// engines `VerifyGate.antialiasedEngines`; nil: reported, not gated.
        public var minimumWithAntialiased: Double?
        /// Sheets one browser walks before a scale's sheets are shared among more
        /// browsers of the engine (VerifySheets.sheetsPerBrowser says why).
        public var sheetsPerBrowser = VerifySheets.sheetsPerBrowser
        /// `--host-css`: a page's stylesheet on every sheet, after the components' CSS,
        /// to check that the components keep their pixels under it (VerifyPage.book).
        public var hostCSS: String?
        /// `--as`: the HTML export's markup and CSS, or its custom elements.
        public var form = VerifyForm.html
        public init() {}
    }

    let options: Options
    let cameras: [BrowserCamera]
    let scratch: URL
    /// Seconds spent per stage ("paint", "<engine> shoot", "<engine> compare"), for the benchmark.
    public var timings: VerifyTimings { .shared }

    public init(options: Options, cameras: [BrowserCamera]) throws {
        self.options = options
        self.cameras = cameras.sorted { $0.engine < $1.engine }
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-verify-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    public init(options: Options, camera: BrowserCamera) throws {
        try self.init(options: options, cameras: [camera])
    }

    public func cleanUp() {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// The four times of a spec: quarters of its whole cycle, `Animation.period` (the
    /// duration plus the interval, doubled by `repeat=reverse`); all 0 for a spec that
    /// cannot loop.
    public static func times(of spec: Spec) -> [Double] {
        let period = spec.animation.duration > 0 ? spec.animation.period : 0
        return [0, period / 4, period / 2, period * 3 / 4]
    }

    public func verify(_ item: VerifySpec) throws -> [VerifyResult] {
        try verify([item])
    }

    /// Every frame of every spec in every engine, ordered by spec, engine, scale, theme
    /// (light first) and time. Four steps, each in its own file: planning (VerifyPlan:
    /// sheets, pages, which browser walks what), scheduling (VerifyScheduler: the walks on
    /// their threads), the retry policy (VerifyRetry, within each walk) and reporting
    /// (VerifyResultOrder, then VerifyReport).
    ///
    /// The painter's frames of a sheet are painted once, by the first walk to need them.
    public func verify(_ items: [VerifySpec]) throws -> [VerifyResult] {
        let plan = try plan(items)
        let paints = SheetPaints(users: plan.users) { index in
            let job = plan.jobs[index]
            return timings.measure("paint") {
                job.sheet.cells.map { cell in
                    // A tiled frame is compared whole, once its last tile is shot.
                    guard cell.completesFrame else { return RGBAImage(width: 0, height: 0) }
                    return Painter.paint(plan.items[cell.spec].spec, layout: plan.layouts[cell.spec], time: cell.time,
                                         scale: job.scale, theme: cell.theme)
                }
            }
        }
        // A lane per walk: each engine's scales, and the extra browsers of a scale with
        // many sheets, which come from its camera's twins, stopped when the run ends.
        var twins: [Int: [BrowserCamera]] = [:]
        defer { for camera in twins.values.joined() { camera.shutdown() } }
        var cameraOfLane: [BrowserCamera] = []
        var jobsOfLane: [[Int]] = []
        for walk in plan.walks where !walk.jobs.isEmpty {
            var camera = cameras[walk.slot]
            if walk.browser > 0 {
                while twins[walk.slot, default: []].count < walk.browser {
                    twins[walk.slot, default: []].append(try camera.twin())
                }
                camera = twins[walk.slot]![walk.browser - 1]
            }
            cameraOfLane.append(camera)
            jobsOfLane.append(walk.jobs)
        }
        let lanes = zip(cameraOfLane, jobsOfLane).map { (camera: $0, jobs: $1) }
        let order = VerifySheets.order(lanes.map { (engine: $0.camera.engine, sheets: $0.jobs.count) })
        let results = try VerifyScheduler.run(lanes: lanes.count, order: order, atOnce: VerifySheets.browsersAtOnce()) {
            lane, stopped in
            try walk(lanes[lane].jobs, camera: lanes[lane].camera, plan: plan, paints: paints, stopped: stopped)
        }
        return VerifyResultOrder.sorted(results, items: plan.items, scales: options.scales)
    }

    /// One lane's walk: each of its sheets photographed and compared, failing frames
    /// retaken (VerifyRetry) and then written to the failures folder.
    private func walk(_ jobs: [Int], camera: BrowserCamera, plan: VerifyPlan, paints: SheetPaints,
                      stopped: () -> Bool) throws -> [VerifyResult] {
        var results: [VerifyResult] = []
        var tiled = TiledFrames()
        for index in jobs where !stopped() {
            let job = plan.jobs[index]
            let painted = paints.frames(of: index)
            defer { paints.done(with: index) }
            let first = try photograph(job.page, sheet: job.sheet, camera: camera, scale: job.scale, painted: painted,
                                       items: plan.items, digests: plan.digests, tiled: &tiled, sheetIndex: index)
            let compared = try VerifyRetry.retakingFailures(first, sheet: index,
                                                            passes: { VerifyGate.passes($0, options: options) }) {
                sheet, frames in
                // An earlier sheet holds only tiles of unfinished frames: no painter frames needed.
                let again = plan.jobs[sheet]
                return try photograph(again.page, sheet: again.sheet, camera: camera, scale: again.scale,
                                      painted: sheet == index ? painted : [], items: plan.items, digests: plan.digests,
                                      tiled: &tiled, sheetIndex: sheet, onlyFrames: frames)
            }
            for frame in compared {
                if !VerifyGate.passes(frame.result, options: options), let folder = options.failuresFolder {
                    try writeFailure(frame, folder: folder)
                }
                results.append(frame.result)
            }
        }
        return results
    }

    struct Compared {
        var result: VerifyResult
        var browser: RGBAImage
        var painted: RGBAImage
        var diff: RGBAImage?
        /// For a tiled frame: the sheets (job indices) its earlier tiles were shot on.
        var earlierSheets: [Int] = []
        var frame = 0
    }

    /// Photographs one sheet in one engine and compares each of its frames with the
    /// painter's; a tile goes into `tiled`, and its frame is compared once it is whole.
    private func photograph(_ page: URL, sheet: VerifySheets.Sheet, camera: BrowserCamera, scale: Int,
                            painted: [RGBAImage], items: [VerifySpec], digests: [String],
                            tiled: inout TiledFrames, sheetIndex: Int,
                            onlyFrames: Set<Int>? = nil) throws -> [Compared] {
        let photo = try timings.measure(camera.engine.rawValue + " shoot") {
            try camera.screenshot(of: page, width: sheet.width, height: sheet.height, scale: scale)
        }
        let started = Date()
        defer { timings.add(camera.engine.rawValue + " compare", Date().timeIntervalSince(started)) }
        var compared: [Compared] = []
        for (index, cell) in sheet.cells.enumerated() where onlyFrames?.contains(cell.frame) ?? true {
            var browser = Screenshot.crop(photo, x: cell.x * scale, y: cell.y * scale,
                                          width: cell.width * scale, height: cell.height * scale)
            var earlierSheets: [Int] = []
            if cell.isTiled {
                guard let whole = tiled.add(browser, of: cell, scale: scale, sheet: sheetIndex) else { continue }
                (browser, earlierSheets) = whole
            }
            let painter = painted[index]
            var diff: RGBAImage? = options.failuresFolder == nil ? nil
                : RGBAImage(width: painter.width, height: painter.height)
            // Anti-aliased pixels are left out of `mismatched`, as pixelmatch does, and
            // reported on their own rather than silently excused.
            let counts = browser.width == painter.width && browser.height == painter.height
                ? PixelDiff.diff(browser, painter, options: DiffOptions(threshold: options.pixelThreshold), output: &diff)
                : DiffResult(mismatchedPixels: painter.width * painter.height, antialiasedPixels: 0, identical: false)
            let item = items[cell.spec]
            let result = VerifyResult(component: item.name, title: item.spec.title, engine: camera.engine,
                                      theme: cell.theme, scale: scale, time: cell.time,
                                      mismatched: counts.mismatchedPixels, antialiased: counts.antialiasedPixels,
                                      pixels: painter.width * painter.height, specDigest: digests[cell.spec],
                                      width: item.checkedWidth, rightToLeft: item.rightToLeft)
            compared.append(Compared(result: result, browser: browser, painted: painter, diff: diff,
                                     earlierSheets: earlierSheets, frame: cell.frame))
        }
        return compared
    }
}

/// What makes a frame fail (site/guides/verify-css-vs-png.md, "Engines").
public enum VerifyGate {
    /// Firefox anti-aliases curves its own way (its outermost ring differs from the
    /// painter's and from the other two engines' by up to about 16 levels), so its
    /// figure with anti-aliased pixels counted is reported, not gated.
    public static let antialiasedEngines: Set<BrowserEngine> = [.chromium, .webkit]

    public static func passes(_ result: VerifyResult, options: VerifyRun.Options) -> Bool {
        passes(result, minimum: options.minimumMatch, minimumWithAntialiased: options.minimumWithAntialiased)
    }

    public static func passes(_ result: VerifyResult, minimum: Double, minimumWithAntialiased: Double?) -> Bool {
        if result.match < minimum { return false }
        if let bar = minimumWithAntialiased, antialiasedEngines.contains(result.engine),
           result.matchCountingAntialiased < bar { return false }
        return true
    }
}

/// Time spent per stage of a run. Safe to share between threads: every access holds `lock`.
public final class VerifyTimings: @unchecked Sendable {
    private var seconds: [String: Double] = [:]
    private let lock = NSLock()

    /// One for the process: cameras add their own stages.
    public static let shared = VerifyTimings()

    public var all: [String: Double] { lock.withLock { seconds } }

    func add(_ stage: String, _ elapsed: Double) {
        lock.withLock { seconds[stage, default: 0] += elapsed }
    }

    func measure<T>(_ stage: String, _ work: () throws -> T) rethrows -> T {
        let started = Date()
        defer { add(stage, Date().timeIntervalSince(started)) }
        return try work()
    }
}

/// The tiles of frames larger than a sheet, shot so far in one engine, put together by
/// frame until the frame's last tile (VerifySheets packs a frame's tiles in order).
struct TiledFrames {
    private var frames: [Int: (image: RGBAImage, sheets: [Int])] = [:]

    /// Puts `tile`, shot on `sheet`, where it goes in its frame; once `cell` completes
    /// the frame, the whole frame and the other sheets its tiles were shot on. Adding
    /// the same tile again (a sheet shot twice) replaces it.
    mutating func add(_ tile: RGBAImage, of cell: VerifySheets.Cell, scale: Int, sheet: Int)
        -> (frame: RGBAImage, earlierSheets: [Int])? {
        let key = cell.frame * 8 + scale
        var (frame, sheets) = frames.removeValue(forKey: key)
            ?? (RGBAImage(width: cell.frameWidth * scale, height: cell.frameHeight * scale), [])
        let (left, top) = (cell.tileX * scale, cell.tileY * scale)
        let rowBytes = tile.width * 4
        for row in 0..<tile.height {
            let from = row * rowBytes
            let to = ((top + row) * frame.width + left) * 4
            frame.pixels.replaceSubrange(to..<(to + rowBytes), with: tile.pixels[from..<(from + rowBytes)])
        }
        if cell.completesFrame { return (frame, sheets.filter { $0 != sheet }) }
        if !sheets.contains(sheet) { sheets.append(sheet) }
        frames[key] = (frame, sheets)
        return nil
    }
}
