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
    /// (light first) and time.
    ///
    /// The engines work at once, each scale of each on its own thread walking its sheets
    /// (a browser spends most of a capture rasterising and encoding, on its own
    /// processes); the painter's frames of a sheet are painted once, by the first engine
    /// to need them.
    public func verify(_ items: [VerifySpec]) throws -> [VerifyResult] {
        let items = FluidVerifyWidths.expand(items)
        let layouts = items.map { LayoutEngine.layout($0.spec) }
        let sizes = layouts.map { layout in
            let size = layout.pixelSize(scale: 1)
            return VerifySheets.Size(width: size.width, height: size.height)
        }
        let times = items.map { Self.times(of: $0.spec) }
        let digests = items.map { $0.source.isEmpty ? "" : SHA256.hex(Array($0.source.utf8)) }
        // Each engine walks the sheets packed for its limits (VerifySheets.limits), in one
        // browser per scale, or in several when the sheets are many (VerifySheets.browsers):
        // then the specs are shared out and each browser walks its own specs' sheets.
        // Browsers whose packings are the same share the pages, the photos' painter frames too.
        var jobs: [(scale: Int, sheet: VerifySheets.Sheet, page: URL)] = []
        var walks: [(slot: Int, browser: Int, walk: [Int])] = []
        for scale in options.scales {
            // Per scale: a sheet does not say its scale, and each scale has its own browser.
            var packings: [(sheets: [VerifySheets.Sheet], jobs: Range<Int>)] = []
            for (slot, camera) in cameras.enumerated() {
                let limits = VerifySheets.limits(for: camera.engine)
                let all = VerifySheets.pack(sizes: sizes, times: times, scale: scale, maxWidth: limits.width,
                                            maxHeight: limits.height)
                let groups = VerifySheets.share(sizes: sizes, times: times,
                                                browsers: VerifySheets.browsers(forSheets: all.count,
                                                                                   perBrowser: options.sheetsPerBrowser))
                for (browser, group) in groups.enumerated() {
                    let sheets = groups.count == 1 ? all
                        : VerifySheets.pack(sizes: sizes, times: times, scale: scale, maxWidth: limits.width,
                                            maxHeight: limits.height, specs: group)
                    if let same = packings.first(where: { $0.sheets == sheets }) {
                        walks.append((slot, browser, Array(same.jobs)))
                        continue
                    }
                    // Books of sheets, each sheet shown by its fragment (VerifyPage.book). The
                    // first packing's pages are book-*.html; another is named after its engine
                    // (and its browser, after the first).
                    let name = packings.isEmpty ? "book"
                        : camera.engine.rawValue + (browser > 0 ? String(browser + 1) : "") + "-book"
                    let first = jobs.count
                    for start in stride(from: 0, to: sheets.count, by: VerifySheets.sheetsPerBook) {
                        let some = Array(sheets[start..<min(start + VerifySheets.sheetsPerBook, sheets.count)])
                        let page = try writeBook(some, name: name, number: start / VerifySheets.sheetsPerBook + 1,
                                                 scale: scale, items: items)
                        for (index, sheet) in some.enumerated() {
                            jobs.append((scale, sheet, URL(string: page.absoluteString + "#" + VerifyPage.sheetID(index))!))
                        }
                    }
                    packings.append((sheets, first..<jobs.count))
                    walks.append((slot, browser, Array(first..<jobs.count)))
                }
            }
        }
        var users = Array(repeating: 0, count: jobs.count)
        for walk in walks { for index in walk.walk { users[index] += 1 } }
        let paints = SheetPaints(users: users) { index in
            let job = jobs[index]
            return timings.measure("paint") {
                job.sheet.cells.map { cell in
                    // A tiled frame is compared whole, once its last tile is shot.
                    guard cell.completesFrame else { return RGBAImage(width: 0, height: 0) }
                    return Painter.paint(items[cell.spec].spec, layout: layouts[cell.spec], time: cell.time,
                                         scale: job.scale, theme: cell.theme)
                }
            }
        }
        // A thread per browser (each engine's scales, and the extra browsers of a scale
        // with many sheets): while one waits for its browser (a page load, a capture)
        // another's frames are decoded and compared, so both cores stay busy. An engine's
        // extra browsers come from its camera's twins, stopped when the run ends.
        var twins: [Int: [BrowserCamera]] = [:]
        defer { for camera in twins.values.joined() { camera.shutdown() } }
        var lanes: [(camera: BrowserCamera, walk: [Int])] = []
        for (slot, browser, walk) in walks where !walk.isEmpty {
            var camera = cameras[slot]
            if browser > 0 {
                while twins[slot, default: []].count < browser { twins[slot, default: []].append(try camera.twin()) }
                camera = twins[slot]![browser - 1]
            }
            lanes.append((camera, walk))
        }
        let outcomes = EngineOutcomes(count: lanes.count)
        let group = DispatchGroup()
        // At most `VerifySheets.browsersAtOnce` browsers walk at a time, WebKit's walks
        // first, then the longest (VerifySheets.order); the others wait their turn.
        let gate = DispatchSemaphore(value: VerifySheets.browsersAtOnce())
        for slot in VerifySheets.order(lanes.map { (engine: $0.camera.engine, sheets: $0.walk.count) }) {
            let (camera, walk) = lanes[slot]
            group.enter()
            let work = UncheckedSendable { [self, camera, walk] in
                gate.wait()
                defer { gate.signal() }
                do {
                    var results: [VerifyResult] = []
                    var tiled = TiledFrames()
                    // One engine's error ends the run: the others stop at their next sheet.
                    for index in walk where !outcomes.failed {
                        let job = jobs[index]
                        let painted = paints.frames(of: index)
                        defer { paints.done(with: index) }
                        var compared = try photograph(job.page, sheet: job.sheet, camera: camera, scale: job.scale,
                                                      painted: painted, items: items, digests: digests, tiled: &tiled,
                                                      sheetIndex: index)
                        // A second photo tells a browser that returned its picture before every
                        // tile was drawn (blank areas) from a real mismatch; a failing tiled
                        // frame's earlier tiles are shot again too (only its own tiles are taken).
                        let failing = compared.filter { !VerifyGate.passes($0.result, options: options) }
                        if !failing.isEmpty {
                            let frames = Set(failing.map(\.frame))
                            for earlier in Set(failing.flatMap(\.earlierSheets)).sorted() {
                                let again = jobs[earlier]
                                _ = try photograph(again.page, sheet: again.sheet, camera: camera, scale: again.scale,
                                                   painted: [], items: items, digests: digests, tiled: &tiled,
                                                   sheetIndex: earlier, onlyFrames: frames)
                            }
                            // Only the failing frames are taken again: a passing tiled frame's
                            // earlier tiles are gone once it was compared.
                            let again = try photograph(job.page, sheet: job.sheet, camera: camera, scale: job.scale,
                                                       painted: painted, items: items, digests: digests, tiled: &tiled,
                                                       sheetIndex: index, onlyFrames: frames)
                            compared = (compared.filter { !frames.contains($0.frame) } + again).sorted { $0.frame < $1.frame }
                        }
                        for frame in compared {
                            if !VerifyGate.passes(frame.result, options: options), let folder = options.failuresFolder {
                                try writeFailure(frame, folder: folder)
                            }
                            results.append(frame.result)
                        }
                    }
                    outcomes.set(slot, .success(results))
                } catch {
                    outcomes.set(slot, .failure(error))
                }
            }
            let thread = Thread { work.value(); group.leave() }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        var results: [VerifyResult] = []
        for outcome in outcomes.all {
            switch outcome {
            case .success(let some): results += some
            case .failure(let error): throw error
            case nil: throw VerifyFailure(description: "an engine's thread ended without results")
            }
        }
        let specIndex = Dictionary(items.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        // A fluid spec's widths at one time in their checked order, whatever the packing:
        // a shard's run (VerifyShard) packs other sheets, and its report must list the
        // frames as an unsharded run does (VerifyMerge).
        let itemIndex = Dictionary(items.enumerated().map { ($1.name + "@" + ($1.checkedWidth.map { String($0) } ?? ""), $0) },
                                   uniquingKeysWith: { first, _ in first })
        func item(_ r: VerifyResult) -> Int { itemIndex[r.component + "@" + (r.width.map { String($0) } ?? "")] ?? 0 }
        return results.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            let keyX = [specIndex[x.component] ?? 0, BrowserEngine.allCases.firstIndex(of: x.engine)!,
                        options.scales.firstIndex(of: x.scale) ?? 0, x.theme == .light ? 0 : 1]
            let keyY = [specIndex[y.component] ?? 0, BrowserEngine.allCases.firstIndex(of: y.engine)!,
                        options.scales.firstIndex(of: y.scale) ?? 0, y.theme == .light ? 0 : 1]
            if keyX != keyY { return keyX.lexicographicallyPrecedes(keyY) }
            if x.time != y.time { return x.time < y.time }
            if item(x) != item(y) { return item(x) < item(y) }
            return a.offset < b.offset
        }.map(\.element)
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

    /// A book: several sheets on one page (VerifyPage.book), each shown by its fragment,
    /// frozen as the browsers are shown it (with the test mutations).
    private func writeBook(_ sheets: [VerifySheets.Sheet], name: String, number: Int, scale: Int,
                           items: [VerifySpec]) throws -> URL {
        let page = try pageFile(name: name, number: number, scale: scale)
        let html = VerifyPage.book(sheets.map { (pageCells($0, items: items), $0.width, $0.height) },
                                   hostCSS: options.hostCSS, form: options.form)
        try UserFile.write(Array(html.utf8), to: page.path)
        return page
    }

    private func pageFile(name: String, number: Int, scale: Int) throws -> URL {
        let folder = options.pagesFolder ?? scratch
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let digits = String(number)
        return folder.appendingPathComponent(name + "-\(scale)x-" + String(repeating: "0", count: max(0, 3 - digits.count))
                                             + digits + ".html")
    }

    private func pageCells(_ sheet: VerifySheets.Sheet, items: [VerifySpec]) -> [VerifyPage.Cell] {
        sheet.cells.map { cell in
            let shown = options.browserSpec.map { $0(items[cell.spec].spec) } ?? items[cell.spec].spec
            return VerifyPage.Cell(spec: shown, layout: LayoutEngine.layout(shown), theme: cell.theme,
                                   time: cell.time + options.browserTimeShift, x: cell.x, y: cell.y,
                                   width: cell.width, height: cell.height, name: items[cell.spec].name,
                                   tileX: cell.tileX, tileY: cell.tileY, frameWidth: cell.frameWidth,
                                   frameHeight: cell.frameHeight)
        }
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
                                      width: item.checkedWidth)
            compared.append(Compared(result: result, browser: browser, painted: painter, diff: diff,
                                     earlierSheets: earlierSheets, frame: cell.frame))
        }
        return compared
    }

    /// `f_md_1-w320-webkit-dark-1x-t0.5`: a failing frame's file names; a fluid spec's
    /// width is in them, so its two checked widths do not overwrite each other.
    static func failureStem(_ r: VerifyResult) -> String {
        var stem = ""
        for c in r.component.unicodeScalars {
            stem.unicodeScalars.append(CharacterSet.alphanumerics.contains(c) ? c : "_")
        }
        return stem + (r.width.map { "-w" + VerifyReport.number($0) } ?? "") + "-" + r.engine.rawValue + "-"
            + VerifyReport.themeName(r.theme) + "-" + String(r.scale) + "x-t" + VerifyReport.number(r.time)
    }

    private func writeFailure(_ frame: Compared, folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stem = Self.failureStem(frame.result)
        try UserFile.write(PNGEncoder.encode(frame.browser), to: folder.appendingPathComponent(stem + "-browser.png").path)
        try UserFile.write(PNGEncoder.encode(frame.painted), to: folder.appendingPathComponent(stem + "-painter.png").path)
        if let diff = frame.diff {
            try UserFile.write(PNGEncoder.encode(diff), to: folder.appendingPathComponent(stem + "-diff.png").path)
        }
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

/// Hands a value that one thread at a time uses to another thread.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Each engine thread's results, or its error, by slot.
final class EngineOutcomes: @unchecked Sendable {
    private var outcomes: [Result<[VerifyResult], Error>?]
    private let lock = NSLock()

    init(count: Int) { outcomes = Array(repeating: nil, count: count) }

    func set(_ slot: Int, _ outcome: Result<[VerifyResult], Error>) { lock.withLock { outcomes[slot] = outcome } }

    var all: [Result<[VerifyResult], Error>?] { lock.withLock { outcomes } }

    var failed: Bool {
        lock.withLock { outcomes.contains { if case .failure = $0 { return true } else { return false } } }
    }
}

/// The painter's frames of each sheet, painted when an engine first asks and freed
/// once every engine is done with them (a whole run's frames at 2x would not fit in memory).
final class SheetPaints: @unchecked Sendable {
    private var frames: [[RGBAImage]?]
    private var users: [Int]
    private let paint: (Int) -> [RGBAImage]
    private let lock = NSLock()

    /// `users[i]`: how many engines photograph sheet i.
    init(users: [Int], paint: @escaping (Int) -> [RGBAImage]) {
        frames = Array(repeating: nil, count: users.count)
        self.users = users
        self.paint = paint
    }

    func frames(of sheet: Int) -> [RGBAImage] {
        lock.withLock {
            if let painted = frames[sheet] { return painted }
            let painted = paint(sheet)
            frames[sheet] = painted
            return painted
        }
    }

    func done(with sheet: Int) {
        lock.withLock {
            users[sheet] -= 1
            if users[sheet] <= 0 { frames[sheet] = nil }
        }
    }
}

/// Time spent per stage of a run.
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
