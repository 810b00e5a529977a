// The words of the spec language: node kinds, which attributes each takes, and
// the keyword values of enum attributes. Attribute lists are in the order the
// reference documents them (messages list them in this order too).

enum Keyword: Equatable {
    case skeleton, appearance, animation
    case row, column, repeatNode, rect, circle, capsule, text, spacer

    static let all: [(String, Keyword)] = [
        ("skeleton", .skeleton), ("appearance", .appearance), ("animation", .animation),
        ("row", .row), ("column", .column), ("repeat", .repeatNode),
        ("rect", .rect), ("circle", .circle), ("capsule", .capsule), ("text", .text), ("spacer", .spacer),
    ]

    static func named(_ word: String) -> Keyword? {
        for (spelling, k) in all where spelling.hasSameBytes(as: word) { return k }
        return nil
    }

    var spelling: String {
        for (spelling, k) in Keyword.all where k == self { return spelling }
        return ""
    }

    var isSetting: Bool { self == .appearance || self == .animation }

    /// Nodes that draw (or hold what draws) take `animation=none`; a spacer draws nothing.
    var takesNodeMotion: Bool {
        switch self {
        case .skeleton, .appearance, .animation, .spacer: return false
        default: return true
        }
    }

    static let containerAttributes = ["width", "height", "grow", "gap", "padding", "align", "justify",
                                      "radius", "fill", "dark-fill"]

    /// Attributes (key=value) this kind accepts.
    var attributes: [String] {
        switch self {
        case .skeleton: return ["width", "height", "label", "min-width", "max-width", "widths", "reference-width", "dir"]
        case .appearance: return ["base", "highlight", "background", "dark-base", "dark-highlight", "dark-background"]
        case .animation: return ["duration", "direction", "band", "angle", "delay", "stagger", "easing"]
            + AnimationRhythmWords.attributes
        case .row, .column: return Keyword.containerAttributes
        case .repeatNode: return Keyword.containerAttributes + ["stagger", "columns", "row-gap"]
        case .rect: return ["width", "height", "grow", "radius", "color", "dark-color", "aspect"]
        case .capsule: return ["width", "height", "grow", "radius", "color", "dark-color"]
        case .circle: return ["grow", "color", "dark-color"]
        // `height` only with `lines=fill` (checked where the node is built).
        case .text: return ["lines", "line-height", "spacing", "size", "leading", "type", "last", "radius", "width", "height", "grow", "color", "dark-color"]
        case .spacer: return ["width", "height", "grow"]
        }
    }

    /// Every attribute name of the language, to tell "misplaced" from "unknown".
    static let everyAttribute: [String] = {
        var names: [String] = []
        for (_, k) in all {
            for a in k.attributes where !names.containsBytes(of: a) { names.append(a) }
        }
        return names
    }()

    /// A specific fix for an attribute that exists but not on this kind.
    func hint(forMisplaced name: String) -> String? {
        switch (self, Spelling(name)) {
        case (.circle, "width"), (.circle, "height"):
            return "a circle's size is its diameter: write 'circle 40'"
        case (.circle, "radius"):
            return "a circle is always fully round; give its diameter as 'circle 40'"
        case (.rect, "fill"), (.capsule, "fill"), (.circle, "fill"), (.text, "fill"):
            return "shapes take 'color='; 'fill=' is the surface of a row, column or repeat"
        case (.row, "color"), (.column, "color"), (.repeatNode, "color"):
            return "containers take 'fill=' for a static surface; 'color=' is for shapes"
        case (.row, "columns"), (.column, "columns"), (.row, "row-gap"), (.column, "row-gap"):
            return "a grid is a 'repeat N columns=C'"
        default:
            return nil
        }
    }
}

/// Keyword values of enum attributes.
enum SpecWords {
    static let align: [(String, Align)] = [("start", .start), ("center", .center), ("end", .end), ("stretch", .stretch)]
    static let justify: [(String, Justify)] = [
        ("start", .start), ("center", .center), ("end", .end),
        ("space-between", .spaceBetween), ("space-around", .spaceAround), ("space-evenly", .spaceEvenly),
    ]
    static let animationKind: [(String, AnimationKind)] = [
        ("none", .none), ("gradient", .gradient), ("pulse", .pulse), ("shimmer", .shimmer),
    ]
    static let direction: [(String, SlideDirection)] = [
        ("left-to-right", .leftToRight), ("right-to-left", .rightToLeft),
        ("top-to-bottom", .topToBottom), ("bottom-to-top", .bottomToTop),
        ("top-left-to-bottom-right", .topLeftToBottomRight),
        ("bottom-right-to-top-left", .bottomRightToTopLeft),
    ]
    static let easing: [(String, Easing)] = [
        ("linear", .linear), ("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInOut),
    ]
}

/// Parser-side defaults that Support/Defaults.swift does not cover.
enum SpecDefaults {
    /// `spacer` takes the free space along its parent's main axis (SwiftUI's Spacer),
    /// which in flexbox terms is `flex-grow: 1`.
    static let spacerGrow: Double = 1
    /// Most bars in one `text`: like `repeat`, so a single node cannot draw a
    /// million items.
    static let maxTextLines = Limits.maxRepeat
}
