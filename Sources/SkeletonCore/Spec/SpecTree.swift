// The parsed spec: the contract between the parser and everything downstream
// (layout, painter, HTML/CSS emitter, wasm exports). Every default is already
// resolved here, so downstream code never needs to know what was omitted.

/// An 8-bit sRGB colour with straight alpha.
public struct RGBA: Equatable, Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
}

/// A size: `auto` (content or flex decides), points, or a percentage (0...100)
/// of the parent's content box along the same axis.
public enum Length: Equatable, Hashable, Sendable {
    case auto
    case points(Double)
    case percent(Double)
}

/// Padding in points, CSS order.
public struct Insets: Equatable, Hashable, Sendable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double
    public init(top: Double = 0, right: Double = 0, bottom: Double = 0, left: Double = 0) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }
}

/// Cross-axis alignment of a container's children (CSS `align-items`).
/// The default is `stretch`, as in CSS.
public enum Align: Equatable, Hashable, Sendable {
    case start, center, end, stretch
}

/// Main-axis distribution (CSS `justify-content`). Default `start`.
public enum Justify: Equatable, Hashable, Sendable {
    case start, center, end, spaceBetween, spaceAround, spaceEvenly
}

public enum AnimationKind: Equatable, Hashable, Sendable {
    case none, gradient, pulse, shimmer
}

/// SkeletonView's six sliding directions. Each maps to an angle in CSS's
/// `linear-gradient` convention (0deg points up, 90deg points right).
public enum SlideDirection: Equatable, Hashable, Sendable {
    case leftToRight, rightToLeft, topToBottom, bottomToTop
    case topLeftToBottomRight, bottomRightToTopLeft

    public var cssDegrees: Double {
        switch self {
        case .leftToRight: return 90
        case .rightToLeft: return 270
        case .topToBottom: return 180
        case .bottomToTop: return 0
        case .topLeftToBottomRight: return 135
        case .bottomRightToTopLeft: return 315
        }
    }
}

public enum Easing: Equatable, Hashable, Sendable {
    case linear, easeIn, easeOut, easeInOut
}

/// Colours for both themes, resolved (defaults applied).
public struct Appearance: Equatable, Hashable, Sendable {
    public var base: RGBA
    public var highlight: RGBA
    public var background: RGBA
    public var darkBase: RGBA
    public var darkHighlight: RGBA
    public var darkBackground: RGBA
    public init(base: RGBA, highlight: RGBA, background: RGBA,
                darkBase: RGBA, darkHighlight: RGBA, darkBackground: RGBA) {
        self.base = base
        self.highlight = highlight
        self.background = background
        self.darkBase = darkBase
        self.darkHighlight = darkHighlight
        self.darkBackground = darkBackground
    }
}

