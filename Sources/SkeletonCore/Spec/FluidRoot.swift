// A fluid root: `skeleton width=fill` or `width=90%`, with `min-width=` and
// `max-width=` (site/reference/skeleton.md, "Fluid width"), and `rect aspect=W:H`, whose
// height follows its width (site/reference/rect.md). Kept small: it is in the
// playground's wasm module, which has a size budget.

extension SpecParseRun {
    /// The percentage of a fluid `width=` (`fill` is 100), 0 after reporting a bad one;
    /// nil when the width is in points.
    mutating func fluidPercent(_ token: SpecToken, _ line: SpecLine) -> Double? {
        if FillWords.isFill(token) { return 100 }
        guard token.value.last == 0x25 else { return nil }
        guard case .percent(let p)? = check(SpecValues.length(token.value, "width"), token, line) else { return 0 }
        if p == 0 { error("width must be more than 0%", line.line, token.valueColumn) }
        return p
    }

    /// Reads a fluid root's bounds; its reference width (the one the PNGs show) is
    /// 375 kept within them.
    mutating func finishFluid(_ tokens: [(String, SpecToken)], _ line: SpecLine) {
        var draft = fluidDraft
        for (name, token) in tokens {
            guard draft != nil else {
                error(name + " applies to a fluid component; write width=fill or a percentage, like 'width=fill min-width=280'",
                      line.line, token.column)
                continue
            }
            let value = check(SpecValues.points(token.value, name, positive: true), token, line)
            if name.hasSameBytes(as: "min-width") { draft?.minWidth = value } else { draft?.maxWidth = value }
        }
        guard let fluid = draft else { return }
        if let low = fluid.minWidth, let high = fluid.maxWidth, low > high {
            error("min-width is more than max-width", line.line, line.column)
        }
        width = fluid.clamp(Defaults.width)
        self.fluid = fluid
    }

    /// A per-shape band is placed in points inside each shape, which a fluid component
    /// resizes: not available there (yet), said at the root line.
    mutating func checkFluidScope() {
        guard fluid != nil, rhythm.scope == .shape else { return }
        error("scope=shape does not apply to a fluid component; use the one band of scope=component, or a fixed width",
              rootPosition.line, rootPosition.column)
    }
}

extension SpecValues {
    /// `aspect=16:9`: width to height, each side a number more than 0; the ratio W / H.
    static func aspect(_ v: [UInt8]) -> Result<Double, ValueProblem> {
        let shown = SpecText.show(v)
        guard let colon = v.firstIndex(of: 0x3A), case .success(let w) = SpecNumber.decimal(v[..<colon]),
              case .success(let h) = SpecNumber.decimal(v[(colon + 1)...]) else {
            return .failure(ValueProblem(message: "invalid aspect '\(shown)'; expected width:height like 16:9"))
        }
        if w.negative || h.negative || w.value() == 0 || h.value() == 0 {
            return .failure(ValueProblem(message: "aspect \(shown) needs both sides more than 0, like 16:9"))
        }
        return .success(w.value() / h.value())
    }
}
