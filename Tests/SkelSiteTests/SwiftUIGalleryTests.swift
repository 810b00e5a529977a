import Foundation
import SkeletonCore
import SkeletonWeb
import Testing
@testable import SkelSite

/// Each component page shows its SwiftUI view next to HTML and CSS, with a copy button,
/// and the site ships the support file that view needs (site/reference/swiftui-export.md).
@Suite struct SwiftUIGalleryTests {
    @Test func componentPageShowsTheExportAndTheSiteShipsItsSupport() throws {
        let (site, page, exported) = try WebExportGalleryTests.builtRowsPage()
        defer { site.remove() }
        let view = SwiftUIExport.viewsFile(exported)
        #expect(view.contains("public struct RowCoSkeleton: View {"))
        let escaped = view.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
        // Focusable, for a view wider than the page (site/guides/accessibility.md).
        #expect(page.contains("<pre tabindex=\"0\" role=\"group\" aria-label=\"SwiftUI view of Row &amp; co\">"
            + "<code class=\"language-swift\" id=\"rows--row-co-swiftui\">" + escaped + "</code></pre>"))
        #expect(page.contains("data-copy=\"rows--row-co-swiftui\" data-js-only hidden>Copy SwiftUI</button>"))
        // Beside the summary, not in it: no link inside another control.
        #expect(page.contains("<summary>SwiftUI</summary>\n    <p class=\"code-meta\">Needs <a href=\"assets/SkeletonSupport.swift\">SkeletonSupport.swift</a> in the same target.</p>"))
        let support = try String(contentsOf: site.output.appendingPathComponent("assets/SkeletonSupport.swift"), encoding: .utf8)
        #expect(support == SwiftUIExport.supportSource)
    }
}
