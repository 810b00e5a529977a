import Foundation
import SkelSite
import SkeletonCore

/// What one case measured.
public struct FitResult {
    public var item: FitCase
    /// The engine that measured it.
    public var engine: BrowserEngine = .chromium
    public var skeleton: Rect
    public var content: Rect
    public var viewport: Rect
    public var delta: (width: Double, height: Double)
    /// Our score of the swap (FitMeasure.score), with its two factors.
    public var shift: (score: Double, impact: Double, distance: Double)
    /// The browser's own `layout-shift` entries after the swap, summed; nil where it has
    /// none (Firefox and WebKit do not implement the Layout Instability API).
    public var browserShift: Double?
    public var parts: [FitMeasure.Part]
    /// How many of the content's marked parts found no shape (and shapes no part).
    public var unmatchedParts: Int
    public var unmatchedShapes: Int
}

/// `skelsite fit`: finds the specs with content, measures each at each width in both
/// themes, scores the swaps.
public enum FitRun {
    /// The specs with content under `source` and every problem found on the way
    /// (specs that do not parse, bad content references), as `path:line:column: error:` lines.
    public static func cases(in source: URL, displayPrefix: String = "",
                             project: InheritedSettings = InheritedSettings()) throws -> (cases: [FitCase], problems: [String]) {
        let found = try VerifySpecs.find(in: source, displayPrefix: displayPrefix, project: project)
        var problems = found.problems
        var cases: [FitCase] = []
        var scanned: [String: SpecContentScanner.Found] = [:]
        var columns: [String: [Int: Int]] = [:]
        for spec in found.specs {
            if scanned[spec.path] == nil {
                let text = String(decoding: try Data(contentsOf: source.appendingPathComponent(spec.path)), as: UTF8.self)
                let result = SpecContentScanner.scan(markdown: text, relative: spec.path, source: source, displayPrefix: displayPrefix)
                scanned[spec.path] = result
                problems += result.problems
                var byLine: [Int: Int] = [:]
                for block in SpecBlocks.find(inMarkdown: text) { byLine[block.fenceLine] = block.columnOffset + 1 }
                columns[spec.path] = byLine
            }
            guard let content = scanned[spec.path]?.content[spec.line] else { continue }
            for width in widths(spec.spec) {
                for theme in [Theme.light, Theme.dark] {
                    cases.append(FitCase(path: spec.path, line: spec.line, column: columns[spec.path]?[spec.line] ?? 1,
                                         spec: spec.spec.fluid == nil ? spec.spec : spec.spec.at(width: width),
                                         content: content, theme: theme))
                }
            }
        }
        // Problems in file order, as verify reports them.
        return (cases, problems)
    }

    /// A fixed spec's width; a fluid one's reference width and each listed width.
    public static func widths(_ spec: Spec) -> [Double] {
        guard let fluid = spec.fluid else { return [spec.width] }
        var widths = [spec.width]
        for width in fluid.listedWidths where !widths.contains(width) { widths.append(width) }
        return widths
    }

    /// Measures `cases` in `browser`, lights before darks (one colour scheme at a time).
    /// Content with nothing to measure is a problem at its spec (once per spec), not a result.
    public static func measure(_ cases: [FitCase], in browser: FitBrowser) throws -> (results: [FitResult], problems: [String]) {
        var results: [FitResult?] = Array(repeating: nil, count: cases.count)
        var problems: [String] = []
        for theme in [Theme.light, Theme.dark] {
            let indices = cases.indices.filter { cases[$0].theme == theme }
            let raw = try browser.measure(indices.map { cases[$0] })
            for (index, value) in zip(indices, raw) {
                do {
                    results[index] = try result(cases[index], value, engine: browser.engine)
                } catch let empty as EmptyContent {
                    if !problems.contains(empty.description) { problems.append(empty.description) }
                }
            }
        }
        return (results.compactMap { $0 }, problems)
    }

