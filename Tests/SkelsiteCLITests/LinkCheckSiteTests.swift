import Foundation
import Testing
import SkelSite

/// The bundled site, built for real, has no broken local reference and needs no network.
@Suite struct LinkCheckSiteTests {
    @Test func bundledSiteHasNoBrokenLinks() throws {
        let site = try GallerySiteBuild.folder()
        let report = try SiteLinkChecker.scan(siteFolder: site)
        // Counts first, then at most ten lines each: one template bug breaks hundreds of links.
        #expect(report.broken.count == 0, "\(report.broken.prefix(10).map(\.description).joined(separator: "\n"))")
        #expect(report.external.count == 0, "\(report.external.prefix(10).map(\.description).joined(separator: "\n"))")
        // Every page of the sitemap plus the stylesheets was read, and each page links to
        // at least its stylesheet: a scan that found nothing would be a broken scanner.
        let sitemap = try String(contentsOf: site.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        let pages = sitemap.components(separatedBy: "<loc>").count - 1
        let cssFiles = try FileManager.default.subpathsOfDirectory(atPath: site.path).filter { $0.hasSuffix(".css") }
        #expect(report.fileCount >= pages + cssFiles.count)
        #expect(report.checkedCount > pages * 2)
    }

    @Test func everyComponentPNGTheGalleryNamesExists() throws {
        // The search index names each card's thumbnails; the gallery's <img> tags use the
        // same paths, so a missing PNG would show as a broken link above too. Here: exact count.
        let site = try GallerySiteBuild.folder()
        let data = try Data(contentsOf: site.appendingPathComponent("search-index.json"))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(!entries.isEmpty)
        var missing: [String] = []
        for entry in entries {
            for key in ["thumb", "darkThumb"] {
                let path = try #require(entry[key] as? String)
                if !FileManager.default.fileExists(atPath: site.appendingPathComponent(path).path) { missing.append(path) }
            }
        }
        #expect(missing == [])
    }
}