/// The component's animation, resolved. Times are in seconds.
///
/// - `band`: width of the shimmer band along the sweep axis, as a fraction of the
///   sweep length (default 0.4: the highlight spans ±0.2 around its centre).
/// - `angle`: the sweep angle in CSS degrees; defaults to `direction.cssDegrees`,
///   and `angle=` overrides it.
/// - `delay`: how long the component stays invisible before it shows (CSS only;
///   the painter's t = 0 is the moment it shows).
/// - `stagger`: default per-copy offset for `repeat` children.
/// - Rhythm (Rules/AnimationRhythm.swift): `interval`, a rest after each sweep or pulse;
///   `repeatMode`, whether the next sweep restarts or comes back; `pulseFrom`/`pulseTo`,
///   the pulse's opacities; `scope`, one band per component or per shape; `fade`, how
///   long the component takes to appear after its delay (and to go when it ends).
/// - `intensity`: the fraction of the shimmer band, centred, held at the full highlight
///   (Facebook Shimmer's intensity; 0, a plain tent, by default).
/// - `iterations`: how many cycles run before the component rests in its end state;
///   0 (the default) runs forever.
/// - `bandShape`: the shimmer band as a stripe across the sweep (the default) or a
///   disc travelling along it (Facebook Shimmer's radial shape).
public struct Animation: Equatable, Hashable, Sendable {
    public var kind: AnimationKind
    public var duration: Double
    public var direction: SlideDirection
    public var band: Double
    public var angle: Double
    public var delay: Double
    public var stagger: Double
    public var easing: Easing
    public var interval: Double
    public var repeatMode: AnimationRepeat
    public var pulseFrom: Double
    public var pulseTo: Double
    public var scope: SweepScope
    public var fade: Double
    public var intensity: Double
    public var iterations: Int
    public var bandShape: BandShape
    public init(kind: AnimationKind, duration: Double, direction: SlideDirection, band: Double,
                angle: Double, delay: Double, stagger: Double, easing: Easing,
                interval: Double = 0, repeatMode: AnimationRepeat = .restart,
                pulseFrom: Double = Defaults.pulseFrom, pulseTo: Double = Defaults.pulseTo,
                scope: SweepScope = .component, fade: Double = 0, intensity: Double = 0, iterations: Int = 0,
                bandShape: BandShape = .linear) {
        self.bandShape = bandShape
        self.kind = kind
        self.duration = duration
        self.direction = direction
        self.band = band
        self.angle = angle
        self.delay = delay
        self.stagger = stagger
        self.easing = easing
        self.interval = interval
        self.repeatMode = repeatMode
        self.pulseFrom = pulseFrom
        self.pulseTo = pulseTo
        self.scope = scope
        self.fade = fade
        self.intensity = intensity
        self.iterations = iterations
    }
}

/// `repeat=` on `animation`: after a sweep the next one starts over from the start
/// edge (`restart`), or runs back the way it came (`reverse`).
public enum AnimationRepeat: Equatable, Hashable, Sendable {
    case restart, reverse
}

/// `scope=` on `animation`: one band (or gradient) across the whole component, or one
/// across each shape's own box.
public enum SweepScope: Equatable, Hashable, Sendable {
    case component, shape
}

/// `band-shape=` on `animation shimmer` (site/reference/animation.md, "A radial band"):
/// a stripe across the sweep, or a disc of the band's width whose centre travels along
/// the sweep axis through the middle of the box the band crosses.
public enum BandShape: Equatable, Hashable, Sendable {
    case linear, radial
}

/// Metrics of a `text` node's bars.
public struct TextMetrics: Equatable, Hashable, Sendable {
    public var lines: Int
    public var lineHeight: Double
    public var spacing: Double
    /// Width of the last line as a fraction of the full width (0...1); 1 when lines == 1
    /// unless `last=` was given explicitly.
    public var lastLineFraction: Double
    /// `lines=fill`: `lines` is as many bars as fit the text's height, counted by
    /// `FillResolver` (0 until then).
    public var fillsHeight: Bool
    /// Empty space above the first bar and below the last: half of the leading that
    /// `size=` and `leading=` give (site/reference/text.md, "Sizes from type"), so the
    /// block is `lines` × leading tall, as the text it stands in for; 0 otherwise.
    public var inset: Double
    public init(lines: Int, lineHeight: Double, spacing: Double, lastLineFraction: Double, fillsHeight: Bool = false,
                inset: Double = 0) {
        self.lines = lines
        self.lineHeight = lineHeight
        self.spacing = spacing
        self.lastLineFraction = lastLineFraction
        self.fillsHeight = fillsHeight
        self.inset = inset
    }
}

public enum NodeKind: Equatable, Hashable, Sendable {
    case row
    case column
    /// Children repeated `count` times, laid out as a column.
    case `repeat`(count: Int)
    case rect
    case circle
    case capsule
    case text(TextMetrics)
    case spacer

    public var isContainer: Bool {
        switch self {
        case .row, .column, .repeat: return true
        default: return false
        }
    }
}

