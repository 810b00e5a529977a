import Testing
@testable import SkeletonCore

/// The root line, `appearance` and `animation`, with every default resolved.
@Suite struct ParserSettingsTests {
    static func spec(_ text: String) -> Spec? {
        let r = SpecParser.parse(text)
        return r.diagnostics.isEmpty ? r.spec : nil
    }

    @Test func bareRootGetsEveryDefault() throws {
        let s = try #require(Self.spec("skeleton"))
        #expect(s.title == nil)
        #expect(s.width == 375)
        #expect(s.height == nil)
        #expect(s.appearance == Defaults.appearance)
        #expect(s.animation == Animation(kind: .shimmer, duration: 1.5, direction: .leftToRight, band: 0.4,
                                         angle: 90, delay: 0, stagger: 0, easing: .linear))
        #expect(s.children == [])
        #expect(s.position == SourcePosition(line: 1, column: 1))
    }

    static let roots: [(String, String?, Double, Double?)] = [
        ("skeleton \"Article row\"", "Article row", 375, nil),
        ("skeleton Bare", "Bare", 375, nil),
        ("skeleton \"\"", "", 375, nil),
        ("skeleton \"Say \\\"hi\\\" \\\\ bye\"", "Say \"hi\" \\ bye", 375, nil),
        ("skeleton \"# not a comment\"", "# not a comment", 375, nil),
        ("skeleton width=360", nil, 360, nil),
        ("skeleton height=120.5 width=4096", nil, 4096, 120.5),
        ("skeleton \"T\" width=1 height=4096", "T", 1, 4096),
        ("skeleton \"Café ☕\" width=200", "Café ☕", 200, nil),
    ]

    @Test(arguments: roots)
    func rootLine(_ line: String, _ title: String?, _ width: Double, _ height: Double?) throws {
        let s = try #require(Self.spec(line))
        #expect(s.title == title)
        #expect(s.width == width)
        #expect(s.height == height)
    }

    @Test func appearanceSetsEachColourAndKeepsTheOthers() throws {
        let s = try #require(Self.spec("""
        skeleton
          appearance base=#111 highlight=#22222280 background=white dark-base=#333333 dark-highlight=clear dark-background=gray6
        """))
        #expect(s.appearance == Appearance(base: RGBA(0x11, 0x11, 0x11), highlight: RGBA(0x22, 0x22, 0x22, 0x80),
                                           background: RGBA(255, 255, 255), darkBase: RGBA(0x33, 0x33, 0x33),
                                           darkHighlight: RGBA(0, 0, 0, 0), darkBackground: RGBA(0xF2, 0xF2, 0xF7)))
        let partial = try #require(Self.spec("skeleton\n  appearance dark-base=#010203"))
        var expected = Defaults.appearance
        expected.darkBase = RGBA(1, 2, 3)
        #expect(partial.appearance == expected)
    }

    static let animations: [(String, Animation)] = [
        ("animation none", Animation(kind: .none, duration: 1.5, direction: .leftToRight, band: 0.4, angle: 90,
                                     delay: 0, stagger: 0, easing: .linear)),
        ("animation gradient", Animation(kind: .gradient, duration: 1.5, direction: .leftToRight, band: 0.4, angle: 90,
                                         delay: 0, stagger: 0, easing: .linear)),
        // Pulse defaults to ease-in-out; the others to linear.
        ("animation pulse", Animation(kind: .pulse, duration: 1.5, direction: .leftToRight, band: 0.4, angle: 90,
                                      delay: 0, stagger: 0, easing: .easeInOut)),
        ("animation pulse easing=linear", Animation(kind: .pulse, duration: 1.5, direction: .leftToRight, band: 0.4,
                                                    angle: 90, delay: 0, stagger: 0, easing: .linear)),
        ("animation shimmer duration=1.3s direction=left-to-right",
         Animation(kind: .shimmer, duration: 1.3, direction: .leftToRight, band: 0.4, angle: 90, delay: 0, stagger: 0,
                   easing: .linear)),
        ("animation shimmer duration=1300ms", Animation(kind: .shimmer, duration: 1.3, direction: .leftToRight, band: 0.4,
                                                        angle: 90, delay: 0, stagger: 0, easing: .linear)),
        // The angle follows the direction unless angle= is given.
        ("animation shimmer direction=right-to-left", Animation(kind: .shimmer, duration: 1.5, direction: .rightToLeft,
                                                                band: 0.4, angle: 270, delay: 0, stagger: 0, easing: .linear)),
        ("animation shimmer direction=top-to-bottom", Animation(kind: .shimmer, duration: 1.5, direction: .topToBottom,
                                                                band: 0.4, angle: 180, delay: 0, stagger: 0, easing: .linear)),
        ("animation shimmer direction=bottom-to-top", Animation(kind: .shimmer, duration: 1.5, direction: .bottomToTop,
                                                                band: 0.4, angle: 0, delay: 0, stagger: 0, easing: .linear)),
        ("animation shimmer direction=top-left-to-bottom-right",
         Animation(kind: .shimmer, duration: 1.5, direction: .topLeftToBottomRight, band: 0.4, angle: 135, delay: 0,
                   stagger: 0, easing: .linear)),
        ("animation shimmer direction=bottom-right-to-top-left",
         Animation(kind: .shimmer, duration: 1.5, direction: .bottomRightToTopLeft, band: 0.4, angle: 315, delay: 0,
                   stagger: 0, easing: .linear)),
        ("animation shimmer direction=top-to-bottom angle=30deg",
         Animation(kind: .shimmer, duration: 1.5, direction: .topToBottom, band: 0.4, angle: 30, delay: 0, stagger: 0,
                   easing: .linear)),
        ("animation shimmer angle=-45", Animation(kind: .shimmer, duration: 1.5, direction: .leftToRight, band: 0.4,
                                                  angle: -45, delay: 0, stagger: 0, easing: .linear)),
        ("animation shimmer angle=110.5", Animation(kind: .shimmer, duration: 1.5, direction: .leftToRight, band: 0.4,
                                                    angle: 110.5, delay: 0, stagger: 0, easing: .linear)),
        ("animation shimmer band=25%", Animation(kind: .shimmer, duration: 1.5, direction: .leftToRight, band: 0.25,
                                                 angle: 90, delay: 0, stagger: 0, easing: .linear)),
        ("animation shimmer band=0.6", Animation(kind: .shimmer, duration: 1.5, direction: .leftToRight, band: 0.6,
                                                 angle: 90, delay: 0, stagger: 0, easing: .linear)),
        ("animation shimmer band=100%", Animation(kind: .shimmer, duration: 1.5, direction: .leftToRight, band: 1,
                                                  angle: 90, delay: 0, stagger: 0, easing: .linear)),
        ("animation shimmer delay=250ms stagger=0.1s", Animation(kind: .shimmer, duration: 1.5, direction: .leftToRight,
                                                                 band: 0.4, angle: 90, delay: 0.25, stagger: 0.1,
                                                                 easing: .linear)),
        ("animation gradient easing=ease-in", Animation(kind: .gradient, duration: 1.5, direction: .leftToRight, band: 0.4,
                                                        angle: 90, delay: 0, stagger: 0, easing: .easeIn)),
        ("animation shimmer easing=ease-out", Animation(kind: .shimmer, duration: 1.5, direction: .leftToRight, band: 0.4,
                                                        angle: 90, delay: 0, stagger: 0, easing: .easeOut)),
        ("animation shimmer easing=ease-in-out", Animation(kind: .shimmer, duration: 1.5, direction: .leftToRight,
                                                           band: 0.4, angle: 90, delay: 0, stagger: 0, easing: .easeInOut)),
    ]

    @Test(arguments: animations)
    func animationLine(_ line: String, _ expected: Animation) throws {
        let s = try #require(Self.spec("skeleton\n  " + line))
        #expect(s.animation == expected)
    }

    @Test func settingsAreNotLayoutChildren() throws {
        let s = try #require(Self.spec("skeleton\n  appearance base=red\n  rect\n  animation none\n"))
        #expect(s.children == [Node(kind: .rect, position: SourcePosition(line: 3, column: 3))])
        #expect(s.animation.kind == AnimationKind.none)
        #expect(s.appearance.base == RGBA(0xFF, 0x3B, 0x30))
    }
}
