/// The colours a component paints with in one theme, resolved from its `appearance`
/// (docs/rendering-rules.md, "Paint order"). The painter fills with them and the CSS
/// emitter writes them as the custom properties `--sk-b`, `--sk-h` and `--sk-bg`, so
/// both read them here.
public struct ThemeColours: Equatable, Sendable {
    /// Shapes without a colour of their own.
    public var base: RGBA
    /// The shimmer band and the gradient's middle.
    public var highlight: RGBA
    /// The whole image (the component box in CSS).
    public var background: RGBA
}

extension Appearance {
    /// The light colours in the light theme, the `dark-…` ones in the dark theme.
    public func colours(for theme: Theme) -> ThemeColours {
        switch theme {
        case .light: return ThemeColours(base: base, highlight: highlight, background: background)
        case .dark: return ThemeColours(base: darkBase, highlight: darkHighlight, background: darkBackground)
        }
    }
}

extension LayoutItem {
    /// The item's own colour in `theme` (`fill=` of a surface, `color=` of a shape):
    /// in dark the dark colour, else the light one, because `fill=` and `color=` are the
    /// author's explicit choice and `dark-…=` only refines it. nil when it has none: a
    /// shape then paints in the theme's base, a surface not at all.
    public func ownColour(in theme: Theme) -> RGBA? {
        switch theme {
        case .light: return lightColor
        case .dark: return darkColor ?? lightColor
        }
    }
}
