import SkeletonCore

/// A `dir=auto` spec's mirrored stills (site/reference/layout.md, "Direction"): the
/// component as a right-to-left page draws it, named `<theme>-rtl@<scale>x.png` beside
/// `light@1x.png`. Any other spec adds nothing, so its files are what they were (a
/// `dir=rtl` spec's own stills are already mirrored).
enum RightToLeftImages {
    /// `light-rtl@1x.png` for the still `light@1x.png`.
    static func name(still: String) -> String {
        var bytes = Array(still.utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "@")) ?? bytes.count
        bytes.insert(contentsOf: Array("-rtl".utf8), at: at)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// (file name, image) of light and dark at 1x and 2x, at t = 0, mirrored.
    static func paint(_ spec: Spec) -> [(String, RGBAImage)] {
        guard spec.dir == .auto else { return [] }
        let mirrored = spec.rightToLeft()
        let layout = LayoutEngine.layout(mirrored)
        return ListedWidthImages.stills.map { still, scale, theme in
            (name(still: still), Painter.paint(mirrored, layout: layout, time: 0, scale: scale, theme: theme))
        }
    }

    /// The component page's mirrored stills (`component.mustache`'s `rightToLeft`): the
    /// four links; nil unless the spec is `dir=auto`.
    static func context(_ spec: Spec, files: ComponentFiles, root: String) -> [String: Any]? {
        guard spec.dir == .auto else { return nil }
        var row: [String: Any] = [:]
        for (still, key) in zip([ComponentFiles.light1x, ComponentFiles.light2x, ComponentFiles.dark1x, ComponentFiles.dark2x],
                                ["light1x", "light2x", "dark1x", "dark2x"]) {
            row[key] = files.link(name(still: still), root: root)
        }
        return row
    }
}