/// One node of the layout tree, with every attribute resolved.
///
/// Invariants (the parser guarantees them):
/// - only containers have children;
/// - `circle D` has width == height == .points(D);
/// - `radius` is nil when not given (shapes then use their kind's natural radius:
///   0 for rect and text, half the shorter side for circle and capsule).
public struct Node: Equatable, Hashable, Sendable {
    public var kind: NodeKind
    /// Where the node's keyword starts, in the file's own line numbers.
    public var position: SourcePosition
    public var width: Length
    public var height: Length
    public var grow: Double
    public var gap: Double
    public var padding: Insets
    public var align: Align
    public var justify: Justify
    public var radius: Double?
    /// Static surface colour of a container (a card); nil when none.
    public var fill: RGBA?
    public var darkFill: RGBA?
    /// Shape colour override (`color=` / `dark-color=`); nil means the theme's base.
    public var color: RGBA?
    public var darkColor: RGBA?
    /// Animation time offset of each copy of a `repeat` (seconds); nil = animation's stagger.
    public var stagger: Double?
    /// `repeat … columns=C`: the copies form a grid of C equal columns, one cell per
    /// copy; nil: a list (the copies' children flattened into one column).
    public var columns: Int?
    /// `row-gap=` of a grid `repeat`: space between its rows; nil: `gap`.
    public var rowGap: Double?
    /// `repeat fill`: the count is as many copies as fit the repeat's height, counted by
    /// `FillResolver` (0 until then).
    public var fillsHeight: Bool
    /// `aspect=W:H` of a `rect`: its height is its width × H / W (width / aspect)
    /// when no height is given; nil: no ratio (site/reference/rect.md).
    public var aspect: Double?
    /// `animation=none` on this node or an ancestor: its shapes are painted in their
    /// colour, without the component's animation (site/reference/animation.md, "A still node").
    public var still = false
    /// A kind or timing of its own for this node and its subtree (an `animation=` other
    /// than `none` here or on an ancestor); nil: the component's. Its shimmer is a band
    /// per shape (site/reference/animation.md, "Motion per node").
    public var motion: Animation?
    /// `name=`: the part of the content this node stands in for (its
    /// `data-skeleton="…"`), as bytes; empty when unnamed. It draws nothing.
    public var name: [UInt8] = []
    public var children: [Node]

    public init(kind: NodeKind, position: SourcePosition, width: Length = .auto, height: Length = .auto,
                grow: Double = 0, gap: Double = 0, padding: Insets = Insets(), align: Align = .stretch,
                justify: Justify = .start, radius: Double? = nil, fill: RGBA? = nil, darkFill: RGBA? = nil,
                color: RGBA? = nil, darkColor: RGBA? = nil, stagger: Double? = nil, columns: Int? = nil,
                rowGap: Double? = nil, fillsHeight: Bool = false, children: [Node] = []) {
        self.columns = columns
        self.rowGap = rowGap
        self.fillsHeight = fillsHeight
        self.kind = kind
        self.position = position
        self.width = width
        self.height = height
        self.grow = grow
        self.gap = gap
        self.padding = padding
        self.align = align
        self.justify = justify
        self.radius = radius
        self.fill = fill
        self.darkFill = darkFill
        self.color = color
        self.darkColor = darkColor
        self.stagger = stagger
        self.children = children
    }
}

/// `skeleton width=fill` or `width=N%`: the component fits its container
/// (site/reference/skeleton.md, "Fluid width"). The spec's `width` is then its reference
/// width, the one its PNGs show.
public struct FluidWidth: Equatable, Hashable, Sendable {
    /// Share of the container's width, 0 < percent ≤ 100 (`fill`: 100).
    public var percent: Double
    public var minWidth: Double?
    public var maxWidth: Double?
    /// `widths=320,768`: further widths the reference PNGs are drawn at, in the order
    /// written (the reference width itself is the spec's `width`).
    public var listedWidths: [Double]
    public init(percent: Double, minWidth: Double? = nil, maxWidth: Double? = nil, listedWidths: [Double] = []) {
        self.percent = percent
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.listedWidths = listedWidths
    }

