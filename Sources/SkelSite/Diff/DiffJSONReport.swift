/// `--json FILE`: the run as JSON with a fixed key order, one image per line, so the
/// file is byte-identical for the same input and reads well in a code review.
public enum DiffJSONReport {
    public static func render(_ result: DirectoryDiffResult, options: DirectoryDiffOptions) -> String {
        var out = "{\"images\":["
        out += result.images.map { "\n" + image($0) }.joined(separator: ",")
        let s = result.summary
        out += "\n],\n\"summary\":{\"images\":\(s.images),\"unchanged\":\(s.unchanged),\"changed\":\(s.changed),"
        out += "\"added\":\(s.added),\"removed\":\(s.removed),\"resized\":\(s.resized),\"failed\":\(s.failed),"
        out += "\"passed\":\(s.passed)},\n"
        out += "\"options\":{\"threshold\":\(number(options.pixel.threshold)),\"include_aa\":\(options.pixel.includeAA),"
        out += "\"max_diff_pixels\":\(options.tolerance.maxDiffPixels.map { String($0) } ?? "null"),"
        out += "\"max_diff_ratio\":\(options.tolerance.maxDiffRatio.map(number) ?? "null"),"
        out += "\"allow_added\":\(options.allowAdded),\"allow_removed\":\(options.allowRemoved)}}\n"
        return out
    }

    static func image(_ i: ImageComparison) -> String {
        "{\"path\":\(JSONText.string(i.path)),\"status\":\"\(i.status.rawValue)\","
            + "\"mismatched_pixels\":\(i.mismatchedPixels.map { String($0) } ?? "null"),"
            + "\"antialiased_pixels\":\(i.antialiasedPixels.map { String($0) } ?? "null"),"
            + "\"total_pixels\":\(i.totalPixels),"
            + "\"ratio\":\(i.ratio.map(number) ?? "null"),"
            + "\"baseline_size\":\(size(i.baselineSize)),\"current_size\":\(size(i.currentSize)),"
            + "\"failed\":\(i.failed),"
            + "\"diff_image\":\(i.diffImage.map { JSONText.string($0) } ?? "null")}"
    }

    static func size(_ s: PixelSize?) -> String {
        guard let s else { return "null" }
        return "{\"width\":\(s.width),\"height\":\(s.height)}"
    }

    /// Swift's shortest round-trip form (`0.1`, `1e-05`), valid JSON for finite values.
    static func number(_ value: Double) -> String {
        value.isFinite ? "\(value)" : "null"
    }
}
