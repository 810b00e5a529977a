import SkeletonCore

/// A fluid spec's listed widths (`skeleton width=fill widths=320,768`,
/// site/reference/skeleton.md "Fluid width"): the four stills again at each width,
/// named `w<width>-<theme>@<scale>x.png` beside the reference width's own
/// `light@1x.png`. A fixed spec, or a fluid one without `widths=`, adds nothing, so
/// its files and bytes are what they were.
enum ListedWidthImages {
    /// `w768-light@1x.png` (a fractional width keeps its decimals: `w320.5-…`).
    static func name(width: Double, still: String) -> String {
        "w" + VerifyReport.number(width) + "-" + still
    }

    /// (file name, image) of light and dark at 1x and 2x, at t = 0, for every listed width.
    static func paint(_ spec: Spec) -> [(String, RGBAImage)] {
        guard let fluid = spec.fluid else { return [] }
        var out: [(String, RGBAImage)] = []
        for width in fluid.listedWidths {
            let resized = spec.at(width: width)
            let layout = LayoutEngine.layout(resized)
            for (still, scale, theme) in stills {
                out.append((name(width: width, still: still),
                            Painter.paint(resized, layout: layout, time: 0, scale: scale, theme: theme)))
            }
        }
        return out
    }

    static let stills: [(String, Int, Theme)] = [
        (ComponentFiles.light1x, 1, .light), (ComponentFiles.light2x, 2, .light),
        (ComponentFiles.dark1x, 1, .dark), (ComponentFiles.dark2x, 2, .dark),
    ]

    /// The component page's rows, one per listed width (`component.mustache`'s
    /// `listedWidths`): `points` and the image size at 1x and 2x, and the four links;
    /// nil without listed widths.
    static func context(_ spec: Spec, files: ComponentFiles, root: String) -> [[String: Any]]? {
        guard let widths = spec.fluid?.listedWidths, !widths.isEmpty else { return nil }
        return widths.map { width -> [String: Any] in
            let size = LayoutEngine.layout(spec.at(width: width)).pixelSize(scale: 1)
            var row: [String: Any] = ["points": VerifyReport.number(width), "width": size.width, "height": size.height]
            for (still, key) in zip([ComponentFiles.light1x, ComponentFiles.light2x, ComponentFiles.dark1x, ComponentFiles.dark2x],
                                    ["light1x", "light2x", "dark1x", "dark2x"]) {
                row[key] = files.link(name(width: width, still: still), root: root)
            }
            return row
        }
    }
}