    struct EmptyContent: Error, CustomStringConvertible {
        var description: String
    }

    /// One case's figures from the script's answer.
    static func result(_ item: FitCase, _ value: [String: Any], engine: BrowserEngine = .chromium) throws -> FitResult {
        func box(_ any: Any?) -> Rect? {
            guard let numbers = any as? [Any], numbers.count == 4 else { return nil }
            let v = numbers.compactMap { ($0 as? NSNumber)?.doubleValue }
            guard v.count == 4, v.allSatisfy(\.isFinite) else { return nil }
            return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        let before = value["before"] as? [String: Any] ?? [:]
        let after = value["content"] as? [String: Any] ?? [:]
        guard let skeleton = box(before["root"]), let blockBefore = box(before["after"]), let blockAfter = box(after["after"]),
              let size = value["viewport"] as? [Any], size.count == 2,
              let viewWidth = (size[0] as? NSNumber)?.doubleValue, let viewHeight = (size[1] as? NSNumber)?.doubleValue else {
            throw FitFailure(description: "the browser's measures of \(item.path):\(item.line) are incomplete: \(value)")
        }
        guard let content = box(after["root"]) else {
            throw EmptyContent(description: item.path + ":" + String(item.line) + ":" + String(item.column)
                               + ": error: the content (" + item.content.origin + ") has no element to measure")
        }
        let viewport = Rect(x: 0, y: 0, width: viewWidth, height: viewHeight)
        let shapes = (before["shapes"] as? [Any] ?? []).compactMap(box)
        let nodes = (before["nodes"] as? [Any] ?? []).map { ($0 as? NSNumber)?.intValue ?? -1 }
        let marked: [(name: String, box: Rect)] = (after["parts"] as? [Any] ?? []).compactMap { any in
            guard let pair = any as? [Any], pair.count == 2, let name = pair[0] as? String, let b = box(pair[1]) else { return nil }
            return (name, b)
        }
        let names = FitNames.of(item.spec)
        let named: [(node: Int, box: Rect)] = (before["named"] as? [Any] ?? []).compactMap { any in
            guard let pair = any as? [Any], pair.count == 2, let node = (pair[0] as? NSNumber)?.intValue,
                  let b = box(pair[1]) else { return nil }
            return (node, b)
        }
        let parts = names.isEmpty
            ? FitMeasure.parts(shapes: shapes, nodes: nodes.count == shapes.count ? nodes : [], skeletonRoot: skeleton,
                               marked: marked, contentRoot: content)
            : FitMeasure.parts(named: named, names: names, skeletonRoot: skeleton, marked: marked, contentRoot: content)
        return FitResult(item: item, engine: engine, skeleton: skeleton, content: content, viewport: viewport,
                         delta: FitMeasure.rootDelta(skeleton: skeleton, content: content),
                         shift: FitMeasure.score([FitMeasure.Move(before: blockBefore, after: blockAfter)], viewport: viewport),
                         browserShift: (value["browser"] as? NSNumber)?.doubleValue, parts: parts,
                         unmatchedParts: max(0, marked.count - (names.isEmpty ? shapes.count : parts.count)),
                         unmatchedShapes: marked.isEmpty ? 0 : max(0, (names.isEmpty ? shapes.count : named.count)
                                                                       - (names.isEmpty ? marked.count : parts.count)))
    }

    /// Where each spec node starts, by its pre-order number (MarkupBuilder's `sk-nK`: a
    /// `repeat`'s children numbered once, none under an empty one).
    public static func nodePositions(_ spec: Spec) -> [SourcePosition] {
        var out: [SourcePosition] = []
        func walk(_ nodes: [Node]) {
            for node in nodes {
                out.append(node.position)
                if case .repeat(let count) = node.kind, count <= 0 { continue }
                walk(node.children)
            }
        }
        walk(spec.children)
        return out
    }
}
