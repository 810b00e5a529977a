import SkeletonCore

/// The theme colours as CSS custom properties.
enum ThemeColors {
    /// The custom properties of a theme (`Appearance.colours(for:)`, as the painter
    /// paints): base, highlight, highlight at zero alpha (the band's transparent ends,
    /// so the gradient fades in the highlight's own colour whatever colour space the
    /// browser interpolates in), background.
    static func variables(_ appearance: Appearance, _ theme: Theme) -> [String] {
        let colours = appearance.colours(for: theme)
        var clear = colours.highlight
        clear.a = 0
        return ["--sk-b:" + colours.base.hex, "--sk-h:" + colours.highlight.hex,
                "--sk-h0:" + clear.hex, "--sk-bg:" + colours.background.hex]
    }
}
