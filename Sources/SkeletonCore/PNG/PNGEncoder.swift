// STUB: replaced by the PNG work. Signature is the contract.
public enum PNGEncoder {
    /// A PNG (RGBA, 8-bit) of `image`. Deterministic bytes.
    public static func encode(_ image: RGBAImage) -> [UInt8] { [] }
    /// An animated PNG; every frame has the same size; `delayMilliseconds` per frame; loops forever.
    public static func encodeAnimated(_ frames: [RGBAImage], delayMilliseconds: Int) -> [UInt8] { [] }
}
