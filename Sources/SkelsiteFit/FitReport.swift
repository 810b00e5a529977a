import Foundation
import SkeletonCore
import SkelSite

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
    /// one indented line per part that differs. `namesEngine` (a run in another engine
    /// than Chromium, or in several): the engine follows the spec, as in `verify`,
    /// `ok   a.md:3 firefox w=360 light  size 0×0  shift 0`.
    public static func text(_ results: [FitResult], threshold: Double, namesEngine: Bool = false) -> String {
        var out = ""
        for result in results {
            let item = result.item
            out += (passes(result, threshold: threshold) ? "ok   " : "FAIL ") + item.path + ":" + String(item.line)
                + (namesEngine ? " " + result.engine.rawValue : "") + " w=" + number(item.width) + " " + theme(item.theme)
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

    /// The closing line: `1 specs with content, 2 cases, 0 above the threshold 0`,
    /// one per engine (`firefox: 1 specs …`) when `namesEngine`.
    public static func summaries(_ results: [FitResult], engines: [BrowserEngine], threshold: Double,
                                 namesEngine: Bool = false) -> [String] {
        engines.map { engine in
            let measured = results.filter { $0.engine == engine }
            let specs = Set(measured.map { $0.item.path + ":" + String($0.item.line) }).count
            let failing = measured.filter { !passes($0, threshold: threshold) }.count
            return (namesEngine ? engine.rawValue + ": " : "") + "\(specs) specs with content, \(measured.count) cases, "
                + "\(failing) above the threshold " + score(threshold)
        }
    }

    /// One diagnostic per spec (and engine) with a failing case: every failing width and
    /// theme with its figures. `namesEngine`: the message says which engine measured it.
    public static func diagnostics(_ results: [FitResult], threshold: Double, namesEngine: Bool = false) -> [String] {
        var order: [String] = []
        var failing: [String: [FitResult]] = [:]
        for result in results where !passes(result, threshold: threshold) {
            let key = result.item.path + ":" + String(result.item.line) + ":" + String(result.item.column)
                + "\u{0}" + result.engine.rawValue
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
            let at = String(key.split(separator: "\u{0}")[0])
            let engine = cases.first.map { " in " + $0.engine.displayName } ?? ""
            return at + ": error: the skeleton does not fit its content" + (namesEngine ? engine : "")
                + ": swapping them shifts the page by more than " + score(threshold) + " at " + figures.joined(separator: "; ")
        }
    }

    /// What a part that does not fit its shape is: a warning by default, an error under
    /// `--strict-parts` or `[fit] parts = "error"` (site/guides/fit-the-content.md, "Parts").
    public enum PartSeverity: String, Sendable {
        case warning, error
    }

    /// `x,y w×h`: a box relative to its root's top left.
    static func boxText(_ box: Rect) -> String {
        number(box.x) + "," + number(box.y) + " " + number(box.width) + "×" + number(box.height)
    }

    /// One line per part that differs from its shape by more than
    /// `FitMeasure.partTolerance`, whatever the shift, at the spec node that draws the
    /// shape: `a.md:6:5: warning: part 'title' does not fit its shape at w=360 light
    /// and dark: content 16,16 328×20, shape 16,16 328×16`. Themes (and engines) that
    /// measured the same two boxes share a line.
    public static func partDiagnostics(_ results: [FitResult], severity: PartSeverity = .warning,
                                       namesEngine: Bool = false) -> [String] {
        struct Group {
            var at: String
            var path: String
            var line: Int
            var column: Int
            var name: String
            var width: Double
            var content: Rect
            var shape: Rect
            var themes: [Theme] = []
            var engines: [BrowserEngine] = []
        }
        var groups: [Group] = []
        var positions: [String: [SourcePosition]] = [:]
        for result in results {
            let item = result.item
            let specKey = item.path + ":" + String(item.line) + ":" + number(item.width)
            if positions[specKey] == nil { positions[specKey] = FitRun.nodePositions(item.spec) }
            for part in result.parts where !part.matches {
                var position = SourcePosition(line: item.line, column: item.column)
                if let nodes = positions[specKey], part.node >= 0, part.node < nodes.count { position = nodes[part.node] }
                let at = item.path + ":" + String(position.line) + ":" + String(position.column)
                // First the themes of one engine, then engines that saw the same.
                if let index = groups.firstIndex(where: {
                    $0.at == at && $0.name == part.name && $0.width == item.width && $0.content == part.content
                        && $0.shape == part.shape && $0.engines == [result.engine]
                }) {
                    if !groups[index].themes.contains(item.theme) { groups[index].themes.append(item.theme) }
                } else {
                    groups.append(Group(at: at, path: item.path, line: position.line, column: position.column, name: part.name,
                                        width: item.width, content: part.content, shape: part.shape,
                                        themes: [item.theme], engines: [result.engine]))
                }
            }
        }
        var merged: [Group] = []
        for group in groups {
            if let index = merged.firstIndex(where: {
                $0.at == group.at && $0.name == group.name && $0.width == group.width && $0.content == group.content
                    && $0.shape == group.shape && $0.themes == group.themes
            }) {
                merged[index].engines += group.engines
            } else {
                merged.append(group)
            }
        }
        // In file order, whichever engine saw it first.
        let ordered = merged.enumerated().sorted { a, b in
            (a.element.path, a.element.line, a.element.column, a.offset) < (b.element.path, b.element.line, b.element.column, b.offset)
        }.map(\.element)
        return ordered.map { group in
            let engines = namesEngine ? " in " + list(group.engines.map(\.displayName)) : ""
            return group.at + ": " + severity.rawValue + ": part '" + group.name + "' does not fit its shape at w="
                + number(group.width) + " " + group.themes.map(theme).joined(separator: " and ") + engines
                + ": content " + boxText(group.content) + ", shape " + boxText(group.shape)
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ words: [String]) -> String {
        guard words.count > 2 else { return words.joined(separator: " and ") }
        return words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
    }

    /// The `--json` file: every case with its boxes and scores. `browserShift` is null
    /// where the engine has no `layout-shift` entries (Firefox, WebKit).
    public static func json(_ results: [FitResult], threshold: Double, engines: [BrowserEngine] = [.chromium]) -> String {
        func box(_ b: Rect) -> [String: Any] { ["x": b.x, "y": b.y, "width": b.width, "height": b.height] }
        var positions: [String: [SourcePosition]] = [:]
        let cases: [[String: Any]] = results.map { result in
            let specKey = result.item.path + ":" + String(result.item.line) + ":" + number(result.item.width)
            if positions[specKey] == nil { positions[specKey] = FitRun.nodePositions(result.item.spec) }
            let nodes = positions[specKey] ?? []
            var entry: [String: Any] = [
                "path": result.item.path, "line": result.item.line, "width": result.item.width,
                "theme": theme(result.item.theme), "engine": result.engine.rawValue,
                "viewport": box(result.viewport), "skeleton": box(result.skeleton), "content": box(result.content),
                "delta": ["width": result.delta.width, "height": result.delta.height],
                "shift": ["score": result.shift.score, "impact": result.shift.impact, "distance": result.shift.distance],
                "pass": passes(result, threshold: threshold),
                "parts": result.parts.map { part -> [String: Any] in
                    var entry: [String: Any] = ["name": part.name, "shape": box(part.shape), "content": box(part.content),
                                                "fits": part.matches]
                    if part.node >= 0, part.node < nodes.count {
                        entry["shapeLine"] = nodes[part.node].line
                        entry["shapeColumn"] = nodes[part.node].column
                    }
                    return entry
                },
            ]
            entry["browserShift"] = result.browserShift ?? NSNull()
            return entry
        }
        let object: [String: Any] = ["threshold": threshold, "viewportHeight": FitMeasure.viewportHeight,
                                     "partTolerance": FitMeasure.partTolerance, "engines": engines.map(\.rawValue),
                                     "cases": cases]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
