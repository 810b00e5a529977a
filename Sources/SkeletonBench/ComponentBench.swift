import Foundation
import SkeletonCore
import SkelSite

/// Component benchmark: where one component's reference images spend their time.
/// Paints and encodes the build benchmark's five spec shapes over 100 pages (500
/// components) through the site builder's own ComponentRenderer (four statics, and for
/// moving specs eight preview frames from a backdrop, a four-frame strip and an APNG),
/// timing each stage separately. No peer: this section explains the `build` section's
/// spec figures.
/// Returns the seconds a component takes on one core, or nil on error.
@discardableResult
func runComponentBench() -> Double? {
    var specs: [Spec] = []
    for page in 0..<100 {
        for number in 0..<BuildCorpus.specsPerPage {
            guard let spec = BuildCorpus.parsedSpec(page: page, number: number) else { print("component: ERROR corpus spec does not parse"); return nil }
            specs.append(spec)
        }
    }
    let clock = ContinuousClock()
    var paintTime = Duration.zero, staticTime = Duration.zero, stripTime = Duration.zero, apngTime = Duration.zero
    var staticBytes = 0, stripBytes = 0, apngBytes = 0, pixels = 0
    var digest = CRC32()  // of every file, so a speed change that alters bytes shows
    for spec in specs {
        let layout = LayoutEngine.layout(spec)
        // The builder's own painting and encoding (SkelSite's ComponentRenderer), stage by stage.
        let start = clock.now
        let images = ComponentRenderer.paint(spec, layout: layout)
        paintTime += clock.now - start
        pixels += images.statics.reduce(0) { $0 + $1.1.width * $1.1.height }
            + images.preview.dropFirst().reduce(0) { $0 + $1.width * $1.height }
        var files: [(String, [UInt8])] = []
        staticTime += clock.measure { files = images.encodedStatics() }
        staticBytes += files.reduce(0) { $0 + $1.1.count }
        var strip: (String, [UInt8])?, preview: (String, [UInt8])?
        stripTime += clock.measure { strip = images.encodedStrip() }
        apngTime += clock.measure { preview = images.encodedPreview() }
        stripBytes += strip?.1.count ?? 0
        apngBytes += preview?.1.count ?? 0
        for file in files + [strip, preview].compactMap({ $0 }) { digest.update(file.1) }
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
    return total.seconds / Double(specs.count)
}
