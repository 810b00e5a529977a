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

    /// Reads a fluid root's bounds, its reference width (the one the PNGs, the strip
    /// and the playground show: `reference-width=`, else 375 kept within the bounds)
    /// and its listed widths (`widths=`, more PNGs).
    mutating func finishFluid(_ tokens: [(String, SpecToken)], _ line: SpecLine) {
        var draft = fluidDraft
        var reference: (Double, SpecToken)?
        var listed: [ListedWidth] = []
        for (name, token) in tokens {
            guard draft != nil else {
                error(name + " applies to a fluid component; write width=fill or a percentage, like 'width=fill min-width=280'",
                      line.line, token.column)
                continue
            }
            if name.hasSameBytes(as: "widths") {
                listed = listedWidths(token, line)
                continue
            }
            let value = check(SpecValues.points(token.value, name, positive: true), token, line)
            if name.hasSameBytes(as: "reference-width") {
                reference = value.map { ($0, token) }
            } else if name.hasSameBytes(as: "min-width") {
                draft?.minWidth = value
            } else {
                draft?.maxWidth = value
            }
        }
        guard var fluid = draft else { return }
        if let low = fluid.minWidth, let high = fluid.maxWidth, low > high {
            error("min-width is more than max-width", line.line, line.column)
        }
        width = fluid.clamp(Defaults.width)
        if let (value, token) = reference {
            if fluid.clamp(value) == value {
                width = value
            } else {
                error("reference-width \(SpecText.show(token.value)) is outside min-width and max-width", line.line, token.valueColumn)
            }
        }
        for item in listed {
            let shown = SpecText.show(item.text)
            if fluid.clamp(item.value) != item.value {
                error("width \(shown) in widths is outside min-width and max-width", line.line, item.column)
            } else if item.value == width {
                error("width \(shown) in widths is the reference width, drawn already; list only other widths", line.line, item.column)
            } else if fluid.listedWidths.contains(item.value) {
                error("width \(shown) is listed twice in widths", line.line, item.column)
            } else {
                fluid.listedWidths.append(item.value)
            }
        }
        self.fluid = fluid
    }

    /// At most this many listed widths (each is four more PNGs in every build).
    static let maxListedWidths = 6

    struct ListedWidth {
        var value: Double
        var text: [UInt8]
        var column: Int
    }

    /// `widths=320,768`: each width with its text and column.
    mutating func listedWidths(_ token: SpecToken, _ line: SpecLine) -> [ListedWidth] {
        var out: [ListedWidth] = []
        var start = 0
        let bytes = token.value
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: 0x2C) ?? bytes.count
            guard out.count < Self.maxListedWidths else {
                error("widths lists more than \(Self.maxListedWidths) widths", line.line, token.valueColumn + start)
                return out
            }
            let text = Array(bytes[start..<end])
            switch SpecValues.points(text, "widths", positive: true) {
            case .success(let v): out.append(ListedWidth(value: v, text: text, column: token.valueColumn + start))
            case .failure(let problem): error(problem.message, line.line, token.valueColumn + start)
            }
            start = end + 1
        }
        return out
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
