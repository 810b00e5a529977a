import SkelSite

/// Counts over all images of one run.
public struct DiffSummary: Equatable, Sendable {
    public var images = 0
    public var unchanged = 0
    public var changed = 0
    public var added = 0
    public var removed = 0
    public var resized = 0
    /// Images that make the run fail (see `ImageComparison.failed`).
    public var failed = 0
    /// Pairs that could not be compared (`BrokenImage`): counted in `images`, not in
    /// `failed`; any makes the run an I/O error (exit 2).
    public var errors = 0

    public init(_ comparisons: [ImageComparison]) {
        images = comparisons.count
        for image in comparisons {
            switch image.status {
            case .unchanged: unchanged += 1
            case .changed: changed += 1
            case .added: added += 1
            case .removed: removed += 1
            case .resized: resized += 1
            }
            if image.failed { failed += 1 }
        }
    }

    /// Nothing differs beyond tolerance and every image was read: exit 0.
    public var passed: Bool { failed == 0 && errors == 0 }
}
