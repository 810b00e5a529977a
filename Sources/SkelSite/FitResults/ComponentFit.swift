/// What a `skelsite fit` run measured for one spec, as its component page and gallery
/// card show it (`skelsite build --fit-results FILE`, site/guides/fit-the-content.md,
/// "In the gallery").
public struct ComponentFit: Equatable, Sendable {
    /// One width, theme and engine.
    public struct Case: Equatable, Sendable {
        /// `cases[].engine`; "chromium" in files that do not name one.
        public var engine: String
        /// The width the component was laid out at (CSS pixels).
        public var width: Double
        public var theme: String
        /// The content's root minus the skeleton's root.
        public var deltaWidth: Double
        public var deltaHeight: Double
        /// The content's root box size, when the file gives it (the frame's height on the page).
        public var contentHeight: Double?
        /// Our layout-shift score of the swap.
        public var score: Double
        /// The browser's own `layout-shift` entries, summed; nil where it has none.
        public var browserShift: Double?
        public var passed: Bool
        /// The SHA-256 of the spec's text the run measured (`cases[].spec`), when the file
        /// says: the case then shows only beside that exact spec, not an edited one.
        public var spec: String? = nil
    }

    /// In the file's order.
    public var cases: [Case]
    /// The threshold the run used.
    public var threshold: Double

    public var passed: Bool { cases.allSatisfy(\.passed) }
    /// The largest shift score over every case.
    public var worst: Double { cases.map(\.score).max() ?? 0 }

    /// The cases that measured the spec with this digest (those naming another are
    /// dropped); nil when none is left.
    func measuring(digest: String) -> ComponentFit? {
        let kept = cases.filter { $0.spec == nil || $0.spec == digest }
        return kept.isEmpty ? nil : ComponentFit(cases: kept, threshold: threshold)
    }
}

/// A `skelsite fit --json` file read: each spec's cases by the path and fence line the
/// file gives, and by spec digest where the file gives one.
public struct FitResults: Equatable, Sendable {
    /// Path as the file writes it (`site/gallery/a.md`), then the spec's fence line.
    public var byPath: [String: [Int: ComponentFit]] = [:]
    public init() {}

    public var isEmpty: Bool { byPath.isEmpty }

    /// The file's paths matched to the build's docs: a path written with the folder the
    /// run was given (`site/gallery/a.md`) belongs to the doc whose path relative to the
    /// source it ends with (`gallery/a.md`), the longest such one when several do.
    func byDocument(_ relativePaths: [String]) -> [String: [Int: ComponentFit]] {
        var out: [String: [Int: ComponentFit]] = [:]
        for (path, specs) in byPath {
            var best: String?
            for doc in relativePaths where path == doc || path.hasSuffix("/" + doc) {
                if best == nil || doc.utf8.count > best!.utf8.count { best = doc }
            }
            guard let best else { continue }
            out[best, default: [:]].merge(specs) { first, _ in first }
        }
        return out
    }
}
