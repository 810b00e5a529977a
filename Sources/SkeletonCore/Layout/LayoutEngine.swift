/// Flexbox layout of a spec: the positions the painter paints and the HTML emitter
/// must reproduce in a browser.
///
/// # The CSS this layout is equal to
///
/// The HTML emitter mirrors exactly this mapping; a browser laying it out at the
/// spec's width puts every box where this engine does.
///
/// Every node is one `div` with, in addition to what is listed per kind:
///
///     box-sizing: border-box; display: flex; flex-shrink: 0; flex-basis: auto;
///     min-width: 0; min-height: 0; margin: 0; border: 0;
///     flex-grow: G;                   (G = grow=, default 0; see spacer and text)
///     width: W; height: H;            (Npx, N%, or omitted for auto)
///
/// - `flex-shrink: 0` everywhere: a skeleton is a fixed design, so a 56-point avatar
///   stays 56 points; overflow stays visible instead of silently squashing shapes.
/// - `min-width: 0; min-height: 0` removes CSS's content-based `auto` minimum (with no
///   shrinking it can only matter for percentage sizes; zero keeps both engines equal).
/// - The root `skeleton`: `flex-direction: column; width: {spec.width}px;` and
///   `height: {spec.height}px` when given, else auto (the content's height).
///   `align-items: stretch; justify-content: flex-start; gap: 0; padding: 0`.
/// - `row` / `column`: `flex-direction: row | column; gap: {gap}px;
///   padding: T R B L (px); align-items: flex-start | center | flex-end | stretch;
///   justify-content: flex-start | center | flex-end | space-between | space-around |
///   space-evenly; border-radius: {radius}px; background: {fill}` (fill only with `fill=`).
/// - `repeat N`: a `column` (same properties) whose flex items are N consecutive
///   copies of its children, flattened: copy 0's children, then copy 1's, ... with
///   `gap` between every two items (no wrapper per copy).
/// - `repeat N columns=C`: a grid, one cell `div` per copy (GridLayout.swift has the
///   CSS: `display: grid`, C `minmax(0, 1fr)` columns, the gaps, `align-content`).
/// - `repeat fill`, `text lines=fill`: counted once from this layout (FillResolver),
///   then laid out as the plain count; every renderer sees the resolved spec.
/// - `rect`, `capsule`: an empty div. Auto width/height = 0 content, so an auto
///   cross size stretches when the parent aligns `stretch`, and an auto main size is 0.
/// - `circle D`: `width: Dpx; height: Dpx`.
/// - `spacer`: an empty div with `flex-grow: G` where G = grow= if given, else 1.
///   It takes the free space along its parent's main axis and draws nothing.
/// - `text`: a div with `flex-direction: column; gap: {spacing}px` holding `lines`
///   bar divs of `height: {lineHeight}px; width: 100%` (the last: `width: {last}%`),
///   so its auto height is lines·lineHeight + (lines − 1)·spacing.
///   Its auto width stretches across a column parent: it gets `align-self: stretch`
///   there, whatever the parent's align (a paragraph spans its column). In a row it
///   is an ordinary item of max-content width 0: give it `width=` or `grow=`.
///   An explicit `width=` is used as is (no stretch).
///
/// # Sizes
/// - Percentages resolve against the parent's content box along the same axis.
///   A percentage *height* in a parent whose height is not definite behaves as auto
///   (as in CSS). Heights are definite for: the root with `height=`, any node with
///   `height=N`, a percentage height in a definite parent, an item stretched in a
///   row (CSS flexbox §9.4 step 11), and every item of a column whose own height is
///   definite (§9.8). Widths are always definite.
/// - Max-content width of a `row` is the sum of its items' widths plus gaps plus
///   padding; of a `column`, the widest item plus padding. Auto-width shapes and text
///   contribute 0, percentages contribute as auto (their content).
/// - A non-stretched auto-width item in a column takes its max-content width.
/// - Free space along the main axis (only when positive) goes to items in
///   proportion to flex-grow; when the grow factors sum to less than 1, each item
///   gets free·grow (CSS's rule for fractional factors).
/// - A box is never smaller than its padding (CSS floors the content box at zero).
/// - Justify with negative free space: `space-between` acts as `flex-start`,
///   `space-around` and `space-evenly` as `center` (CSS flexbox §8.2); `center`
///   and `flex-end` overflow on both/the start side.
///
/// # Items
/// Paint order is tree order: a container that `paintsSurface` (`fill=` or
/// `dark-fill=`) emits a `.surface` item (its border box, its `radius`, default 0)
/// before its children's items. Every item carries its node's number (`node`). Shapes emit
/// `.shape` items: rect radius default 0; circle and capsule default to half the
/// shorter side; text emits one `.textLine` per bar, at y = top + i·(lineHeight +
/// spacing), the last bar `lastLineFraction` of the text's width, radius default 0.
/// Every radius is clamped to [0, half the item's shorter side]. Items of copy i of a
/// `repeat` get `timeOffset` + i·stagger (stagger = the repeat's `stagger=`, else the
/// animation's); nested repeats add up.
public enum LayoutEngine {
    /// Lays a spec out at its own width, CSS flexbox semantics for the subset.
    public static func layout(_ spec: Spec) -> SpecLayout {
        var engine = FlexEngine(defaultStagger: spec.animation.stagger)
        return run(spec, &engine)
    }

    /// The layout, and the border box of every node keyed by its position (the first
    /// copy's inside a `repeat`; the root `skeleton` under `spec.position`). For
    /// exporters that rebuild the spec's tree in another layout system.
    public static func layoutWithNodeFrames(_ spec: Spec) -> (layout: SpecLayout, frames: [SourcePosition: Rect]) {
        var engine = FlexEngine(defaultStagger: spec.animation.stagger, recordingFrames: true)
        let layout = run(spec, &engine)
        return (layout, engine.nodeFrames ?? [:])
    }

    // Not inlined: layout and FillResolver share this one copy (the wasm module's
    // size budget).
    @inline(never)
    static func run(_ spec: Spec, _ engine: inout FlexEngine) -> SpecLayout {
        let root = Node(kind: .column, position: spec.position, width: .points(spec.width),
                        height: spec.height.map { .points($0) } ?? .auto, children: spec.children)
        let width = max(0, spec.width)
        let height = max(0, spec.height ?? engine.naturalHeight(root, width: width))
        // The root is not a spec node: its children are numbered from 0.
        engine.place(root, number: -1, frame: Rect(x: 0, y: 0, width: width, height: height),
                     definiteHeight: spec.height != nil, timeOffset: 0)
        if spec.mirrored {
            // Right to left (site/reference/layout.md, "Direction"): laid out as written,
            // then every box mirrored across the component, so rows, alignments and a
            // text's shorter last line all change sides together.
            engine.mirror(width: width)
        }
        return SpecLayout(width: width, height: height, items: engine.items)
    }
}
