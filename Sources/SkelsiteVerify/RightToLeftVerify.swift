import SkelSite
import SkeletonCore

/// A `dir=auto` component follows its page's direction (site/reference/layout.md,
/// "Direction"), so verify checks it twice: left to right against its usual frames,
/// then in a `dir="rtl"` cell against the painter's mirrored frames, the frames of its
/// mirrored PNGs. The second item's spec is the mirrored one (the painter's and the
/// sheet's); the page shows the spec as written, whose own CSS must do the mirroring.
enum RightToLeftVerify {
    /// Each fixed-width `dir=auto` item, then its right-to-left check; others once. A
    /// fluid one is checked left to right only: its container's width is set from the
    /// left, and its mirrored PNGs are not made (site/reference/layout.md). So is every
    /// one shown as a web component: its rules live in a shadow root, which does not see
    /// the page's `dir` attribute, so it stays left to right.
    static func expand(_ items: [VerifySpec], form: VerifyForm = .html) -> [VerifySpec] {
        guard form == .html else { return items }
        var out: [VerifySpec] = []
        out.reserveCapacity(items.count)
        for item in items {
            out.append(item)
            guard item.spec.dir == .auto, item.spec.fluid == nil, !item.rightToLeft else { continue }
            var mirrored = item
            mirrored.spec = item.spec.rightToLeft()
            mirrored.pageSpec = item.spec
            out.append(mirrored)
        }
        return out
    }

    /// Whether a cell is `dir="rtl"`: a right-to-left check, and every fixed-width
    /// component pinned to a direction (`dir=ltr` or `dir=rtl`), which must still match
    /// its PNGs there: that checks the pin. A fluid one's container stays where it is.
    static func rightToLeftCell(_ cell: VerifyPage.Cell) -> Bool {
        cell.rightToLeft || (cell.spec.fluid == nil && cell.spec.dir != .auto)
    }
}
