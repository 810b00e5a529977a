import Foundation
import SkeletonCore

/// Component benchmark: where one component's reference images spend their time.
/// Paints and encodes the build benchmark's five spec shapes over 100 pages (500
/// components) the way the site builder does (four statics, and for animated specs
/// eight preview frames from a backdrop, a four-frame strip and an APNG), timing each stage
/// separately. No peer: this section explains the `build` section's spec figures.
/// Returns the seconds a component takes on one core, or nil on error.
@discardableResult
func runComponentBench() -> Double? {
    var specs: [Spec] = []
    for page in 0..<100 {
        for number in 0..<BuildCorpus.specsPerPage {
            let block = BuildCorpus.spec(page: page, number: number)
            let body = block.split(separator: "\n").dropFirst().dropLast().joined(separator: "\n")
            guard let spec = SpecParser.parse(body).spec else { print("component: ERROR corpus spec does not parse"); return nil }
            specs.append(spec)
        }
    }
    let clock = ContinuousClock()
    var paintTime = Duration.zero, staticTime = Duration.zero, stripTime = Duration.zero, apngTime = Duration.zero
    var staticBytes = 0, stripBytes = 0, apngBytes = 0, pixels = 0
    var digest = CRC32()  // of every file, so a speed change that alters bytes shows
    for spec in specs {
        let layout = LayoutEngine.layout(spec)
        var statics: [RGBAImage] = [], frames: [RGBAImage] = []
        paintTime += clock.measure {
            for (scale, theme) in [(1, Theme.light), (2, .light), (1, .dark), (2, .dark)] {
                statics.append(Painter.paint(spec, layout: layout, time: 0, scale: scale, theme: theme))
            }
            let animated = spec.animation.kind == .shimmer || spec.animation.kind == .pulse
            if animated {
                frames.append(statics[0])
                // As the site builder does: later frames repaint only shapes over a backdrop.
                let backdrop = Backdrop.make(spec, layout: layout, scale: 1, theme: .light)
                for index in 1..<8 {
                    let time = spec.animation.duration * Double(index) / 8
                    frames.append(backdrop.map { Painter.paint(spec, layout: layout, time: time, backdrop: $0) }
                                  ?? Painter.paint(spec, layout: layout, time: time, scale: 1, theme: .light))
                }
            }
        }
        pixels += statics.reduce(0) { $0 + $1.width * $1.height } + frames.dropFirst().reduce(0) { $0 + $1.width * $1.height }
        var files: [[UInt8]] = []
        staticTime += clock.measure { for image in statics { files.append(PNGEncoder.encode(image)) } }
        staticBytes += files.reduce(0) { $0 + $1.count }
        if !frames.isEmpty {
            let strip = sideBySide([frames[0], frames[2], frames[4], frames[6]])
            var stripFile: [UInt8] = [], apngFile: [UInt8] = []
            stripTime += clock.measure { stripFile = PNGEncoder.encode(strip) }
            apngTime += clock.measure { apngFile = PNGEncoder.encodeAnimated(frames, delayMilliseconds: 100) }
            stripBytes += stripFile.count
            apngBytes += apngFile.count
            files += [stripFile, apngFile]
        }
        for file in files { digest.update(file) }
    }
    func ms(_ d: Duration) -> String {
        String(format: "%8.1f ms", Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15)
    }
    print("component: \(specs.count) components, \(pixels / specs.count) painted pixels each on average, one core")
    print("  paint                \(ms(paintTime))")
    print("  encode statics       \(ms(staticTime))  \(staticBytes) bytes")
    print("  encode strips        \(ms(stripTime))  \(stripBytes) bytes")
    print("  encode APNGs         \(ms(apngTime))  \(apngBytes) bytes")
    let total = paintTime + staticTime + stripTime + apngTime
    print("  total                \(ms(total))  \(staticBytes + stripBytes + apngBytes) bytes, CRC-32 of all \(String(digest.value, radix: 16))")
    return (Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18) / Double(specs.count)
}

private func sideBySide(_ images: [RGBAImage]) -> RGBAImage {
    let (w, h) = (images[0].width, images[0].height)
    var out = RGBAImage(width: w * images.count, height: h)
    for (index, image) in images.enumerated() {
        for y in 0..<h {
            out.pixels.replaceSubrange((y * out.width + index * w) * 4 ..< (y * out.width + (index + 1) * w) * 4,
                                       with: image.pixels[y * w * 4 ..< (y + 1) * w * 4])
        }
    }
    return out
}
