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
