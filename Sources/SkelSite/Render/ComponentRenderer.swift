import SkeletonCore
import SkeletonWeb

/// Renders one parsed spec into everything the site shows for it: HTML/CSS from the
/// emitter and reference PNGs from the core painter. Pure: same spec, same bytes.
enum ComponentRenderer {
    /// Bump when what this file produces changes, so caches re-render.
    static let formatVersion = "component-artifacts-2"

    /// Frames in the animated preview's one cycle. 8 (why: enough to read the motion in
    /// a preview, about half the painting and encoding of 12, and divisible by 4 so the
    /// strip's ¼ frames are preview frames and are painted once).
    static let previewFrameCount = 8
    /// The strip shows the cycle at 0, ¼, ½ and ¾, side by side in one PNG (why: one
    /// file to encode, store and link instead of four).
    static let stripFrameCount = 4
    static let stripName = "strip-light@1x.png"

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
            // The preview's frames differ only in their shapes: paint the rest once.
            let backdrop = Backdrop.make(spec, layout: layout, scale: 1, theme: .light)
            for index in 1..<previewFrameCount {
                let time = Double(index) * step
                frames.append(backdrop.map { Painter.paint(spec, layout: layout, time: time, backdrop: $0) }
                              ?? paint(time, 1, .light))
            }
            let stride = previewFrameCount / stripFrameCount
            var strip: [RGBAImage] = []
            for index in 0..<stripFrameCount {
                frameTimes.append(Double(index * stride) * step)
                strip.append(frames[index * stride])
            }
            files.append((stripName, PNGEncoder.encode(sideBySide(strip))))
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

    /// Images of equal size, left to right in one image.
    static func sideBySide(_ images: [RGBAImage]) -> RGBAImage {
        guard let first = images.first else { return RGBAImage(width: 0, height: 0) }
        let (width, height) = (first.width, first.height)
        let rowBytes = width * 4, outRowBytes = rowBytes * images.count
        guard rowBytes > 0 && height > 0 else { return RGBAImage(width: width * images.count, height: height) }
        precondition(images.allSatisfy { $0.width == width && $0.height == height }, "strip frames differ in size")
        // Every byte is copied in, so the buffer starts uninitialised, and row by row with
        // memcpy (why: zero-filling and replaceSubrange were 4% of a 5000-spec build).
        let pixels = [UInt8](unsafeUninitializedCapacity: outRowBytes * height) { target, initialized in
            for (index, image) in images.enumerated() {
                image.pixels.withUnsafeBytes { source in
                    for y in 0..<height {
                        UnsafeMutableRawPointer(target.baseAddress! + y * outRowBytes + index * rowBytes)
                            .copyMemory(from: source.baseAddress! + y * rowBytes, byteCount: rowBytes)
                    }
                }
            }
            initialized = outRowBytes * height
        }
        return RGBAImage(width: width * images.count, height: height, pixels: pixels)
    }

    /// Only animations whose frames change with time get a strip and a preview.
    static func isAnimated(_ animation: Animation) -> Bool {
        switch animation.kind {
        case .shimmer, .pulse: return animation.duration > 0
        case .none, .gradient: return false
        }
    }
}
