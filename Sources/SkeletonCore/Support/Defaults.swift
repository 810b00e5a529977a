/// Every default of the spec language, in one place, so that the parser, the painter,
/// the HTML/CSS emitter and the docs agree. site/ documents each one with its reason.
public enum Defaults {
    /// Default component width: an iPhone's 375-point-wide portrait screen, as in
    /// SkeletonView's demos.
    public static let width: Double = 375

    // The base colours are chosen so that `skelsite diff` at pixelmatch's default
    // threshold 0.1 sees a shape against its background in both themes: pixelmatch counts
    // a pixel when its YIQ delta exceeds 35215 × 0.1² ≈ 352. iOS's systemGray5 failed this
    // (#E5E5EA on white: 328; #2C2C2E on #1C1C1E: 129), so a vanished shape went unnoticed.

    // Light theme. The base #DEDEE3 is a shade darker than systemGray5: YIQ delta 533 on
    // white (1.5× the cut-off), still a quiet grey. The highlight is white at 45% opacity,
    // the SwiftUI shimmer's band.
    public static let base = RGBA(0xDE, 0xDE, 0xE3)
    public static let highlight = RGBA(0xFF, 0xFF, 0xFF, 0x73)
    public static let background = RGBA(0xFF, 0xFF, 0xFF)

    // Dark theme. The base is systemGray4 in dark mode (#3A3A3C): YIQ delta 455 on the
    // dark grouped background #1C1C1E (1.3× the cut-off). A 45% white band would glare on
    // dark grey, so the dark highlight is white at 10%.
    public static let darkBase = RGBA(0x3A, 0x3A, 0x3C)
    public static let darkHighlight = RGBA(0xFF, 0xFF, 0xFF, 0x1A)
    public static let darkBackground = RGBA(0x1C, 0x1C, 0x1E)

    /// With no `animation` line a spec shimmers: the effect users of
    /// react-loading-skeleton and SkeletonView's sliding gradient expect.
    public static let animationKind = AnimationKind.shimmer
    /// SkeletonView's sliding animation lasts 1.5 s.
    public static let duration: Double = 1.5
    public static let direction = SlideDirection.leftToRight
    /// The SwiftUI shimmer's band spans ±0.2 of the width around its centre.
    public static let band: Double = 0.4
    public static let easing = Easing.linear
    /// Pulse easing: the SwiftUI pulse uses ease-in-out.
    public static let pulseEasing = Easing.easeInOut
    /// The SwiftUI pulse swings opacity between 0.7 and 0.35: the dim extreme is half
    /// the bright one. Our t = 0 is the solid base (opacity 1), so shapes pulse from
    /// opacity 1 down to 0.5 and back.
    public static let pulseMinOpacity: Double = 0.5
    /// `from=` and `to=` of a pulse: the opacities above, so a pulse without them is
    /// the one skelsite always drew.
    public static let pulseFrom: Double = 1
    public static let pulseTo: Double = pulseMinOpacity

    /// SkeletonView's multiline text: 15-point lines, 10 points apart, last line 70%.
    public static let textLines = 3
    public static let textLineHeight: Double = 15
    public static let textSpacing: Double = 10
    public static let textLastLineFraction: Double = 0.7

    public static let appearance = Appearance(
        base: base, highlight: highlight, background: background,
        darkBase: darkBase, darkHighlight: darkHighlight, darkBackground: darkBackground)

    public static let animation = Animation(
        kind: animationKind, duration: duration, direction: direction, band: band,
        angle: direction.cssDegrees, delay: 0, stagger: 0, easing: easing)
}
