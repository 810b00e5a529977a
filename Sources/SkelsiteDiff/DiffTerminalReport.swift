import SkelSite
import Foundation

/// What `skelsite diff` prints: a line per image that is not unchanged, then a summary.
public enum DiffTerminalReport {
    /// `1.20%`: two decimals, whatever the locale.
    public static func percent(_ ratio: Double) -> String {
        String(format: "%.2f%%", ratio * 100)
    }

    /// The verdict on one image without its status, e.g.
    /// `120 of 10000 pixels differ (1.20%), over tolerance (allowed 0); measure exact,
    /// pixelmatch 0.1 counts 0`.
    public static func detail(_ image: ImageComparison, tolerance: DiffTolerance) -> String {
        switch image.status {
        case .unchanged:
            return "no pixel differs" + measured(image)
        case .changed:
            let mismatched = image.mismatchedPixels ?? 0
            let allowed = tolerance.allowance(totalPixels: image.totalPixels)
            // Whole allowances print as integers, fractional ones with two decimals.
            let allowedText = allowed == allowed.rounded(.down) ? String(Int(allowed)) : String(format: "%.2f", allowed)
            return "\(mismatched) of \(image.totalPixels) pixels differ (\(percent(image.ratio ?? 0))), "
                + (image.failed ? "over" : "within") + " tolerance (allowed \(allowedText))" + measured(image)
        case .resized:
            return "size changed from \(image.baselineSize?.text ?? "?") to \(image.currentSize?.text ?? "?")"
        case .added:
            return "new image (\(image.currentSize?.text ?? "?"))" + (image.failed ? ", no baseline" : ", allowed")
        case .removed:
            return "baseline image (\(image.baselineSize?.text ?? "?")) has no current image" + (image.failed ? "" : ", allowed")
        }
    }

    /// `; measure exact, pixelmatch 0.1 counts 3`: which measure decided, and what the
    /// other one counts; empty when the image was not measured so.
    public static func measured(_ image: ImageComparison) -> String {
        guard let measure = image.measure else { return "" }
        var text = "; measure " + measure
        if let beside = image.besideMeasure, let count = image.besidePixels {
            text += ", \(beside) counts \(count)"
        }
        return text
    }

    /// The line for a pair that could not be compared:
    /// `error     cut.png: base/cut.png: error: not a PNG file: bad signature`.
    public static func line(_ broken: BrokenImage) -> String {
        "error" + String(repeating: " ", count: 5) + broken.path + ": " + broken.errors.map(\.text).joined(separator: "; ")
    }

    /// `changed   cards/a.png: 120 of 10000 pixels differ (1.20%), over tolerance (allowed 0)`;
    /// nil for unchanged images.
    public static func line(_ image: ImageComparison, tolerance: DiffTolerance) -> String? {
        guard image.status != .unchanged else { return nil }
        let label = image.status.rawValue
        return label + String(repeating: " ", count: max(1, 10 - label.count)) + image.path + ": "
            + detail(image, tolerance: tolerance)
    }

    /// `5 images: 2 unchanged, 1 changed, 1 added, 1 removed, 0 resized; 2 failed`; with
    /// pairs that could not be compared, `, 1 unreadable` after `resized`.
    public static func summary(_ s: DiffSummary) -> String {
        var text = "\(s.images) image\(s.images == 1 ? "" : "s"): \(s.unchanged) unchanged, \(s.changed) changed, "
            + "\(s.added) added, \(s.removed) removed, \(s.resized) resized"
        if s.errors > 0 {
            text += ", \(s.errors) unreadable; "
            return text + (s.failed > 0 ? "\(s.failed) failed" : "no readable image differs beyond tolerance")
        }
        return text + "; " + (s.passed ? "nothing differs beyond tolerance" : "\(s.failed) failed")
    }
}
