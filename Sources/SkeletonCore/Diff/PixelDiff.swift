// STUB: replaced by the diff work. Signature is the contract.
public struct DiffOptions: Equatable, Sendable {
    /// pixelmatch's threshold: 0 (exact) ... 1; 0.1 by default.
    public var threshold: Double = 0.1
    /// Count anti-aliased pixels as differences (pixelmatch's includeAA).
    public var includeAA: Bool = false
    public init(threshold: Double = 0.1, includeAA: Bool = false) {
        self.threshold = threshold
        self.includeAA = includeAA
    }
}

public enum PixelDiff {
    /// Number of mismatched pixels, as pixelmatch counts them. When `output` is given
    /// (same size as the inputs), the diff picture is drawn into it as pixelmatch draws it.
    public static func compare(_ a: RGBAImage, _ b: RGBAImage, options: DiffOptions = DiffOptions(),
                               output: inout RGBAImage?) -> Int {
        0
    }
}
