import SkelSite
import Foundation
import SkeletonCore
import SkelsiteStore

/// Planning, a run's first step (VerifyRun.verify): which frames go on which sheet and
/// page at which scale, and which browser of which engine walks which sheets. Nothing
/// is photographed yet; the pages the browsers will be shown are written.
///
/// Per scale (a sheet does not say its scale, and each scale has its own browser), each
/// engine packs the frames for its own limits (VerifySheets.limits), for one browser, or
/// for several when the sheets are many (VerifySheets.browsers): then the specs are
/// shared out and each browser walks its own specs' sheets. Browsers whose packings are
/// the same share the pages, and at scheduling the painter's frames of them too.
struct VerifyPlan {
    /// One sheet to photograph: its scale, its cells, and the page that shows it (a
    /// book's file with the sheet's fragment, VerifyPage.book).
    struct Job {
        var scale: Int
        var sheet: VerifySheets.Sheet
        var page: URL
    }

    /// One browser's walk: the engine's camera (`slot` in the run's sorted cameras), which
    /// of its browsers (0: the camera itself, n: its n-th twin), and the jobs it
    /// photographs, in order.
    struct Walk {
        var slot: Int
        var browser: Int
        var jobs: [Int]
    }

    /// The specs checked: fluid ones once per checked width (FluidVerifyWidths).
    var items: [VerifySpec]
    var layouts: [SpecLayout]
    /// SHA-256 of each item's text (results carry it; `build --verify-results` matches by it).
    var digests: [String]
    var jobs: [Job] = []
    var walks: [Walk] = []

    /// How many walks photograph each job's sheet (when the last is done with it, its
    /// painter frames can go).
    var users: [Int] {
        var users = Array(repeating: 0, count: jobs.count)
        for walk in walks { for index in walk.jobs { users[index] += 1 } }
        return users
    }
}

extension VerifyRun {
    /// The plan of a run over `specs` in this run's cameras and scales; writes the pages.
    func plan(_ specs: [VerifySpec]) throws -> VerifyPlan {
        let items = RightToLeftVerify.expand(FluidVerifyWidths.expand(specs), form: options.form)
        let layouts = items.map { LayoutEngine.layout($0.spec) }
        let sizes = layouts.map { layout in
            let size = layout.pixelSize(scale: 1)
            return VerifySheets.Size(width: size.width, height: size.height)
        }
        let times = items.map { Self.times(of: $0.spec) }
        let digests = items.map { $0.source.isEmpty ? "" : SHA256.hex(Array($0.source.utf8)) }
        var plan = VerifyPlan(items: items, layouts: layouts, digests: digests)
        for scale in options.scales {
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
                        plan.walks.append(.init(slot: slot, browser: browser, jobs: Array(same.jobs)))
                        continue
                    }
                    // Books of sheets, each sheet shown by its fragment (VerifyPage.book). The
                    // first packing's pages are book-*.html; another is named after its engine
                    // (and its browser, after the first).
                    let name = packings.isEmpty ? "book"
                        : camera.engine.rawValue + (browser > 0 ? String(browser + 1) : "") + "-book"
                    let first = plan.jobs.count
                    for start in stride(from: 0, to: sheets.count, by: VerifySheets.sheetsPerBook) {
                        let some = Array(sheets[start..<min(start + VerifySheets.sheetsPerBook, sheets.count)])
                        let page = try writeBook(some, name: name, number: start / VerifySheets.sheetsPerBook + 1,
                                                 scale: scale, items: items)
                        for (index, sheet) in some.enumerated() {
                            plan.jobs.append(.init(scale: scale, sheet: sheet,
                                                   page: URL(string: page.absoluteString + "#" + VerifyPage.sheetID(index))!))
                        }
                    }
                    packings.append((sheets, first..<plan.jobs.count))
                    plan.walks.append(.init(slot: slot, browser: browser, jobs: Array(first..<plan.jobs.count)))
                }
            }
        }
        return plan
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
            // A right-to-left check's page shows the spec as written (RightToLeftVerify).
            let item = items[cell.spec]
            let source = item.pageSpec ?? item.spec
            let shown = options.browserSpec.map { $0(source) } ?? source
            return VerifyPage.Cell(spec: shown, layout: LayoutEngine.layout(shown), theme: cell.theme,
                                   time: cell.time + options.browserTimeShift, x: cell.x, y: cell.y,
                                   width: cell.width, height: cell.height, name: item.name,
                                   tileX: cell.tileX, tileY: cell.tileY, frameWidth: cell.frameWidth,
                                   frameHeight: cell.frameHeight, rightToLeft: item.rightToLeft)
        }
    }
}
