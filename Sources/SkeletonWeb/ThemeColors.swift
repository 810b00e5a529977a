import SkeletonCore

/// Which colour each element paints in each theme.
enum ThemeColors {
    /// Colour of a layout item in `theme`, nil when it paints with the theme's base
    /// (shapes) or nothing (a surface without a fill in this theme).
    /// A shape or surface with a light colour only keeps it in dark mode: `color=` and
    /// `fill=` are the author's explicit choice, and `dark-…=` refines it.
    static func itemColor(_ item: LayoutItem, _ theme: Theme) -> RGBA? {
        switch theme {
        case .light: return item.lightColor
        case .dark: return item.darkColor ?? item.lightColor
        }
    }

    /// The custom properties of a theme: base, highlight, highlight at zero alpha
    /// (the band's transparent ends, so the gradient fades in the highlight's own
    /// colour whatever colour space the browser interpolates in), background.
    static func variables(_ appearance: Appearance, _ theme: Theme) -> [String] {
        let base = theme == .light ? appearance.base : appearance.darkBase
        let highlight = theme == .light ? appearance.highlight : appearance.darkHighlight
        let background = theme == .light ? appearance.background : appearance.darkBackground
        var clear = highlight
        clear.a = 0
        return ["--sk-b:" + CSSNumber.color(base), "--sk-h:" + CSSNumber.color(highlight),
                "--sk-h0:" + CSSNumber.color(clear), "--sk-bg:" + CSSNumber.color(background)]
    }
}
