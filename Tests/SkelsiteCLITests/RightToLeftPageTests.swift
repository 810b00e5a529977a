import Foundation
import SkelSite
import SkelsiteVerify
import SkeletonCore
import SkeletonWeb
import Testing

/// A component in a right-to-left page keeps its own left-to-right layout, so the
/// browser still draws the reference PNG (site/reference/layout.md, "Direction"). The
/// same component without its `dir="ltr"` and its CSS's `direction:ltr` (the reset
/// against the page's CSS, site/reference/rendering.md) mirrors the rows but not the
/// band: the test that the pin is what keeps them together.
@Suite(.serialized) struct RightToLeftPageTests {
    static let spec = """
        skeleton "Row" width=200
          animation shimmer duration=1s
          row padding=10 gap=10
            circle 40
            column gap=6 grow=1
              rect height=12
              rect width=50% height=10
        """

    /// Share of matching pixels (threshold 0.03) between the painter's frame at T/4 and
    /// Chromium's rendering of the frozen component inside `<html dir="rtl">`.
    static func match(pinned: Bool) throws -> Double {
        let parsed = try #require(SpecParser.parse(spec).spec)
        let layout = LayoutEngine.layout(parsed)
        let component = ComponentEmitter.emit(parsed, layout: layout, label: nil, options: EmitOptions(frozenAt: 0.25))
        let html = pinned ? component.html : component.html.replacingOccurrences(of: " dir=\"ltr\"", with: "")
        #expect(component.html.contains(" dir=\"ltr\" ") == true)
        #expect(component.css.components(separatedBy: ";direction:ltr").count == 3)
        let css = pinned ? component.css : component.css.replacingOccurrences(of: ";direction:ltr", with: "")
        let page = "<!DOCTYPE html>\n<html lang=\"ar\" dir=\"rtl\" data-theme=\"light\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<style>\nhtml,body{margin:0;padding:0;background:#ffffff}\n" + css + "</style>\n</head>\n<body>\n"
            + html + "</body>\n</html>\n"
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rtl.html")
        try Data(page.utf8).write(to: file)
        let camera = try ChromiumCamera()
        defer { camera.shutdown() }
        let size = layout.pixelSize(scale: 1)
        let photo = try camera.screenshot(of: file, width: size.width, height: size.height, scale: 1)
        let painted = Painter.paint(parsed, layout: layout, time: 0.25, scale: 1, theme: .light)
        #expect(photo.width == painted.width && photo.height == painted.height)
        let mismatched = PixelDiff.compare(photo, painted, options: DiffOptions(threshold: 0.03))
        return 1 - Double(mismatched) / Double(painted.width * painted.height)
    }

    @Test(.enabled(if: VerifyCommandTests.chromiumAvailable, "chromium not installed"))
    func pinnedComponentMatchesItsPNGInARightToLeftPage() throws {
        #expect(try Self.match(pinned: true) >= 0.995)
        #expect(try Self.match(pinned: false) < 0.9)
    }
}