    /// `width` kept within min-width and max-width.
    public func clamp(_ width: Double) -> Double {
        min(max(width, minWidth ?? 0), maxWidth ?? Limits.maxDimension)
    }
}

/// `dir=` on the `skeleton` line (site/reference/layout.md, "Direction"): `ltr` draws
/// the spec as written in any page, `rtl` mirrored in any page, `auto` follows the page.
public enum SpecDirection: Equatable, Hashable, Sendable {
    case ltr, rtl, auto
}

/// One parsed `skeleton` block.
public struct Spec: Equatable, Hashable, Sendable {
    public var title: String?
    /// Component width in points (default 375).
    public var width: Double
    /// Fixed height in points, or nil for the content's height.
    public var height: Double?
    public var appearance: Appearance
    public var animation: Animation
    /// The root's layout children, laid out as a column.
    public var children: [Node]
    /// Position of the `skeleton` keyword.
    public var position: SourcePosition
    /// `label=`: what assistive technology announces, verbatim; nil means
    /// "Loading <title>…" (`accessibleLabel`).
    public var label: String?
    /// The document language (front matter or project `lang`) the default label is
    /// written in; nil: English (`accessibleLabel`). `label=` is used as written.
    public var labelLanguage: LabelLanguage?
    /// nil: a fixed width (`width` points). Else the component fits its container and
    /// `width` is its reference width.
    public var fluid: FluidWidth?
    /// `dir=`: which page directions the component follows.
    public var dir = SpecDirection.ltr
    /// Drawn mirrored, as in a right-to-left page: the layout's boxes are mirrored
    /// across the component (x' = W - x - w) and the sweep's angle with them
    /// (`rightToLeft()`). Set by `dir=rtl`.
    public var mirrored = false

    /// The spec as drawn in a right-to-left page: mirrored for `dir=auto` and `dir=rtl`
    /// (already so), unchanged for `dir=ltr`.
    public func rightToLeft() -> Spec {
        guard dir != .ltr, !mirrored else { return self }
        var copy = self
        copy.mirrored = true
        copy.animation.angle = Spec.mirroredAngle(animation.angle)
        // Nodes with a motion of their own sweep at their own angles: mirrored with it.
        copy.children = children.map { $0.mirroringMotion() }
        return copy
    }

    /// A sweep angle across the vertical: its horizontal component negated, a → 360 − a
    /// (in [0, 360)). Applying it twice gives the angle back, modulo 360.
    public static func mirroredAngle(_ angle: Double) -> Double {
        var mirrored = 360 - angle.truncatingRemainder(dividingBy: 360)
        if mirrored >= 360 { mirrored -= 360 }
        return mirrored
    }

    /// The same spec laid out at another width (a fluid spec's other widths).
    public func at(width: Double) -> Spec {
        var copy = self
        copy.width = width
        return copy
    }

    public init(title: String?, width: Double, height: Double?, appearance: Appearance,
                animation: Animation, children: [Node], position: SourcePosition, label: String? = nil,
                labelLanguage: LabelLanguage? = nil) {
        self.title = title
        self.label = label
        self.labelLanguage = labelLanguage
        self.width = width
        self.height = height
        self.appearance = appearance
        self.animation = animation
        self.children = children
        self.position = position
    }
}

public enum Theme: Equatable, Hashable, Sendable {
    case light, dark
}

extension Node {
    /// This node with its own motion's angle, and every descendant's, mirrored
    /// (`Spec.mirroredAngle`): part of `Spec.rightToLeft()`, and its own inverse.
    public func mirroringMotion() -> Node {
        var copy = self
        if var motion { motion.angle = Spec.mirroredAngle(motion.angle); copy.motion = motion }
        copy.children = children.map { $0.mirroringMotion() }
        return copy
    }
}
