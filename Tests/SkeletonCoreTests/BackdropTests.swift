import Foundation
import Testing
@testable import SkeletonCore
import TestSupport

/// A frame painted from a `Backdrop` (surfaces painted once, shapes replayed from
/// recorded coverage) must be the frame `Painter.paint` paints, byte for byte.
@Suite struct BackdropTests {
    /// Every ```skeleton block of every doc under site/ (the bundled documentation).
    /// The type presets a doc's front matter sets (`type.body: size=16 leading=24`,
    /// site/reference/text.md), which its specs inherit as a build gives them.
    static func frontMatterPresets(_ text: String) -> InheritedSettings {
        var settings = InheritedSettings()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "---" else { return settings }
        for (number, line) in lines.enumerated().dropFirst() {
            if line == "---" { break }
            guard line.hasPrefix("type."), let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[line.index(line.startIndex, offsetBy: 5)..<colon])
            let words = Array(line[line.index(after: colon)...].utf8)
            #expect(settings.addTypePreset(name: name, words: words, line: number + 1, nameColumn: 6,
                                           column: name.utf8.count + 7).isEmpty)
        }
        return settings
    }

    static func siteSpecsWithSettings() throws -> [(name: String, text: String, settings: InheritedSettings)] {
        let site = Repository.url("site")
        var specs: [(String, String, InheritedSettings)] = []
        let walker = try #require(FileManager.default.enumerator(atPath: site.path))
        while let path = walker.nextObject() as? String {
            guard path.hasSuffix(".md") else { continue }
            let text = try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
            let settings = frontMatterPresets(text)
            var block: [Substring]? = nil
            var quoted = false  // inside a ```` fence that shows Markdown, specs included, as text
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if block == nil, line.hasPrefix("````") {
                    quoted.toggle()
                } else if quoted {
                    continue
                } else if block == nil, line == "```skeleton" {
                    block = []
                } else if block != nil, line == "```" {
                    specs.append(("\(path):\(number)", block!.joined(separator: "\n"), settings))
                    block = nil
                } else if block != nil {
                    block!.append(line)
                }
            }
        }
        return specs.sorted { $0.0 < $1.0 }
    }

    /// Mismatching frames over scales 1 and 2, both themes and four times.
    static func mismatches(_ spec: Spec) -> [String] {
        let layout = LayoutEngine.layout(spec)
        var wrong: [String] = []
        let period = spec.animation.duration > 0 ? spec.animation.duration : 1
        for scale in [1, 2] {
            for theme in [Theme.light, .dark] {
                guard let backdrop = Backdrop.make(spec, layout: layout, scale: scale, theme: theme) else { continue }
                for time in [0, period * 0.25, period * 0.5, period * 0.8137] {
                    let whole = Painter.paint(spec, layout: layout, time: time, scale: scale, theme: theme)
                    let fromBackdrop = Painter.paint(spec, layout: layout, time: time, backdrop: backdrop)
                    if whole != fromBackdrop { wrong.append("@\(scale)x \(theme) t=\(time)") }
                }
            }
        }
        return wrong
    }

    @Test func everySiteSpecPaintsTheSameFromItsBackdrop() throws {
        let specs = try Self.siteSpecsWithSettings()
        #expect(specs.count >= 100)
        var withBackdrop = 0
        for (name, text, settings) in specs {
            let spec = try #require(SpecParser.parse(text, inheriting: settings).spec, "\(name) does not parse")
            let layout = LayoutEngine.layout(spec)
            if Backdrop.make(spec, layout: layout, scale: 1, theme: .light) != nil { withBackdrop += 1 }
            let wrong = Self.mismatches(spec)
            #expect(wrong.isEmpty, "\(name): \(wrong)")
        }
        // Every bundled spec lays its surfaces under its shapes.
        #expect(withBackdrop == specs.count)
    }

    @Test(arguments: [
        // Translucent shape colours over translucent surfaces on a translucent background.
        """
        skeleton width=120
          appearance background=#FFFFFF80 base=#33669980 highlight=#FFFFFFC0
          animation shimmer duration=1s angle=120 band=0.6
          row padding=6 gap=4 fill=#00000040 radius=9
            circle 23.5
            capsule 50x11.25 color=#FF000080
        """,
        // Pulse with stagger over cards, fractional geometry.
        """
        skeleton width=97
          animation pulse duration=1.3s
          repeat 3 stagger=0.1s gap=3.5
            row padding=5.25 gap=7 radius=6.5 fill=#FFFFFF dark-fill=#1C1C1E
              rect 17.3x17.3 radius=4
              text lines=2 line-height=5.5 spacing=3 last=55%
        """,
        // The static gradient.
        """
        skeleton width=64 height=40
          animation gradient
          column padding=4 gap=4
            rect height=10 radius=5
            rect width=70% height=10
        """,
    ])
    func handMadeSpecsPaintTheSame(_ text: String) throws {
        let spec = try #require(SpecParser.parse(text).spec)
        #expect(Backdrop.make(spec, layout: LayoutEngine.layout(spec), scale: 2, theme: .dark) != nil)
        #expect(Self.mismatches(spec) == [])
    }

    /// A shape overflowing its 10-point row into the next row's card: the card is
    /// painted over part of it, so surfaces cannot go first and there is no backdrop.
    @Test func surfaceOverAnEarlierShapeHasNoBackdrop() throws {
        let spec = try #require(SpecParser.parse("""
            skeleton width=60
              row height=10
                rect 20x30
              row height=20 fill=#FF0000
                rect 10x10
            """).spec)
        let layout = LayoutEngine.layout(spec)
        // The premise: the first rect reaches into the second row.
        let rect = try #require(layout.items.first { if case .shape = $0.role { return true } else { return false } })
        let card = try #require(layout.items.first { $0.role == .surface })
        #expect(rect.frame.y + rect.frame.height > card.frame.y)
        #expect(Backdrop.make(spec, layout: layout, scale: 1, theme: .light) == nil)
        #expect(Backdrop.surfacesNeverCoverEarlierShapes(layout, scale: 1) == false)
    }

    /// Plans are geometry only: one recorded box replays to the same pixels in any
    /// colour and under any sweep as walking it again.
    @Test func aPlanReplaysLikeAFreshFill() {
        let box = RoundedBox(x: 3.25, y: 2.5, width: 40.5, height: 21.75, radius: 7.3)
        var cache = CornerCache()
        let plan = FillPlan.record(box, width: 50, height: 30, cache: &cache)
        let sweep = Sweep(ux: 0.6, uy: 0.8, centre: 20, halfWidth: 9, minP: 0, maxP: 60, highlight: RGBA(255, 255, 255, 200))
        for (colour, sweep) in [(RGBA(10, 20, 30), nil), (RGBA(200, 100, 50, 128), sweep), (RGBA(0, 0, 0), sweep)] {
            var walked = Canvas(width: 50, height: 30, background: RGBA(240, 240, 240))
            var replayed = walked
            walked.fill(box, colour: colour, sweep: sweep)
            replayed.fill(plan, colour: colour, sweep: sweep)
            #expect(walked.image == replayed.image)
        }
    }
}
