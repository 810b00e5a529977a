import Foundation
import SkeletonCore

/// Turns the boxes the browser measured into a spec draft (site/guides/fit-the-content.md,
/// "Draft a spec from the content"). Pure: the browser only supplies `CaptureSnapshot`s,
/// so the inference is tested on box fixtures without one.
///
/// Every height in the draft comes from the measured positions (paddings, gaps and
/// spacers take up what shapes do not), so the skeleton is as tall as the content at
/// the captured width: the swap moves nothing below it, which is what `fit` scores.
public enum CaptureDraft {
    /// Where a node sits: in a column (whose content box is `contentWidth` wide; with
    /// `explicit`, every child says its width) or in a row.
    enum Place {
        case column(contentWidth: Double, explicit: Bool)
        case row
    }

    /// A node's spec lines (unindented; children two spaces in) and the box they stand for.
    struct Item {
        var lines: [String]
        var box: Rect
        /// The lines without what varies between copies of one list item (a text's last
        /// line), so those copies become one `repeat`.
        var signature: [String] {
            lines.map { line in
                line.split(separator: " ", omittingEmptySubsequences: false).filter { !$0.hasPrefix("last=") }
                    .joined(separator: " ")
            }
        }
    }

    /// Differences below this are the same position (layout units are 1/64 px).
    static let same = 0.01

