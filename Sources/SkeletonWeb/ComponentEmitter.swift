import SkeletonCore

/// The shippable HTML and CSS of one component.
public struct WebComponent: Equatable, Sendable {
    /// Deterministic scope class, e.g. "sk-3f2a9c1b" (derived from the spec's content).
    public var scope: String
    public var html: String
    public var css: String
    public init(scope: String, html: String, css: String) {
        self.scope = scope
        self.html = html
        self.css = css
    }
}

/// How to emit a component. The default is the shippable, live component.
public struct EmitOptions: Equatable, Hashable, Sendable {
    /// Freeze every animation at this time (seconds on the painter's clock, i.e. after
    /// the `delay`): animations are paused at that phase and the component shows at
    /// once. Used by `skelsite verify` to photograph the frame the painter draws at t.
    /// nil (default) = the live component.
    public var frozenAt: Double?
    /// Disambiguator for the scope class. 0 (default) is the plain content hash; any
    /// other value gives a different, equally deterministic scope for the same spec.
    /// A page that holds two different components whose 32-bit scope hashes collide
    /// re-emits the second with salt 1, 2, … until its scope is free on that page.
    public var salt: Int
    public init(frozenAt: Double? = nil, salt: Int = 0) {
        self.frozenAt = frozenAt
        self.salt = salt
    }
}

/// Spec + layout → HTML and scoped CSS. Pure and deterministic: same input, same bytes.
///
/// Markup (the HTML mirrors the spec tree, one `div` per node, flexbox per the mapping
/// in LayoutEngine.swift):
///
///     <div class="sk-XXXXXXXX" dir="ltr" [lang="fr"] role="status" aria-busy="true" aria-live="polite">
///       <span class="sk-label">Loading Title…</span>
///       <div class="sk-c" aria-hidden="true"> …nodes… </div>
///     </div>
///
/// No inline style or script: everything is in `css`, every selector scoped by the class.
///
/// # How the CSS reproduces docs/rendering-rules.md (checked by `skelsite verify`)
///
/// - Layout: one `div` per node, flexbox per LayoutEngine's documented mapping; the
///   component box is `spec.width` wide (and `spec.height` tall when given), clips its
///   overflow (the painter's image ends there too) and paints the theme background.
/// - Colours: custom properties `--sk-b` (base), `--sk-h` (highlight), `--sk-h0`
///   (highlight at alpha 0), `--sk-bg` per theme. Items with `color=`/`fill=` get
///   their own rule in every theme block; in dark an item falls back to its light
///   colour, then the base (the painter's rule); a surface with no colour for a theme
///   is transparent.
/// - Shimmer: each shape has `overflow: hidden` and an `::after` layer holding the band
///   (`linear-gradient(90deg, h0, h, h0)` over width B = band·L, so the strength is the
///   painter's tent k). The layer is `matrix(ux, uy, vx, vy, ox, oy)` with u the sweep
///   axis, v ⟂ u, and (ox, oy) the point p = pmin − B, q = qₛ − 1 minus the shape's
///   position, where [qₛ, qₛ'] is the shape's own stretch across the sweep and the
///   layer is qₛ' − qₛ + 2 tall: every shape's layer is the same band in component
///   coordinates, so the bands line up into one, and no layer is larger than its shape
///   needs (a browser rasterises and composites each). The one keyframes rule animates `translate` (compositor
///   only) from 0 to (L + B)·u with the spec's easing: centre c(t) = pmin − B/2 + e·(L + B).
///   The ends fade to the highlight at alpha 0 rather than `transparent`, so the result
///   does not depend on the colour space the browser interpolates in.
/// - Gradient: the same layer, L wide, static, spanning pmin...pmax.
/// - Per-shape sweeps (`scope=shape`): each shape's layer is its own band over its own
///   box (ShapeSweepLayer), moved by one shared `transform` keyframes rule.
/// - Pulse: `opacity` keyframes from → to → from (1 → 0.5 → 1 by default), the easing
///   forwards on the way down and mirrored on the way back (the painter's rule).
/// - Rhythm: the keyframes are `Animation.cycleKeys` (CycleKeyframes), over the whole
///   cycle T = `Animation.period`: a rest (`interval`) holds the band past the end edge
///   or the pulse at `from`; `repeat=reverse` adds the return sweep.
/// - Stagger: a shape with time offset o gets `animation-delay` ≡ o (mod T), taken in
///   (−T, 0] so it is mid-cycle at once, exactly like the painter's (t − o) mod T.
/// - Delay and fade: the component root runs an opacity animation 0 → 1 over `fade`
///   (0 s by default) with fill `both`, delayed by `delay`; every shape's delay is
///   increased by `delay` so the timeline starts when the component shows (the
///   painter's t = 0).
/// - Ending: `aria-busy="false"` on the root, set by the app when loading is over,
///   hides the component (fading it over `fade` when given).
/// - Reduced motion (`prefers-reduced-motion: reduce` or an ancestor
///   `[data-motion="reduce"]`): shimmer layers are removed and pulse stops, i.e. the
///   t = 0 frame. The static gradient and the appearance delay are not motion and stay.
/// - Forced themes: `[data-theme="light"|"dark"] .sk-X` outranks the media query by one
///   attribute of specificity. Limitation: with two nested `data-theme` ancestors the
///   dark rule wins (CSS cannot select the nearest ancestor).
public enum ComponentEmitter {
    /// `label` names what is loading in the accessible label ("Loading <label>…"; default:
    /// the spec's title); a spec's own `label=` wins (`Spec.accessibleLabel`).
    public static func emit(_ spec: Spec, layout: SpecLayout, label: String? = nil) -> WebComponent {
        emit(spec, layout: layout, label: label, options: EmitOptions())
    }

