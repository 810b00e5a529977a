import SkeletonCore
import SkeletonWeb

/// Renders one parsed spec into everything the site shows for it: HTML/CSS from the
/// emitter and reference PNGs from the core painter. Pure: same spec, same bytes.
enum ComponentRenderer {
    /// Bump when what this file produces changes, so caches re-render.
    static let formatVersion = "component-artifacts-1"

    /// Frames in the animated preview's one cycle. 12 (why: smooth enough for a preview,
    /// cheap to paint, and divisible by 4 so the strip's ¼ frames are preview frames).
    static let previewFrameCount = 12
    /// The strip shows the cycle at 0, ¼, ½ and ¾.
    static let stripFrameCount = 4

    struct Output: Sendable {
        var artifacts: ComponentArtifacts
        /// (file name, PNG bytes), in `artifacts.pngNames` order.
        var files: [(String, [UInt8])]
    }

    static func render(_ spec: Spec, label: String) -> Output {
        let layout = LayoutEngine.layout(spec)
        let web = ComponentEmitter.emit(spec, layout: layout, label: label)
        var files: [(String, [UInt8])] = []
        func paint(_ time: Double, _ scale: Int, _ theme: Theme) -> RGBAImage {
            Painter.paint(spec, layout: layout, time: time, scale: scale, theme: theme)
        }
        let light1x = paint(0, 1, .light)
        files.append(("light@1x.png", PNGEncoder.encode(light1x)))
        files.append(("light@2x.png", PNGEncoder.encode(paint(0, 2, .light))))
        files.append(("dark@1x.png", PNGEncoder.encode(paint(0, 1, .dark))))
        files.append(("dark@2x.png", PNGEncoder.encode(paint(0, 2, .dark))))

        let animated = isAnimated(spec.animation)
        var frameTimes: [Double] = []
        if animated {
            let duration = spec.animation.duration
            let step = duration / Double(previewFrameCount)
            var frames: [RGBAImage] = [light1x]
            for index in 1..<previewFrameCount { frames.append(paint(Double(index) * step, 1, .light)) }
            let stride = previewFrameCount / stripFrameCount
            for strip in 0..<stripFrameCount {
                frameTimes.append(Double(strip * stride) * step)
                files.append(("frame-\(strip)-light@1x.png", PNGEncoder.encode(frames[strip * stride])))
            }
            let delay = max(1, Int((step * 1000).rounded()))
            files.append(("preview.png", PNGEncoder.encodeAnimated(frames, delayMilliseconds: delay)))
        }
        files.sort { $0.0 < $1.0 }
        let artifacts = ComponentArtifacts(
            scope: web.scope, html: web.html, css: web.css,
            width: Int(layout.width.rounded(.up)), height: Int(layout.height.rounded(.up)),
            pngNames: files.map(\.0), animated: animated, frameTimes: frameTimes)
        return Output(artifacts: artifacts, files: files)
    }

    /// Only animations whose frames change with time get a strip and a preview.
    static func isAnimated(_ animation: Animation) -> Bool {
        switch animation.kind {
        case .shimmer, .pulse: return animation.duration > 0
        case .none, .gradient: return false
        }
    }
}
