import SkelSite
import Foundation
import SkeletonCore

/// Reporting, a run's last step (VerifyRun.verify): the order results are listed in,
/// whatever order the scheduler's walks finished in, and the files of failing frames.
/// The terminal lines, the JSON file and the per-engine summaries are VerifyReport's.
enum VerifyResultOrder {
    /// By spec (in `items`' order), engine (chromium, firefox, webkit), scale (in
    /// `scales`' order), theme (light first) and time; then a fluid spec's widths at one
    /// time in their checked order, whatever the packing: a shard's run (VerifyShard)
    /// packs other sheets, and its report must list the frames as an unsharded run does
    /// (VerifyMerge); then as photographed.
    static func sorted(_ results: [VerifyResult], items: [VerifySpec], scales: [Int]) -> [VerifyResult] {
        let specIndex = Dictionary(items.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let itemIndex = Dictionary(items.enumerated().map {
            ($1.name + "@" + ($1.checkedWidth.map { String($0) } ?? "") + ($1.rightToLeft ? "@rtl" : ""), $0)
        }, uniquingKeysWith: { first, _ in first })
        func item(_ r: VerifyResult) -> Int {
            itemIndex[r.component + "@" + (r.width.map { String($0) } ?? "") + (r.rightToLeft ? "@rtl" : "")] ?? 0
        }
        return results.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            let keyX = [specIndex[x.component] ?? 0, BrowserEngine.allCases.firstIndex(of: x.engine)!,
                        scales.firstIndex(of: x.scale) ?? 0, x.theme == .light ? 0 : 1]
            let keyY = [specIndex[y.component] ?? 0, BrowserEngine.allCases.firstIndex(of: y.engine)!,
                        scales.firstIndex(of: y.scale) ?? 0, y.theme == .light ? 0 : 1]
            if keyX != keyY { return keyX.lexicographicallyPrecedes(keyY) }
            if x.time != y.time { return x.time < y.time }
            if item(x) != item(y) { return item(x) < item(y) }
            return a.offset < b.offset
        }.map(\.element)
    }
}

extension VerifyRun {
    /// `f_md_1-w320-webkit-dark-1x-t0.5`: a failing frame's file names; a fluid spec's
    /// width is in them, so its two checked widths do not overwrite each other.
    static func failureStem(_ r: VerifyResult) -> String {
        var stem = ""
        for c in r.component.unicodeScalars {
            stem.unicodeScalars.append(CharacterSet.alphanumerics.contains(c) ? c : "_")
        }
        return stem + (r.width.map { "-w" + VerifyReport.number($0) } ?? "") + (r.rightToLeft ? "-rtl" : "") + "-" + r.engine.rawValue + "-"
            + VerifyReport.themeName(r.theme) + "-" + String(r.scale) + "x-t" + VerifyReport.number(r.time)
    }

    /// A failing frame's browser, painter and diff PNGs (`verify --failures FOLDER`).
    func writeFailure(_ frame: Compared, folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stem = Self.failureStem(frame.result)
        try UserFile.write(PNGEncoder.encode(frame.browser), to: folder.appendingPathComponent(stem + "-browser.png").path)
        try UserFile.write(PNGEncoder.encode(frame.painted), to: folder.appendingPathComponent(stem + "-painter.png").path)
        if let diff = frame.diff {
            try UserFile.write(PNGEncoder.encode(diff), to: folder.appendingPathComponent(stem + "-diff.png").path)
        }
    }
}
