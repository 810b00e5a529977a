import Foundation
import Testing
@testable import SkelSite

/// Sites of more than `SiteNav.fullNavLimit` docs: each page lists root docs and its
/// own section in full, and every other section as one link to its first doc.
@Suite struct BigSiteNavTests {
    /// 1 root doc + 3 sections of 40 docs = 121 docs.
    static var docs: [String: String] {
        var docs = ["about.md": "# About\n"]
        for section in ["alpha", "beta", "gamma"] {
            for index in 0..<40 {
                docs["\(section)/page-\(index).md"] = "---\norder: \(index)\n---\n# \(section) \(index)\n"
            }
        }
        return docs
    }

    @Test func navExpandsOnlyTheOwnSection() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let report = try site.build()
        #expect(report.diagnostics == [])
        let page = try site.read("beta/page-7.html")
        let nav = String(try #require(page.firstRange(of: /<nav class="site-nav"[\s\S]*?<\/nav>/).map { page[$0] }))
        let links = nav.matches(of: /href="([^"]+)"/).map { String($0.1) }
        #expect(links == ["../index.html", "../playground.html", "../diff/index.html", "../about.html",
                          "../alpha/page-0.html"]
                + (0..<40).map { "../beta/page-\($0).html" } + ["../gamma/page-0.html"])
        #expect(nav.contains("<p class=\"nav-group-label\"><a href=\"../alpha/page-0.html\">Alpha</a></p>"))
        #expect(nav.contains("<p class=\"nav-group-label\">Beta</p>"))
        #expect(nav.contains("<a href=\"../beta/page-7.html\" aria-current=\"page\">beta 7</a>"))
        // The gallery expands no section but lists every doc in its body.
        let index = try site.read("index.html")
        let indexNav = String(try #require(index.firstRange(of: /<nav class="site-nav"[\s\S]*?<\/nav>/).map { index[$0] }))
        #expect(indexNav.matches(of: /href="/).count == 7)
        #expect(try SiteLinkChecker.check(siteFolder: site.output) == [])
    }

    @Test func smallSitesKeepTheFullNav() throws {
        var docs: [String: String] = [:]
        for index in 0..<SiteNav.fullNavLimit { docs["s\(index % 2)/p\(index).md"] = "# P\(index)\n" }
        let site = try TestSite(docs)
        defer { site.remove() }
        _ = try site.build()
        let page = try site.read("s0/p0.html")
        #expect(page.matches(of: /<li><a href="\.\.\/s[01]\/p[0-9]+\.html"/).count == SiteNav.fullNavLimit)
    }
}
