import SkeletonCore
import SkeletonWeb
import SkelsiteStore

/// Renders one parsed spec into everything the site shows for it: HTML/CSS from the
/// emitter and reference PNGs from the core painter. Pure: same spec, same bytes.
public enum ComponentRenderer {
    /// Bump when what this file produces changes, so caches re-render.
    static let formatVersion = "component-artifacts-6"

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
        let images = paint(spec, layout: layout)
        var files = images.encodedStatics()
        if let strip = images.encodedStrip() { files.append(strip) }
        if let preview = images.encodedPreview() { files.append(preview) }
        files.sort { $0.0 < $1.0 }
        let size = layout.pixelSize(scale: 1)
        let artifacts = ComponentArtifacts(
            scope: web.scope, html: web.html, css: web.css, width: size.width, height: size.height,
            pngNames: files.map(\.0), animated: spec.animation.moves, frameTimes: images.stripTimes)
        return Output(artifacts: artifacts, files: files)
    }

    /// A component's images before encoding: the statics, and when the animation
    /// `moves`, the preview's frames and the strip. Public so the component benchmark
    /// paints and encodes exactly what the builder does, timing each stage.
    public struct Images {
        /// (file name, image) of light and dark at 1x and 2x, all at t = 0 (and at a
        /// fluid spec's listed widths, ListedWidthImages).
        public var statics: [(String, RGBAImage)]
        /// One cycle's preview frames, evenly spaced from t = 0; empty when still.
        public var preview: [RGBAImage]
        /// The preview frames at 0, ¼, ½ and ¾ of the cycle, side by side.
        public var strip: RGBAImage?
        /// The strip's times (seconds).
        public var stripTimes: [Double]
        /// The preview's delay between frames.
        var frameMilliseconds: Int

        public func encodedStatics() -> [(String, [UInt8])] {
            statics.map { ($0.0, PNGEncoder.encode($0.1)) }
        }

        public func encodedStrip() -> (String, [UInt8])? {
            strip.map { (ComponentRenderer.stripName, PNGEncoder.encode($0)) }
        }

        public func encodedPreview() -> (String, [UInt8])? {
            guard !preview.isEmpty else { return nil }
            return ("preview.png", PNGEncoder.encodeAnimated(preview, delayMilliseconds: frameMilliseconds))
        }
    }

    /// Paints every image the site shows for `spec`.
    public static func paint(_ spec: Spec, layout: SpecLayout) -> Images {
        func paint(_ time: Double, _ scale: Int, _ theme: Theme) -> RGBAImage {
            Painter.paint(spec, layout: layout, time: time, scale: scale, theme: theme)
        }
        let light1x = paint(0, 1, .light)
        var images = Images(statics: [("light@1x.png", light1x), ("light@2x.png", paint(0, 2, .light)),
                                      ("dark@1x.png", paint(0, 1, .dark)), ("dark@2x.png", paint(0, 2, .dark))],
                            preview: [], strip: nil, stripTimes: [], frameMilliseconds: 0)
        images.statics += ListedWidthImages.paint(spec)
        images.statics += RightToLeftImages.paint(spec)
        guard spec.animation.moves else { return images }
        // One whole cycle (the duration, plus any interval, doubled by repeat=reverse).
        let step = spec.animation.period / Double(previewFrameCount)
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
            images.stripTimes.append(Double(index * stride) * step)
            strip.append(frames[index * stride])
        }
        images.strip = sideBySide(strip)
        images.preview = frames
        images.frameMilliseconds = max(1, Int((step * 1000).rounded()))
        return images
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
}

extension RenderCache {
    /// The key of a spec block as the doc gives it (see `key(fingerprint:specText:label:inherited:)`).
    static func key(fingerprint: String, block: SpecBlock, label: String, inherited: String = "") -> String {
        key(fingerprint: fingerprint, specText: block.text, label: label, inherited: inherited)
    }

    /// Stores a freshly rendered component (`store(_:artifacts:files:)`).
    @discardableResult
    func store(_ key: String, _ output: ComponentRenderer.Output) throws(SiteBuildError)
        -> (entry: CacheEntryFile.Decoded, record: RenderCacheIndex.Record?) {
        try store(key, artifacts: output.artifacts, files: output.files)
    }
}
