import Foundation
import SkeletonCore
import SkeletonWeb
import Testing
import TestSupport

/// The SwiftUI card's 0.85 s autoreverse pulse (site/gallery/swiftui-article-card.md,
/// "The 0.85 s pulse"): SwiftUI's duration is one leg, skelsite's the whole cycle, so
/// the spec says 1.7 s and is dimmest where SwiftUI's first leg ends.
@Suite struct PulseAnchorTests {
    static func pulseCard() throws -> Spec {
        let text = try String(contentsOf: Repository.url("site/gallery/swiftui-article-card.md"), encoding: .utf8)
        let items = try SwiftUIExportTests.siteSpecs().filter { $0.spec.title == "SwiftUI article card, autoreverse pulse" }
        #expect(text.contains(".easeInOut(duration: 0.85).repeatForever(autoreverses: true)"))
        return try #require(items.first).spec
    }

    @Test func theGalleryCardIsAPulseOfOnePointSevenSeconds() throws {
        let spec = try Self.pulseCard()
        #expect(spec.animation.kind == .pulse)
        #expect(spec.animation.duration == 1.7)
        #expect(spec.animation.easing == .easeInOut)
        #expect(spec.animation.period == 1.7)
        #expect(spec.animation.pulseFrom == 1 && spec.animation.pulseTo == 0.5)
        let view = SwiftUIExport.viewsFile([ExportedSpec(spec: spec, origin: "a")])
        #expect(view.contains("public struct SwiftUIArticleCardAutoreversePulseSkeleton: View {"))
        #expect(view.contains("animation: SkeletonAnimation(kind: .pulse, duration: 1.7, angle: 90, band: 0.4,"))
        #expect(view.contains("delay: 0, easing: .easeInOut),"))
    }

    /// The painter agrees: solid at t = 0 and 1.7 s, at `to` at 0.85 s (the end of
    /// SwiftUI's first 0.85 s leg), and each half eased as SwiftUI eases each leg.
    @Test func dimmestWhereSwiftUIsFirstLegEnds() throws {
        let spec = try Self.pulseCard()
        let curve = { (t: Double) in spec.animation.pulseOpacity(at: t) }
        #expect(abs(curve(0) - 1) < 1e-9)
        #expect(abs(curve(0.85) - 0.5) < 1e-9)
        #expect(abs(curve(1.7) - 1) < 1e-9)
        // Symmetric legs: 0.2 s into the dimming equals 0.2 s before the end.
        #expect(abs(curve(0.2) - curve(1.5)) < 1e-9)
    }
}
