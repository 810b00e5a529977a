import SkeletonCore

/// The last spec text parsed and laid out. The playground renders the same text
/// at every animation frame; re-parsing it sixty times a second would be waste.
/// The wasm module is single-threaded, so one unsynchronised slot is enough.
struct CompiledSpec {
    var source: [UInt8]
    var result: ParseResult
    var layout: SpecLayout?
}

nonisolated(unsafe) private var lastCompiled: CompiledSpec? = nil

/// What every spec compiled from now on inherits (the `inherit` export): the settings
/// of the page a spec came from, so the playground paints what the site shipped.
nonisolated(unsafe) private var inherited = InheritedSettings()

/// Backdrops of the last compiled spec, one per scale and theme met since it was
/// compiled (nil: the spec's surfaces cover earlier shapes, paint frames whole).
nonisolated(unsafe) private var backdrops: [(scale: Int, theme: Theme, backdrop: Backdrop?)] = []

enum SpecCache {
    /// Parses and lays out `source`, or returns the previous result when the bytes
    /// are the same as last time.
    static func compile(_ source: [UInt8]) -> CompiledSpec {
        if let last = lastCompiled, last.source == source {
            return last
        }
        let result = SpecParser.parseWithinBounds(source, inheriting: inherited)
        let layout = result.spec.map { LayoutEngine.layout($0) }
        let compiled = CompiledSpec(source: source, result: result, layout: layout)
        lastCompiled = compiled
        backdrops = []
        return compiled
    }

    /// Sets what later specs inherit; the cached spec is dropped when that changes.
    static func inherit(_ settings: InheritedSettings) {
        // Compared as bytes: String's == would link Unicode tables into the module.
        guard !settings.canonicalText.utf8.elementsEqual(inherited.canonicalText.utf8) else { return }
        inherited = settings
        lastCompiled = nil
        backdrops = []
    }

    /// The frame at `time`: the spec's backdrop for this scale and theme (made on first
    /// use) plus its shapes, which is what changes between an animation's frames; the
    /// same pixels as `Painter.paint` (see `Backdrop`).
    static func frame(_ spec: Spec, layout: SpecLayout, time: Double, scale: Int, theme: Theme) -> RGBAImage {
        var backdrop: Backdrop?
        if let known = backdrops.first(where: { $0.scale == scale && $0.theme == theme }) {
            backdrop = known.backdrop
        } else {
            backdrop = Backdrop.make(spec, layout: layout, scale: scale, theme: theme)
            backdrops.append((scale, theme, backdrop))
        }
        guard let backdrop else {
            return Painter.paint(spec, layout: layout, time: time, scale: scale, theme: theme)
        }
        return Painter.paint(spec, layout: layout, time: time, backdrop: backdrop)
    }
}
