// STUB: replaced by the PNG work. Signature is the contract.
public enum PNGError: Error, Equatable, Sendable {
    case invalid(String)
}

public enum PNGDecoder {
    /// Decodes any PNG to 8-bit RGBA. Refuses images over `maxPixels`.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = Limits.maxPNGPixels) throws(PNGError) -> RGBAImage {
        throw .invalid("decoder not implemented")
    }
}