    public static func emit(_ spec: Spec, layout: SpecLayout, label: String?, options: EmitOptions) -> WebComponent {
        let scope = ScopeHash.scope(for: spec, options: options)
        var markup = MarkupBuilder(items: layout.items, mirrored: spec.mirrored)
        markup.write(spec.children, indent: 4)
        // dir="ltr": the spec is drawn as written whatever the page's direction; in a
        // right-to-left page the rows would otherwise mirror while the band, placed in
        // left-based coordinates, would not (site/reference/layout.md, "Direction").
        // A document language (front matter or project `lang`) goes on the root, so the
        // label is read in it wherever the component is pasted; a right-to-left one also
        // gives the label its direction (the shapes stay left to right).
        var language = ""
        var labelDirection = ""
        if let tag = spec.labelLanguage {
            // LabelLanguage keeps only letters, digits and hyphens: nothing to escape.
            language = " lang=\"" + tag.tag + "\""
            if spec.label == nil, tag.words?.rightToLeft == true { labelDirection = " dir=\"rtl\"" }
        }
        // `dir=rtl` pins right to left; `dir=auto` pins nothing and follows the page.
        let pin = spec.dir == .auto ? "" : spec.mirrored ? " dir=\"rtl\"" : " dir=\"ltr\""
        var html = "<div class=\"" + scope + "\"" + pin + language + " role=\"status\" aria-busy=\"true\" aria-live=\"polite\">\n"
        html += "  <span class=\"sk-label\"" + labelDirection + ">" + HTMLText.escape(spec.accessibleLabel(name: label)) + "</span>\n"
        html += "  <div class=\"sk-c\" aria-hidden=\"true\">\n"
        html += markup.html
        html += "  </div>\n</div>\n"
        var css = StyleSheet(spec: spec, layout: layout, scope: scope, options: options, markup: markup).write()
        if spec.dir == .auto { css += rightToLeftRules(spec, scope: scope, options: options) }
        return WebComponent(scope: scope, html: html, css: css)
    }

    /// `dir=auto` in a right-to-left page: the stylesheet of the mirrored spec, every
    /// selector's scope class put under `[dir="rtl"]` (an ancestor's attribute, one
    /// selector more, so these win over the left-to-right rules; not `:dir(rtl)`, which the
    /// Nu HTML checker's CSS validator rejects) and its sweep keyframes (the component's and
    /// each node motion's) renamed, as the bands move the other way (site/reference/layout.md, "Direction"). The theme's colour
    /// rules are left out: the left-to-right ones fit the mirrored items too, and under
    /// `[dir="rtl"]` they would outrank `[data-theme]`'s, which stand on the same element
    /// as `dir` or above it, and paint a dark component light.
    static func rightToLeftRules(_ spec: Spec, scope: String, options: EmitOptions) -> String {
        let mirrored = spec.rightToLeft()
        let layout = LayoutEngine.layout(mirrored)
        var markup = MarkupBuilder(items: layout.items, mirrored: true)
        markup.write(mirrored.children, indent: 4)
        var sheet = StyleSheet(spec: mirrored, layout: layout, scope: scope, options: options, markup: markup)
        sheet.themes = false
        let css = sheet.write()
        let selector = Array(("." + scope).utf8), narrowed = Array(("[dir=\"rtl\"] ." + scope).utf8)
        let sweep = Array((scope + "-sweep").utf8), renamed = Array((scope + "-rtl-sweep").utf8)
        // A node's own motion's keyframes (NodeMotionStyle: SCOPE-mK) move the other way too.
        let own = Array((scope + "-m").utf8), ownRenamed = Array((scope + "-rtl-m").utf8)
        let bytes = Array(css.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 4)
        // `[data-motion="reduce"] .s …` stays as it is: after the mirrored sweep, at its
        // specificity, it wins whether the attribute stands on `dir`'s element or not.
        let reduced = Array(("[data-motion=\"reduce\"] ." + scope).utf8)
        var i = 0
        while i < bytes.count {
            if bytes.hasPrefix(reduced, at: i) {
                out += reduced
                i += reduced.count
            } else if bytes.hasPrefix(selector, at: i) {
                out += narrowed
                i += selector.count
            } else if bytes.hasPrefix(sweep, at: i) {
                out += renamed
                i += sweep.count
            } else if bytes.hasPrefix(own, at: i) {
                out += ownRenamed
                i += own.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension Array where Element == UInt8 {
    /// Whether `prefix` occurs at `index`.
    func hasPrefix(_ prefix: [UInt8], at index: Int) -> Bool {
        guard index + prefix.count <= count else { return false }
        var k = 0
        while k < prefix.count {
            if self[index + k] != prefix[k] { return false }
            k += 1
        }
        return true
    }
}
