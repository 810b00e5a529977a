import SkelSite

/// What happened to one reference PNG between the baseline and the current folder.
public enum DiffStatus: String, Sendable, CaseIterable {
    /// Same size and no pixel differs by the run's measure: no byte (exact, the
    /// default), or nothing beyond the threshold, anti-aliasing aside (pixelmatch).
    case unchanged
    /// Same size, some pixels differ by the run's measure.
    case changed
    /// Only in the current folder.
    case added
    /// Only in the baseline folder.
    case removed
    /// In both, but the width or height differs (never compared pixel by pixel).
    case resized
}
