import SkelSite

/// `--json FILE`: the run as JSON with a fixed key order, one image per line, so the
/// file is byte-identical for the same input and reads well in a code review.
///
/// Fields are only ever added (at the end of their object), never renamed or removed:
/// scripts read them (site/reference/command-line.md, `diff`).
public enum DiffJSONReport {
    public static func render(_ result: DirectoryDiffResult, options: DirectoryDiffOptions) -> String {
        var out = "{\"images\":["
        out += result.entries.map { entry in
            switch entry {
            case .image(let i): return "\n" + image(i)
            case .broken(let b): return "\n" + broken(b)
            }
        }.joined(separator: ",")
        let s = result.summary
        out += "\n],\n\"summary\":{\"images\":\(s.images),\"unchanged\":\(s.unchanged),\"changed\":\(s.changed),"
        out += "\"added\":\(s.added),\"removed\":\(s.removed),\"resized\":\(s.resized),\"failed\":\(s.failed),"
        out += "\"passed\":\(s.passed),\"errors\":\(s.errors)},\n"
        out += "\"options\":{\"threshold\":\(number(options.pixel.threshold)),\"include_aa\":\(options.pixel.includeAA),"
        out += "\"max_diff_pixels\":\(options.tolerance.maxDiffPixels.map { String($0) } ?? "null"),"
        out += "\"max_diff_ratio\":\(options.tolerance.maxDiffRatio.map(number) ?? "null"),"
        out += "\"allow_added\":\(options.allowAdded),\"allow_removed\":\(options.allowRemoved),"
        out += "\"measure\":\(JSONText.string(options.measureLabel)),"
        out += "\"pixelmatch\":\(options.pixel.version == .v7 ? 7 : 6)},\n"
        // The same two keys as the document `--format json` prints when a run cannot
        // complete, so one script reads both.
        out += "\"ok\":\(result.errors.isEmpty),\"errors\":[" + errorList(result.errors) + "]}\n"
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
            + "\"diff_image\":\(i.diffImage.map { JSONText.string($0) } ?? "null"),"
            + "\"measure\":\(i.measure.map { JSONText.string($0) } ?? "null"),"
            + "\"exact_pixels\":\(i.exactPixels.map { String($0) } ?? "null"),"
            + "\"pixelmatch_pixels\":\(i.pixelmatchPixels.map { String($0) } ?? "null"),"
            + "\"errors\":[]}"
    }

    /// A pair that could not be compared: the same keys, status "error", and its errors.
    static func broken(_ b: BrokenImage) -> String {
        "{\"path\":\(JSONText.string(b.path)),\"status\":\"error\","
            + "\"mismatched_pixels\":null,\"antialiased_pixels\":null,\"total_pixels\":null,\"ratio\":null,"
            + "\"baseline_size\":null,\"current_size\":null,\"failed\":true,\"diff_image\":null,"
            + "\"measure\":null,\"exact_pixels\":null,\"pixelmatch_pixels\":null,"
            + "\"errors\":[" + errorList(b.errors) + "]}"
    }

    static func errorList(_ errors: [DiffError]) -> String {
        errors.map { "{\"file\":\(JSONText.string($0.path)),\"message\":\(JSONText.string($0.message))}" }
            .joined(separator: ",")
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
