// libFuzzer target: PNGDecoder.decode must return an image or a PNGError for any
// bytes, never trap, read out of bounds or hang. Built by scripts/fuzz.sh together
// with Sources/SkeletonCore, so the decoder is called directly (no module import).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    // A small pixel limit keeps each run fast and memory bounded; the limit check
    // itself is part of what is exercised.
    do {
        let image = try PNGDecoder.decode(bytes, maxPixels: 1 << 20)
        precondition(image.pixels.count == image.width * image.height * 4)
        // Whatever decoded must survive a round trip through the encoder.
        let again = try PNGDecoder.decode(PNGEncoder.encode(image), maxPixels: 1 << 20)
        precondition(again == image, "encoder round trip changed the pixels")
    } catch {
        _ = error.message
    }
    return 0
}
