import Foundation

/// How well one component's CSS agreed with its reference PNGs in a `skelsite verify`
/// run, as its gallery page shows it (`skelsite build --verify-results FILE`).
///
/// Results are matched to components by the SHA-256 of the spec's text, not by
/// `path:line`: a spec edited after the run has a new digest and shows no figures,
/// so a page never claims an agreement that was measured on another spec.
public struct ComponentAgreement: Equatable, Sendable {
    public struct Frame: Equatable, Sendable {
        /// `results[].engine`; "chromium" in files from before engines were named.
        public var engine: String = "chromium"
        public var theme: String
        public var scale: Int
        public var time: Double
        public var match: Double
        /// A fluid spec's checked width (`results[].width`); nil for a fixed one.
        public var width: Double? = nil
    }

    /// In the order of the results file (verify writes per engine, per scale, light
    /// then dark, times ascending).
    public var frames: [Frame]
    /// The bar the run used; frames below it are marked on the page.
    public var minimum: Double
    /// pixelmatch's threshold the run used; nil in files that do not say (older runs).
    public var threshold: Double? = nil

    /// The worst frame over every engine.
    public var worst: Double { frames.map(\.match).min() ?? 1 }
    /// The engines measured, in the file's order.
    public var engines: [String] {
        var seen: [String] = []
        for frame in frames where !seen.contains(frame.engine) { seen.append(frame.engine) }
        return seen
    }
    public var passed: Bool { frames.allSatisfy { $0.match >= minimum } }
}

public enum VerifyResultsFile {
    /// Reads a `skelsite verify --json` file into agreements keyed by spec digest.
    /// Results without a `spec` digest (files from older versions) are skipped.
    /// Throws a message naming the file and the problem.
    /// The bar comes from the file's `minimum` (what the run used), else 0.995.
    public static func read(_ url: URL) throws(SiteBuildError) -> [String: ComponentAgreement] {
        if let kind = UserFile.unreadableKind(url.path) {
            throw .io("cannot read verify results \(url.path): \(kind)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .io("cannot read verify results \(url.path): \(FileErrorText.describe(error, path: url.path))")
        }
        return try parse(data, path: url.path)
    }

    static func parse(_ data: Data, path: String) throws(SiteBuildError) -> [String: ComponentAgreement] {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let results = root["results"] as? [[String: Any]] else {
            throw .io("\(path): not a skelsite verify --json file (no \"results\" array)")
        }
        // verify's default bar, for files that do not say.
        let minimum = (root["minimum"] as? NSNumber)?.doubleValue ?? 0.995
        let threshold = (root["threshold"] as? NSNumber)?.doubleValue
        var byDigest: [String: ComponentAgreement] = [:]
        for (index, result) in results.enumerated() {
            guard let digest = result["spec"] as? String else { continue }
            guard let theme = result["theme"] as? String, let scale = result["scale"] as? Int,
                  let time = (result["time"] as? NSNumber)?.doubleValue,
                  let match = (result["match"] as? NSNumber)?.doubleValue else {
                throw .io("\(path): result \(index + 1) lacks theme, scale, time or match")
            }
            let engine = result["engine"] as? String ?? "chromium"
            byDigest[digest, default: ComponentAgreement(frames: [], minimum: minimum, threshold: threshold)].frames
                .append(.init(engine: engine, theme: theme, scale: scale, time: time, match: match,
                              width: (result["width"] as? NSNumber)?.doubleValue))
        }
        return byDigest
    }
}
