// Sizes from type on `text` (site/reference/text.md, "Sizes from type"): `size=` and
// `leading=`, the font size and line height of the text a block stands in for, as
// react-loading-skeleton and MUI size their bars from the font.

/// One of `size=` / `leading=` as written, and its value when it was a valid length.
typealias TypeAttribute = (token: SpecToken, value: Double?)

extension SpecParseRun {
    /// The font size and leading when `size=` and `leading=` are both given and valid;
    /// reports half a pair, a leading below the size, and `line-height=` / `spacing=`
    /// beside them (`metricsToken`: the first of those), which would say the same twice.
    mutating func typeMetrics(size: TypeAttribute?, leading: TypeAttribute?, metricsToken: SpecToken?,
                              _ line: SpecLine) -> (size: Double, leading: Double)? {
        guard size != nil || leading != nil else { return nil }
        if let metricsToken {
            error("line-height= and spacing= follow from size= and leading=; give one or the other",
                  line.line, metricsToken.column)
            return nil
        }
        guard let size else {
            error("text leading= needs size=, the font size of the text it stands in for (for example size=16 leading=24)",
                  line.line, leading!.token.column)
            return nil
        }
        guard let leading else {
            error("text size= needs leading=, the line height of the text it stands in for (for example size=16 leading=24)",
                  line.line, size.token.column)
            return nil
        }
        guard let fontSize = size.value, let lineHeight = leading.value else { return nil }
        if lineHeight < fontSize {
            error("leading=" + SpecText.show(leading.token.value) + " is less than size=" + SpecText.show(size.token.value)
                  + ": a line is at least as tall as its font", line.line, leading.token.column)
            return nil
        }
        return (fontSize, lineHeight)
    }
}
