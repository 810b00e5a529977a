import Foundation

/// What `skelsite diff` prints: a line per image that is not unchanged, then a summary.
public enum DiffTerminalReport {
    /// `1.20%`: two decimals, whatever the locale.
    public static func percent(_ ratio: Double) -> String {
        String(format: "%.2f%%", ratio * 100)
    }

    /// The verdict on one image without its status, e.g.
    /// `120 of 10000 pixels differ (1.20%), over tolerance (allowed 0)`.
    public static func detail(_ image: ImageComparison, tolerance: DiffTolerance) -> String {
        switch image.status {
        case .unchanged:
            return "no pixel differs beyond the threshold"
        case .changed:
            let mismatched = image.mismatchedPixels ?? 0
            let allowed = tolerance.allowance(totalPixels: image.totalPixels)
            // Whole allowances print as integers, fractional ones with two decimals.
            let allowedText = allowed == allowed.rounded(.down) ? String(Int(allowed)) : String(format: "%.2f", allowed)
            return "\(mismatched) of \(image.totalPixels) pixels differ (\(percent(image.ratio ?? 0))), "
                + (image.failed ? "over" : "within") + " tolerance (allowed \(allowedText))"
        case .resized:
            return "size changed from \(image.baselineSize?.text ?? "?") to \(image.currentSize?.text ?? "?")"
        case .added:
            return "new image (\(image.currentSize?.text ?? "?"))" + (image.failed ? ", no baseline" : ", allowed")
        case .removed:
            return "baseline image (\(image.baselineSize?.text ?? "?")) has no current image" + (image.failed ? "" : ", allowed")
        }
    }

    /// `changed   cards/a.png: 120 of 10000 pixels differ (1.20%), over tolerance (allowed 0)`;
    /// nil for unchanged images.
    public static func line(_ image: ImageComparison, tolerance: DiffTolerance) -> String? {
        guard image.status != .unchanged else { return nil }
        let label = image.status.rawValue
        return label + String(repeating: " ", count: max(1, 10 - label.count)) + image.path + ": "
            + detail(image, tolerance: tolerance)
    }

    /// `5 images: 2 unchanged, 1 changed, 1 added, 1 removed, 0 resized; 2 failed`.
    public static func summary(_ s: DiffSummary) -> String {
        "\(s.images) image\(s.images == 1 ? "" : "s"): \(s.unchanged) unchanged, \(s.changed) changed, "
            + "\(s.added) added, \(s.removed) removed, \(s.resized) resized; "
            + (s.passed ? "nothing differs beyond tolerance" : "\(s.failed) failed")
    }
}
