import SkelSite
import SkeletonCore

/// A fluid spec (`skeleton width=fill`, site/reference/skeleton.md "Fluid width") is
/// checked at two widths or more: its reference width and its listed widths, else one
/// more, so a band or a layout that only holds at one width fails.
enum FluidVerifyWidths {
    /// Each fluid item at its reference width, then at each listed width (`widths=`,
    /// the widths it has PNGs at), else at `otherWidth`; fixed items once.
    static func expand(_ items: [VerifySpec]) -> [VerifySpec] {
        var out: [VerifySpec] = []
        for item in items {
            guard let fluid = item.spec.fluid else {
                out.append(item)
                continue
            }
            for width in [item.spec.width] + (fluid.listedWidths.isEmpty ? [otherWidth(item.spec.width, fluid)] : fluid.listedWidths) {
                var copy = item
                copy.spec = item.spec.at(width: width)
                copy.checkedWidth = width
                out.append(copy)
            }
        }
        return out
    }

    /// The second width: min-width, else max-width, else 80% of the reference width
    /// (whole points), whichever differs from the reference.
    static func otherWidth(_ reference: Double, _ fluid: FluidWidth) -> Double {
        for candidate in [fluid.minWidth, fluid.maxWidth].compactMap({ $0 }) where candidate != reference {
            return candidate
        }
        return fluid.clamp((reference * 0.8).rounded())
    }

    /// A fluid component fills a share of its container: the container that makes it
    /// exactly `spec.width` wide.
    static func html(_ spec: Spec, _ component: String) -> String {
        guard let fluid = spec.fluid else { return component }
        return "<div style=\"width:" + VerifyReport.number(spec.width * 100 / fluid.percent) + "px\">\n" + component + "</div>\n"
    }
}