    /// The draft of `snapshots` (the first at the reference width; a fluid root is one whose
    /// width follows the viewport in all of them). `listed` are further widths to name in
    /// `widths=`; `file` and `selector` go in the header. Nil when nothing in it draws.
    public static func draft(_ snapshots: [CaptureSnapshot], file: String, selector: String?, listed: [Double]) -> String? {
        guard let first = snapshots.first, let body = item(first.root, .column(contentWidth: first.root.box.width, explicit: false)) else {
            return nil
        }
        let root = first.root
        let fluid = snapshots.count > 1 && snapshots.dropFirst().allSatisfy {
            abs(($0.root.box.width - root.box.width) - ($0.width - first.width)) < 0.5
        }
        var out: [String] = []
        let widths = (fluid ? [first.width] + listed : [first.width]).map(number)
        out.append("# Drafted by skelsite capture from " + file + (selector.map { " (selector " + $0 + ")" } ?? "")
                   + " at " + list(widths) + " px wide: a starting point to edit.")
        var line = "skeleton " + quoted(title(file))
        if fluid {
            line += " width=fill"
            if first.width != 375 { line += " reference-width=" + number(first.width) }
            if !listed.isEmpty { line += " widths=" + listed.map(number).joined(separator: ",") }
        } else {
            line += " width=" + number(root.box.width)
        }
        out.append(line)
        // The content's margins, and a fluid root's distance from the viewport's sides.
        let outer = padding(top: root.box.y, right: fluid ? first.width - root.box.right : 0,
                            bottom: first.after - root.box.bottom, left: fluid ? root.box.x : 0)
        if let outer {
            out.append("  column " + outer)
            out += indent(body.lines, by: 4)
        } else {
            out += indent(body.lines, by: 2)
        }
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: Nodes

    static func item(_ node: CaptureNode, _ place: Place) -> Item? {
        guard node.isVisible else { return nil }
        switch node.kind {
        case .media, .surface: return Item(lines: [shape(node, place)], box: node.box)
        case .text: return text(node, place)
        case .container: return container(node, place)
        case .empty: return nil
        }
    }

    /// `width=` or `grow=` where the place needs one, else nil (stretched across a column).
    static func sizing(_ box: Rect, grow: Double, _ place: Place) -> String? {
        switch place {
        case .column(let contentWidth, let explicit):
            return !explicit && abs(box.width - contentWidth) < same ? nil : "width=" + number(box.width)
        case .row:
            return grow > 0 ? "grow=" + number(grow) : "width=" + number(box.width)
        }
    }

    /// A circle when square and fully round, a capsule when its ends are round, else a rect.
    static func shape(_ node: CaptureNode, _ place: Place) -> String {
        let box = node.box
        let radius = node.radius
        if abs(box.width - box.height) < 0.5, radius * 2 >= box.width - 0.5 {
            return "circle " + number(box.width)
        }
        let capsule = radius > 0 && radius * 2 >= min(box.width, box.height) - 0.5
        var words = [capsule ? "capsule" : "rect"]
        switch sizing(box, grow: node.grow, place) {
        case nil: words.append("height=" + number(box.height))
        case let size? where size.hasPrefix("grow="): words += ["height=" + number(box.height), size]
        default: words.append(number(box.width) + "x" + number(box.height))
        }
        if !capsule, radius.rounded() >= 1 { words.append("radius=" + number(radius.rounded())) }
        return words.joined(separator: " ")
    }

    /// The text's line boxes: rects that share a line (overlap by half the shorter one
    /// vertically) are one line.
    static func lineBoxes(_ rects: [Rect]) -> [Rect] {
        let sorted = rects.filter { $0.width > 0 && $0.height > 0 }.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
        var lines: [Rect] = []
        for rect in sorted {
            if let last = lines.last, min(last.bottom, rect.bottom) - max(last.y, rect.y) > min(last.height, rect.height) / 2 {
                lines[lines.count - 1] = last.union(rect)
            } else {
                lines.append(rect)
            }
        }
        return lines
    }

    /// `text lines=N`: bars as tall as the glyphs' line boxes (whole px), spaced by the
    /// distance between lines, the last as long as the last line; the element's own
    /// room above and below the bars (half-leading, padding) becomes a column's padding.
    static func text(_ node: CaptureNode, _ place: Place) -> Item? {
        let lines = lineBoxes(node.lines ?? [])
        guard let firstLine = lines.first, let lastLine = lines.last else { return nil }
        let box = node.box
        let count = Double(lines.count)
        let heights = lines.map(\.height).sorted()
        var bar = max(1, heights[heights.count / 2].rounded())
        var spacing = 0.0
        if lines.count > 1 {
            spacing = max(0, ((lastLine.y - firstLine.y) / (count - 1) - bar).rounded())
        }
        if count * bar + (count - 1) * spacing > box.height {
            // Lines that overflow their box: bars that fit it, touching.
            spacing = 0
            bar = max(1, (box.height / count).rounded(.down))
        }
        let total = count * bar + (count - 1) * spacing
        let top = min(max(0, (firstLine.y - box.y).rounded()), max(0, box.height - total))
        let bottom = max(0, box.height - top - total)
        let content = node.content ?? box
        let left = max(0, content.x - box.x), right = max(0, box.right - content.right)
        let barWidth = box.width - left - right
        let last = barWidth > 0 ? min(100, max(1, (lastLine.width / barWidth * 100).rounded())) : 100
        var words = "text lines=" + String(lines.count) + " line-height=" + number(bar)
        if lines.count > 1 { words += " spacing=" + number(spacing) }
        if lines.count > 1 || last < 100 { words += " last=" + number(last) + "%" }
        let size = sizing(box, grow: node.grow, place)
        guard let pad = padding(top: top, right: right, bottom: bottom, left: left) else {
            return Item(lines: [words + (size.map { " " + $0 } ?? "")], box: box)
        }
        return Item(lines: ["column " + pad + (size.map { " " + $0 } ?? ""), "  " + words], box: box)
    }

    // MARK: Containers

    static func container(_ node: CaptureNode, _ place: Place) -> Item? {
        let kids = (node.children ?? []).filter(\.isVisible)
        guard !kids.isEmpty else { return nil }
        // A wrapper exactly the size of its one child says nothing the child does not.
        if kids.count == 1, kids[0].box == node.box, var inner = item(kids[0], place) {
            inner.box = node.box
            return inner
        }
        switch arrangement(kids, flex: node.flex) {
        case .row(let items): return row(node.box, items, grow: node.grow, place)
        case .column(let items): return column(node.box, items, grow: node.grow, place)
        }
    }

    enum Arrangement {
        case row([CaptureNode])
        case column([CaptureNode])
    }

    /// Stacked boxes are a column, boxes side by side a row; boxes that do neither (a
    /// wrapped row, a grid) are a column of bands, each band the boxes that share its height.
    static func arrangement(_ kids: [CaptureNode], flex: String?) -> Arrangement {
        if kids.count == 1 { return flex == "row" ? .row(kids) : .column(kids) }
        let byY = kids.sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
        let byX = kids.sorted { ($0.box.x, $0.box.y) < ($1.box.x, $1.box.y) }
        let stacked = zip(byY, byY.dropFirst()).allSatisfy { $1.box.y >= $0.box.bottom - same }
        let sideBySide = zip(byX, byX.dropFirst()).allSatisfy { $1.box.x >= $0.box.right - same }
        if stacked && (!sideBySide || flex != "row") { return .column(byY) }
        if sideBySide { return .row(byX) }
        var bands: [[CaptureNode]] = []
        var bottom = -Double.infinity
        for kid in byY {
            if !bands.isEmpty, kid.box.y < bottom - same {
                bands[bands.count - 1].append(kid)
                bottom = max(bottom, kid.box.bottom)
            } else {
                bands.append([kid])
                bottom = kid.box.bottom
            }
        }
        return .column(bands.map { band in
            guard band.count > 1 else { return band[0] }
            let box = band.dropFirst().reduce(band[0].box) { $0.union($1.box) }
            return CaptureNode(tag: "band", kind: .container, box: box, flex: "row", children: band)
        })
    }

    static func column(_ box: Rect, _ kids: [CaptureNode], grow: Double, _ place: Place) -> Item {
        let top = max(0, kids[0].box.y - box.y)
        let bottom = max(0, box.bottom - (kids.map(\.box.bottom).max() ?? box.bottom))
        let leftEdge = kids.map(\.box.x).min() ?? box.x, rightEdge = kids.map(\.box.right).max() ?? box.right
        let left = max(0, leftEdge - box.x), right = max(0, box.right - rightEdge)
        let contentWidth = box.width - left - right
        // Narrower children at the start need nothing (a stretch column leaves a child
        // with a width at its start); centred or end-aligned ones need `align`, and then
        // every child says its width, as nothing is stretched.
        let narrow = kids.filter { abs($0.box.width - contentWidth) >= same }
        var align: String?
        if !narrow.isEmpty, !narrow.allSatisfy({ abs($0.box.x - (box.x + left)) < same }) {
            let middle = box.x + left + contentWidth / 2
            if narrow.allSatisfy({ abs($0.box.x + $0.box.width / 2 - middle) < 0.5 }) {
                align = "center"
            } else if narrow.allSatisfy({ abs($0.box.right - (box.x + left + contentWidth)) < same }) {
                align = "end"
            }
        }
        let start = box.x + left, end = start + contentWidth
        var items: [Item] = []
        for kid in kids {
            // In a stretch column, a narrower child off the start (a message on the right,
            // a centred label) goes in a row after a spacer (and before one, centred).
            let atStart = abs(kid.box.x - start) < same
            if align == nil, !atStart, abs(kid.box.width - contentWidth) >= same, let inner = item(kid, .row) {
                let centred = abs(kid.box.x + kid.box.width / 2 - (start + end) / 2) < 0.5
                let atEnd = abs(kid.box.right - end) < same
                if atEnd || centred {
                    items.append(Item(lines: ["row", "  spacer"] + indent(inner.lines, by: 2) + (centred ? ["  spacer"] : []),
                                      box: Rect(x: start, y: kid.box.y, width: contentWidth, height: kid.box.height)))
                    continue
                }
            }
            if let plain = item(kid, .column(contentWidth: contentWidth, explicit: align != nil)) { items.append(plain) }
        }
        let merged = repeats(items)
        let pad = padding(top: top, right: right, bottom: bottom, left: left)
        let size = sizing(box, grow: grow, place)
        // A column around one item, with nothing of its own, is that item.
        if merged.count == 1, pad == nil, align == nil, size == nil { return Item(lines: merged[0].lines, box: box) }
        let gaps = zip(merged, merged.dropFirst()).map { max(0, $1.box.y - $0.box.bottom) }
        var words = ["column"]
        var body: [String] = []
        if let gap = gaps.first, gaps.allSatisfy({ abs($0 - gap) < same }) {
            if gap > 0 { words.append("gap=" + number(gap)) }
            body = merged.flatMap(\.lines)
        } else {
            // Uneven gaps: each one a spacer of its height (grow=0, so a taller column
            // does not stretch them).
            for (index, item) in merged.enumerated() {
                if index > 0, gaps[index - 1] > 0 { body.append("spacer height=" + number(gaps[index - 1]) + " grow=0") }
                body += item.lines
            }
        }
        if let pad { words.append(pad) }
        if let align { words.append("align=" + align) }
        if let size { words.append(size) }
        return Item(lines: [words.joined(separator: " ")] + indent(body, by: 2), box: box)
    }

    /// Runs of two or more items with the same structure, evenly spaced, as `repeat N`.
    static func repeats(_ items: [Item]) -> [Item] {
        var out: [Item] = []
        var start = 0
        while start < items.count {
            var end = start + 1
            let gap = end < items.count ? items[end].box.y - items[start].box.bottom : 0
            while end < items.count, items[end].signature == items[start].signature,
                  abs(items[end].box.y - items[end - 1].box.bottom - gap) < same {
                end += 1
            }
            if end - start >= 2 {
                let box = items[start + 1..<end].reduce(items[start].box) { $0.union($1.box) }
                let head = "repeat " + String(end - start) + (gap > 0 ? " gap=" + number(gap) : "")
                out.append(Item(lines: [head] + indent(items[start].lines, by: 2), box: box))
                start = end
            } else {
                out.append(items[start])
                start += 1
            }
        }
        return out
    }

    static func row(_ box: Rect, _ kids: [CaptureNode], grow: Double, _ place: Place) -> Item {
        let contentTop = kids.map(\.box.y).min() ?? box.y, contentBottom = kids.map(\.box.bottom).max() ?? box.bottom
        let top = max(0, contentTop - box.y), bottom = max(0, box.bottom - contentBottom)
        let left = max(0, kids[0].box.x - box.x), right = max(0, box.right - (kids.map(\.box.right).max() ?? box.right))
        let height = contentBottom - contentTop
        let middle = contentTop + height / 2
        var align: String?
        if kids.allSatisfy({ abs($0.box.height - height) < same }) {
            align = nil
        } else if kids.allSatisfy({ abs($0.box.y - contentTop) < same }) {
            align = "start"
        } else if kids.allSatisfy({ abs($0.box.centerY - middle) < 0.5 }) {
            align = "center"
        } else if kids.allSatisfy({ abs($0.box.bottom - contentBottom) < same }) {
            align = "end"
        } else {
            align = "start"
        }
        var items: [Item] = []
        for kid in kids {
            let offset = kid.box.y - contentTop
            if align == "start", offset >= same,
               let inner = item(kid, .column(contentWidth: kid.box.width, explicit: false)) {
                // Lower than the row's top: a column whose top padding puts it there.
                let size = sizing(kid.box, grow: kid.grow, .row).map { " " + $0 } ?? ""
                items.append(Item(lines: ["column padding=\"" + number(offset) + " 0 0 0\"" + size] + indent(inner.lines, by: 2),
                                  box: kid.box))
            } else if let plain = item(kid, .row) {
                items.append(plain)
            }
        }
        let gaps = zip(items, items.dropFirst()).map { max(0, $1.box.x - $0.box.right) }
        var words = ["row"]
        var body: [String] = []
        if let gap = gaps.first, gaps.allSatisfy({ abs($0 - gap) < same }) {
            if gap > 0 { words.append("gap=" + number(gap)) }
            body = items.flatMap(\.lines)
        } else {
            for (index, item) in items.enumerated() {
                if index > 0, gaps[index - 1] > 0 { body.append("spacer width=" + number(gaps[index - 1]) + " grow=0") }
                body += item.lines
            }
        }
        if let pad = padding(top: top, right: right, bottom: bottom, left: left) { words.append(pad) }
        if let align { words.append("align=" + align) }
        if let size = sizing(box, grow: grow, place) { words.append(size) }
        return Item(lines: [words.joined(separator: " ")] + indent(body, by: 2), box: box)
    }

    // MARK: Text of the spec

    /// `padding=…` in its shortest form, or nil when all four are 0.
    static func padding(top: Double, right: Double, bottom: Double, left: Double) -> String? {
        let sides = [top, right, bottom, left].map { max(0, $0) }
        if sides.allSatisfy({ $0 == 0 }) { return nil }
        if sides.allSatisfy({ $0 == sides[0] }) { return "padding=" + number(sides[0]) }
        if sides[0] == sides[2], sides[1] == sides[3] { return "padding=\"" + number(sides[0]) + " " + number(sides[1]) + "\"" }
        return "padding=\"" + sides.map(number).joined(separator: " ") + "\""
    }

    /// A length in points: whole numbers as they are, else to three decimals (the
    /// precision of the component's CSS), trailing zeros dropped.
    static func number(_ value: Double) -> String {
        let thousandths = (value * 1000).rounded()
        if thousandths.truncatingRemainder(dividingBy: 1000) == 0 { return String(Int(thousandths / 1000)) }
        var text = String(format: "%.3f", thousandths / 1000)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
    }

    /// The title from the file's name: `list-row.html` is "List row".
    static func title(_ file: String) -> String {
        var name = (file as NSString).lastPathComponent
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        let words = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// In double quotes, with `\"` and `\\` escaped (site/reference/language.md).
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func indent(_ lines: [String], by spaces: Int) -> [String] {
        let pad = String(repeating: " ", count: spaces)
        return lines.map { pad + $0 }
    }
}
