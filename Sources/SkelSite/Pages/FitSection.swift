import SkeletonCore
import SkeletonWeb

/// The `fit` section of `component.mustache` and the gallery card's badge, for a
/// component whose spec carries content (site/guides/fit-the-content.md, "In the
/// gallery"): at each width `fit` checks (a fluid spec: its reference width and each
/// listed width) the skeleton, the content and the two overlaid, with the figures of
/// a `skelsite fit --json` file when the build was given one.
///
/// The content is shown in a sandboxed frame (no scripts, no forms, no navigation) whose
/// policy loads nothing from outside, inside a declarative shadow root, as `fit` puts it
/// in one: its CSS reaches neither the page nor the component, and a doc's markup runs
/// nothing on the gallery's pages.
enum FitSection {
    /// The badge: "fits", "shifts 0.004575" (the worst score), or "not measured".
    struct Badge: Equatable {
        var text: String
        /// The class suffix: `fits`, `shifts` or `unmeasured`.
        var state: String
    }

    static func badge(_ fit: ComponentFit?) -> Badge {
        guard let fit else { return Badge(text: "not measured", state: "unmeasured") }
        return fit.passed ? Badge(text: "fits", state: "fits")
            : Badge(text: "shifts " + score(fit.worst), state: "shifts")
    }

    /// The widths `fit` lays the spec out at, as FitRun does: a fixed spec's width; a
    /// fluid one's reference width, then each listed width once.
    static func widths(_ spec: Spec) -> [Double] {
        guard let fluid = spec.fluid else { return [spec.width] }
        var widths = [spec.width]
        for width in fluid.listedWidths where !widths.contains(width) { widths.append(width) }
        return widths
    }

    /// The context: `badge`, `state`, `origin`, `views` (one per width).
    static func context(spec: Spec, height: Int, content: SpecContent, fit: ComponentFit?, language: String) -> [String: Any] {
        let badge = badge(fit)
        let frame = srcdoc(content, language: language)
        let views: [[String: Any]] = widths(spec).enumerated().map { index, width in
            let resized = spec.fluid == nil || width == spec.width ? nil : spec.at(width: width)
            let skeletonHeight = resized.map { LayoutEngine.layout($0).pixelSize(scale: 1).height } ?? height
            // The container the component fills its share of, as fit lays it out.
            let container = spec.fluid.map { width * 100 / $0.percent } ?? width
            let cases = fit?.cases.filter { $0.width == width } ?? []
            // The measured content's height, so the frame is right before any script runs.
            let measured = (cases.first { $0.theme == "light" } ?? cases.first)?.contentHeight
            var view: [String: Any] = [
                "index": index + 1,
                "points": VerifyReport.number(width),
                "containerWidth": VerifyReport.number(container, places: 2),
                "frameHeight": measured.map { Int(max(1, $0.rounded(.up))) } ?? skeletonHeight,
                "srcdoc": frame,
            ]
            if !cases.isEmpty {
                view["rows"] = cases.map(row)
                view["measured"] = true
            }
            return view
        }
        var context: [String: Any] = ["badge": badge.text, "state": badge.state, "origin": content.origin, "views": views]
        if let fit { context["threshold"] = score(fit.threshold) }
        return context
    }

    /// One case of the figures table.
    static func row(_ item: ComponentFit.Case) -> [String: Any] {
        [
            "label": AgreementTable.displayName(item.engine) + ", " + item.theme,
            "size": signed(item.deltaWidth) + " × " + signed(item.deltaHeight) + " px",
            "shift": score(item.score),
            "browser": item.browserShift.map(score) ?? "–",
            "passed": item.passed,
        ]
    }

    /// The frame's document: the content in a declarative shadow root, its CSS inside,
    /// and a policy that loads nothing (no scripts; images and fonts only as data: URLs).
    static func srcdoc(_ content: SpecContent, language: String) -> String {
        // A "</style" inside CSS would end the element early; "<\/" means the same to CSS.
        let css = TextSplice.replacingAll(in: content.css, "</", with: "<\\/")
        return "<!DOCTYPE html>\n<html lang=\"" + HTMLText.escape(language) + "\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
            + "img-src data:; font-src data:\">\n"
            + "<style>:root{color-scheme:light dark}html,body{margin:0;padding:0;overflow:hidden}</style>\n</head>\n<body>\n"
            + "<div class=\"fit-host\"><template shadowrootmode=\"open\"><style>\n" + css + "\n</style>\n" + content.html
            + "</template></div>\n</body>\n</html>\n"
    }

    /// A shift score: at most six decimals, as `fit` prints it.
    static func score(_ value: Double) -> String { VerifyReport.number(value, places: 6) }

    /// A size difference: `+4`, `-2.5`, `0`.
    static func signed(_ value: Double) -> String {
        let text = VerifyReport.number(value, places: 2)
        return value > 0 && text != "0" ? "+" + text : text
    }
}
