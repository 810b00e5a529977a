import Foundation
import SkelSite
import SkelsiteVerify
import SkeletonCore
import SkeletonWeb
import Testing

/// The app ends a skeleton by setting `aria-busy="false"` on its root
/// (site/guides/delayed-show.md, "Ending it"): in Chromium the component then fades out
/// over `fade` and hides, and one ended during its delay is never seen. Each page's
/// script sets the clock of the component's animations with the Web Animations API, so
/// the photos do not depend on timing.
@Suite(.serialized) struct EndingSkeletonBrowserTests {
    static let spec = """
        skeleton "Ending" width=120
          appearance base=#404040 background=#202020
          animation none delay=DELAY fade=1s
          column padding=10
            rect height=20
        """

    /// Chromium's photo of the live component after `script` ran, and the painter's frame.
    static func photo(delay: String, script: String) throws -> (photo: RGBAImage, painted: RGBAImage) {
        let parsed = try #require(SpecParser.parse(spec.replacingOccurrences(of: "DELAY", with: delay)).spec)
        let layout = LayoutEngine.layout(parsed)
        let component = ComponentEmitter.emit(parsed, layout: layout)
        let page = "<!DOCTYPE html>\n<html data-theme=\"light\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<style>\nhtml,body{margin:0;padding:0;background:#ffffff}\n" + component.css + "</style>\n</head>\n<body>\n"
            + component.html + "<script>\nconst root = document.querySelector('[role=status]');\n" + script
            + "\n</script>\n</body>\n</html>\n"
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("ending.html")
        try Data(page.utf8).write(to: file)
        let camera = try ChromiumCamera()
        defer { camera.shutdown() }
        let size = layout.pixelSize(scale: 1)
        let photo = try camera.screenshot(of: file, width: size.width, height: size.height, scale: 1)
        return (photo, Painter.paint(parsed, layout: layout, time: 0, scale: 1, theme: .light))
    }

    static func match(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        1 - Double(PixelDiff.compare(a, b, options: DiffOptions(threshold: 0.03))) / Double(b.width * b.height)
    }

    /// The painter's frame at `opacity` over the white page (ease-in-out at half time is
    /// half: the curve is point-symmetric).
    static func faded(_ image: RGBAImage, opacity: Double) -> RGBAImage {
        var out = image
        for index in out.pixels.indices where index % 4 != 3 {
            out.pixels[index] = UInt8(Double(image.pixels[index]) * opacity + 255 * (1 - opacity) + 0.5)
        }
        return out
    }

    static func white(like image: RGBAImage) -> RGBAImage {
        RGBAImage(width: image.width, height: image.height,
                  pixels: [UInt8](repeating: 255, count: image.width * image.height * 4))
    }

    /// Shown (fade-in finished), then ended: half way through the fade-out it is half
    /// there, at its end it is gone.
    @Test(.enabled(if: VerifyCommandTests.chromiumAvailable, "chromium not installed"))
    func endedComponentFadesOutThenHides() throws {
        let show = "for (const a of root.getAnimations()) a.finish();\nroot.setAttribute('aria-busy', 'false');\n"
            + "getComputedStyle(root).filter;\n"
        let half = try Self.photo(delay: "0s", script: show
            + "for (const a of root.getAnimations()) if (a instanceof CSSTransition) { a.pause(); a.currentTime = 500; }")
        #expect(Self.match(half.photo, Self.faded(half.painted, opacity: 0.5)) >= 0.995)
        #expect(Self.match(half.photo, half.painted) < 0.5)
        let done = try Self.photo(delay: "0s", script: show + "for (const a of root.getAnimations()) a.finish();")
        #expect(Self.match(done.photo, Self.white(like: done.painted)) == 1)
        // Not ended, it is the painter's frame: the switch is what hides it.
        let live = try Self.photo(delay: "0s", script: "for (const a of root.getAnimations()) a.finish();")
        #expect(Self.match(live.photo, live.painted) >= 0.995)
    }

    /// Ended during its 5 s delay, it stays unseen when the delay and the fade-in are over.
    @Test(.enabled(if: VerifyCommandTests.chromiumAvailable, "chromium not installed"))
    func componentEndedDuringItsDelayIsNeverSeen() throws {
        let ended = try Self.photo(delay: "5s", script: "root.setAttribute('aria-busy', 'false');\n"
            + "getComputedStyle(root).filter;\nfor (const a of root.getAnimations()) a.finish();")
        #expect(Self.match(ended.photo, Self.white(like: ended.painted)) == 1)
        let waiting = try Self.photo(delay: "5s", script: "")
        #expect(Self.match(waiting.photo, Self.white(like: waiting.painted)) == 1)
        let shown = try Self.photo(delay: "5s", script: "for (const a of root.getAnimations()) a.finish();")
        #expect(Self.match(shown.photo, shown.painted) >= 0.995)
    }
}
