import Foundation
import SkeletonCore

/// A box in CSS pixels, as the page script reports it: `[x, y, width, height]`, rounded
/// there to Chromium's layout unit, 1/64 px, so sums of boxes are exact in a Double.
extension Rect: Decodable {
    public init(from decoder: Decoder) throws {
        var numbers = try decoder.unkeyedContainer()
        self.init(x: try numbers.decode(Double.self), y: try numbers.decode(Double.self),
                  width: try numbers.decode(Double.self), height: try numbers.decode(Double.self))
    }

    public var centerY: Double { y + height / 2 }
}

/// One element of the content as the page script saw it (CaptureChromium.script).
public struct CaptureNode: Equatable, Sendable, Decodable {
    public enum Kind: String, Sendable, Decodable {
        /// Element children laid out in boxes of their own.
        case container
        /// Inline text only: its line boxes are in `lines`.
        case text
        /// An image, video, svg, canvas, iframe: a shape of its box.
        case media
        /// A box that paints (a background or a border) and holds no boxes of its own,
        /// such as a coloured avatar, a divider, a button or a chat bubble: a shape too.
        case surface
        /// Nothing visible: its room is kept by the positions of what is around it.
        case empty
    }

    public var tag: String
    public var kind: Kind
    /// The border box.
    public var box: Rect
    /// The content box (the border box less border and padding).
    public var content: Rect?
    /// CSS `flex-grow`, as a flex item.
    public var grow: Double
    /// `row` or `column` when it is a flex container (a hint for one child; boxes decide otherwise).
    public var flex: String?
    /// The top-left corner's radius in px (a percentage resolved against the shorter side).
    public var radius: Double
    /// The rects of its text (Range.getClientRects over every text node), text only.
    public var lines: [Rect]?
    public var children: [CaptureNode]?

    public init(tag: String, kind: Kind, box: Rect, content: Rect? = nil, grow: Double = 0, flex: String? = nil,
                radius: Double = 0, lines: [Rect]? = nil, children: [CaptureNode]? = nil) {
        self.tag = tag
        self.kind = kind
        self.box = box
        self.content = content
        self.grow = grow
        self.flex = flex
        self.radius = radius
        self.lines = lines
        self.children = children
    }

    enum CodingKeys: String, CodingKey {
        case tag, kind, box, content, grow, flex, radius, lines, children
    }

    public init(from decoder: Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        tag = try keys.decode(String.self, forKey: .tag)
        kind = try keys.decode(Kind.self, forKey: .kind)
        box = try keys.decode(Rect.self, forKey: .box)
        content = try keys.decodeIfPresent(Rect.self, forKey: .content)
        grow = try keys.decodeIfPresent(Double.self, forKey: .grow) ?? 0
        flex = try keys.decodeIfPresent(String.self, forKey: .flex)
        radius = try keys.decodeIfPresent(Double.self, forKey: .radius) ?? 0
        lines = try keys.decodeIfPresent([Rect].self, forKey: .lines)
        children = try keys.decodeIfPresent([CaptureNode].self, forKey: .children)
    }

    /// Whether anything in it would draw a shape.
    var isVisible: Bool {
        switch kind {
        case .media, .surface: return box.width > 0 && box.height > 0
        case .text: return !(lines ?? []).isEmpty
        case .container: return (children ?? []).contains { $0.isVisible }
        case .empty: return false
        }
    }
}

/// What the page script measured at one viewport width.
public struct CaptureSnapshot: Equatable, Sendable, Decodable {
    /// The frame's width (the viewport).
    public var width: Double
    /// Where the page continues after the content: the top of a block placed after it.
    public var after: Double
    public var root: CaptureNode

    public init(width: Double, after: Double, root: CaptureNode) {
        self.width = width
        self.after = after
        self.root = root
    }
}
