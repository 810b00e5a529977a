import Foundation
import SkeletonCore

/// How `fit` reports: a line per case on standard output, one `path:line:column: error:`
/// per failing spec naming the widths and numbers that fail, and the `--json` file.
public enum FitReport {
    /// A number as reports print it: at most `places` decimals, no trailing zeros.
    public static func number(_ value: Double, places: Int = 2) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.\(places)f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// A signed difference: `+4`, `-2.5`, `0`.
    static func signed(_ value: Double) -> String {
        let text = number(value)
        return value > 0 && text != "0" ? "+" + text : (text == "-0" ? "0" : text)
    }

    /// A shift score: six decimals, as the figures are small (0.0045 for a row 4 px short).
    public static func score(_ value: Double) -> String { number(value, places: 6) }

    static func theme(_ theme: Theme) -> String { theme == .dark ? "dark" : "light" }

    static func passes(_ result: FitResult, threshold: Double) -> Bool { result.shift.score <= threshold }

    /// `ok   a.md:3 w=360 light  size +0×+4  shift 0.004525 (chromium 0.004525)`, then
    /// one indented line per part that differs.
    public static func text(_ results: [FitResult], threshold: Double) -> String {
        var out = ""
        for result in results {
            let item = result.item
            out += (passes(result, threshold: threshold) ? "ok   " : "FAIL ") + item.path + ":" + String(item.line)
                + " w=" + number(item.width) + " " + theme(item.theme)
                + "  size " + signed(result.delta.width) + "×" + signed(result.delta.height)
                + "  shift " + score(result.shift.score)
                + (result.browserShift.map { " (chromium " + score($0) + ")" } ?? "") + "\n"
            for part in result.parts where !part.matches {
                out += "     part " + part.name + ": at " + signed(part.dx) + "," + signed(part.dy)
                    + " size " + signed(part.dwidth) + "×" + signed(part.dheight) + "\n"
            }
            if result.unmatchedParts > 0 {
                out += "     " + String(result.unmatchedParts) + " marked part(s) of the content have no shape to match\n"
            }
        }
        return out
    }

    /// One diagnostic per spec with a failing case: every failing width and theme with its figures.
    public static func diagnostics(_ results: [FitResult], threshold: Double) -> [String] {
        var order: [String] = []
        var failing: [String: [FitResult]] = [:]
        for result in results where !passes(result, threshold: threshold) {
            let key = result.item.path + ":" + String(result.item.line) + ":" + String(result.item.column)
            if failing[key] == nil { order.append(key) }
            failing[key, default: []].append(result)
        }
        return order.map { key in
            let cases = failing[key] ?? []
            let figures = cases.map { result in
                "w=" + number(result.item.width) + " " + theme(result.item.theme) + ": content "
                    + number(result.content.width) + "×" + number(result.content.height) + " against skeleton "
                    + number(result.skeleton.width) + "×" + number(result.skeleton.height) + " ("
                    + signed(result.delta.width) + "×" + signed(result.delta.height) + "), shift "
                    + score(result.shift.score) + (result.browserShift.map { " (chromium " + score($0) + ")" } ?? "")
            }
            return key + ": error: the skeleton does not fit its content: swapping them shifts the page by more than "
                + score(threshold) + " at " + figures.joined(separator: "; ")
        }
    }

    /// The `--json` file: every case with its boxes and scores.
    public static func json(_ results: [FitResult], threshold: Double) -> String {
        func box(_ b: FitBox) -> [String: Any] { ["x": b.x, "y": b.y, "width": b.width, "height": b.height] }
        let cases: [[String: Any]] = results.map { result in
            var entry: [String: Any] = [
                "path": result.item.path, "line": result.item.line, "width": result.item.width,
                "theme": theme(result.item.theme), "engine": "chromium",
                "viewport": box(result.viewport), "skeleton": box(result.skeleton), "content": box(result.content),
                "delta": ["width": result.delta.width, "height": result.delta.height],
                "shift": ["score": result.shift.score, "impact": result.shift.impact, "distance": result.shift.distance],
                "pass": passes(result, threshold: threshold),
                "parts": result.parts.map { ["name": $0.name, "shape": box($0.shape), "content": box($0.content)] },
            ]
            entry["browserShift"] = result.browserShift ?? NSNull()
            return entry
        }
        let object: [String: Any] = ["threshold": threshold, "viewportHeight": FitMeasure.viewportHeight, "cases": cases]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
