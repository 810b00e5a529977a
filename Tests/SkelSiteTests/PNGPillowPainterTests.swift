import Foundation
import Testing
import SkeletonCore

/// Real painter frames, encoded by our PNG encoder, decoded by Pillow: the same RGBA
/// to the byte. The synthetic images of PNGPillowTests exercise the codec's corners;
/// these are the pictures the site actually ships (anti-aliased edges, shimmer bands,
/// pulse fades, dark theme, @2x, the palette a static frame fits in, APNG previews).
@Suite(.enabled(if: PNGPillowOracle.available, "python3 with Pillow (PIL) is not installed"))
struct PNGPillowPainterTests {
    static let card = """
        skeleton "Feed post" width=240
          animation shimmer duration=2s
          column padding=12 gap=10 radius=12 fill=#FFFFFF dark-fill=#2C2C2E
            row gap=10 align=center
              circle 36
              column gap=6 grow=1
                rect width=120 height=12 radius=4
                capsule 70x10
            rect height=80 radius=8
            text lines=3 line-height=10 spacing=6 last=60%

        """

    /// `card` with its animation line replaced.
    static func card(_ animation: String) -> String {
        card.replacingOccurrences(of: "  animation shimmer duration=2s\n", with: "  " + animation + "\n")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var spec: String
        var time: Double
        var scale: Int
        var theme: Theme
        /// The Pillow mode the encoder's choice of format opens as.
        var mode: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // t = T/2: the band's centre on the component's middle.
        Case(name: "shimmer mid-band", spec: card, time: 1, scale: 1, theme: .light, mode: "P"),
        Case(name: "shimmer contrast band", spec: card("animation shimmer duration=2s angle=30")
                .replacingOccurrences(of: "skeleton \"Feed post\" width=240\n",
                                      with: "skeleton \"Feed post\" width=240\n  appearance base=#2040A0 highlight=#FFFFFF\n"),
             time: 0.9, scale: 1, theme: .light, mode: "RGB"),
        Case(name: "pulse", spec: card("animation pulse duration=1.5s"), time: 0.4, scale: 1, theme: .light, mode: "P"),
        Case(name: "dark theme", spec: card, time: 0.7, scale: 1, theme: .dark, mode: "P"),
        Case(name: "scale 2", spec: card("animation shimmer duration=2s direction=top-left-to-bottom-right"), time: 1.2,
             scale: 2, theme: .light, mode: "P"),
        Case(name: "static palette", spec: card("animation none"), time: 0, scale: 1, theme: .light, mode: "P"),
        Case(name: "translucent", spec: card("animation gradient").replacingOccurrences(
                of: "skeleton \"Feed post\" width=240\n",
                with: "skeleton \"Feed post\" width=240\n  appearance base=#8080A0C0 highlight=#FF8000 background=#00000000\n"),
             time: 0, scale: 2, theme: .light, mode: "RGBA"),
        // Few enough colours for a palette, some translucent: PLTE with tRNS.
        Case(name: "translucent palette", spec: card("animation pulse duration=1s").replacingOccurrences(
                of: "skeleton \"Feed post\" width=240\n",
                with: "skeleton \"Feed post\" width=240\n  appearance base=#8080A0C0 background=#00000000\n"),
             time: 0.3, scale: 2, theme: .light, mode: "P"),
    ]

    static func render(_ text: String, time: Double, scale: Int, theme: Theme) throws -> RGBAImage {
        let parsed = SpecParser.parse(text)
        #expect(parsed.diagnostics == [])
        let spec = try #require(parsed.spec)
        return Painter.paint(spec, layout: LayoutEngine.layout(spec), time: time, scale: scale, theme: theme)
    }

    /// Writes `png`, decodes it with Pillow, and returns (width, height, frame count,
    /// mode) and each frame's RGBA as Pillow composes it (`seek` for APNG frames).
    static func pillowDecode(_ png: [UInt8], name: String) throws -> (fields: [String], frames: [[UInt8]]) {
        let dir = try PNGPillowOracle.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("\(name).png")
        try Data(png).write(to: file)
        let prefix = dir.appendingPathComponent(name).path
        let info = try PNGPillowOracle.run([PNGPillowOracle.script, "decode", file.path, prefix])
        let fields = info.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        let count = try #require(fields.count >= 4 ? Int(fields[2]) : nil)
        let frames = try (0..<count).map { k in
            try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(prefix).\(k).rgba")))
        }
        return (fields, frames)
    }

    @Test(arguments: cases)
    func pillowDecodesPainterFrameToSamePixels(_ test: Case) throws {
        let image = try Self.render(test.spec, time: test.time, scale: test.scale, theme: test.theme)
        let (fields, frames) = try Self.pillowDecode(PNGEncoder.encode(image), name: "frame")
        #expect(fields == ["\(image.width)", "\(image.height)", "1", test.mode])
        #expect(frames.count == 1)
        #expect(frames.first == image.pixels)
        // A real frame: anti-aliased edges and (when animated) the band give it many colours.
        var colours: Set<[UInt8]> = []
        for offset in stride(from: 0, to: image.pixels.count, by: 4) {
            colours.insert(Array(image.pixels[offset..<(offset + 4)]))
        }
        #expect(colours.count > 10)
    }

    /// The preview APNG as the site builds it: one cycle in 8 frames, the first the
    /// t = 0 frame. Pillow composes every frame (seek) to our painter's pixels.
    @Test(arguments: [("shimmer light @1x", card, 1, Theme.light), ("pulse dark @2x", card("animation pulse duration=2s"), 2, .dark)])
    func pillowReadsPainterAnimationFrameByFrame(name: String, spec: String, scale: Int, theme: Theme) throws {
        let frames = try (0..<8).map { try Self.render(spec, time: Double($0) * 0.25, scale: scale, theme: theme) }
        #expect(Set(frames.map(\.pixels)).count >= 5)  // a moving cycle (a pulse repeats its frames mirrored)
        let (fields, decoded) = try Self.pillowDecode(PNGEncoder.encodeAnimated(frames, delayMilliseconds: 250),
                                                      name: "preview")
        #expect(Array(fields.prefix(3)) == ["\(frames[0].width)", "\(frames[0].height)", "8"])
        #expect(decoded.count == 8)
        for (k, frame) in frames.enumerated() where k < decoded.count {
            #expect(decoded[k] == frame.pixels, "\(name): frame \(k)")
        }
    }
}
