import Foundation
import SkeletonCore
import Testing
@testable import SkelSite
@testable import SkelsiteVerify
@testable import SkelsiteDiff
import SkelsiteStore

/// A fluid spec's listed widths (`widths=`) in a build: four more stills per width,
/// in the cache and the output, and a row of them on the component page.
@Suite struct ListedWidthBuildTests {
    // The image is 2:1 inside 8 points of padding, so each width has its own height:
    // 375 -> 8 + 179.5 + 8 = 195.5 (196 px), 240 -> 128, 480 -> 248.
    static let doc = """
        ---
        title: Fluid
        ---
        # Fluid

        ```skeleton
        skeleton "Card" width=fill min-width=200 max-width=600 widths=240,480
          column padding=8
            rect aspect=2:1
        ```

        """

    @Test func theBuildWritesStillsAtEveryListedWidth() throws {
        let site = try TestSite(["fluid.md": Self.doc])
        defer { site.remove() }
        let report = try site.build()
        #expect(report.diagnostics == [])
        let folder = site.output.appendingPathComponent("png/fluid--card")
        #expect(TestSite.files(in: folder) == [
            "dark@1x.png", "dark@2x.png", "light@1x.png", "light@2x.png", "preview.png", "strip-light@1x.png",
            "w240-dark@1x.png", "w240-dark@2x.png", "w240-light@1x.png", "w240-light@2x.png",
            "w480-dark@1x.png", "w480-dark@2x.png", "w480-light@1x.png", "w480-light@2x.png",
        ])
        func size(_ name: String) throws -> [Int] {
            let image = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent(name))))
            return [image.width, image.height]
        }
        #expect(try size("light@1x.png") == [375, 196])
        #expect(try size("w240-light@1x.png") == [240, 128])
        #expect(try size("w240-dark@2x.png") == [480, 256])
        #expect(try size("w480-light@1x.png") == [480, 248])
        // The listed width's picture is the spec painted at that width.
        let spec = try #require(SpecParser.parse("skeleton \"Card\" width=fill min-width=200 max-width=600 widths=240,480\n  column padding=8\n    rect aspect=2:1\n").spec).at(width: 480)
        let painted = Painter.paint(spec, layout: LayoutEngine.layout(spec), time: 0, scale: 2, theme: .dark)
        #expect(try [UInt8](Data(contentsOf: folder.appendingPathComponent("w480-dark@2x.png"))) == PNGEncoder.encode(painted))

        let page = try site.read("fluid.html")
        #expect(page.contains("<figcaption>Light at 375 pt · <a href=\"png/fluid--card/light@1x.png\">@1x</a>"))
        #expect(page.contains("<img src=\"png/fluid--card/w240-light@1x.png\" srcset=\"png/fluid--card/w240-light@1x.png 1x, png/fluid--card/w240-light@2x.png 2x\" width=\"240\" height=\"128\" alt=\"Card at 240 points, light theme, reference rendering\""))
        #expect(page.contains("<figcaption>Dark at 480 pt · <a href=\"png/fluid--card/w480-dark@1x.png\">@1x</a> · <a href=\"png/fluid--card/w480-dark@2x.png\">@2x</a></figcaption>"))
        #expect(page.components(separatedBy: "component-pngs-listed").count - 1 == 2)

        // A second build takes all fourteen from the cache.
        try FileManager.default.removeItem(at: folder)
        let again = try site.build()
        #expect(again.cached == 1 && again.rendered == 0)
        #expect(TestSite.files(in: folder).count == 14)
        #expect(try size("w480-light@1x.png") == [480, 248])
    }

    /// verify checks the widths the PNGs show: the reference one, then each listed one;
    /// without a list, the reference and one more.
    @Test func verifyChecksTheReferenceAndEveryListedWidth() throws {
        func widths(_ text: String) throws -> [Double?] {
            let spec = try #require(SpecParser.parse(text).spec)
            return FluidVerifyWidths.expand([VerifySpec(path: "a.md", line: 1, spec: spec)]).map(\.checkedWidth)
        }
        #expect(try widths("skeleton width=fill max-width=600 widths=480,240\n  rect height=4\n") == [375, 480, 240])
        #expect(try widths("skeleton width=fill max-width=600 reference-width=500\n  rect height=4\n") == [500, 600])
        #expect(try widths("skeleton width=300\n  rect height=4\n") == [nil])
    }

    /// Failing frames of a fluid spec's two widths used to share file names, so the
    /// second width's PNGs replaced the first's in --failures.
    @Test func failureFilesNameTheWidth() {
        var result = VerifyResult(component: "gallery/f.md:3", title: nil, engine: .webkit, theme: .dark, scale: 2,
                                  time: 0.5, mismatched: 1, pixels: 10)
        #expect(VerifyRun.failureStem(result) == "gallery_f_md_3-webkit-dark-2x-t0.5")
        result.width = 320
        #expect(VerifyRun.failureStem(result) == "gallery_f_md_3-w320-webkit-dark-2x-t0.5")
    }

    /// `skelsite diff` pairs a listed width's PNGs by name like the others: a change in
    /// the listed widths shows as those files added and removed, the rest unchanged.
    @Test func diffPairsTheListedWidthsPNGs() throws {
        let site = try TestSite(["fluid.md": Self.doc])
        defer { site.remove() }
        _ = try site.build()
        let baseline = site.root.appendingPathComponent("baseline")
        try FileManager.default.copyItem(at: site.output.appendingPathComponent("png").resolvingSymlinksInPath(), to: baseline)
        try site.write("fluid.md", Self.doc.replacingOccurrences(of: "widths=240,480", with: "widths=240,520"))
        _ = try site.build()
        let result = DirectoryDiff.run(baseline: baseline.path, current: site.output.appendingPathComponent("png").path,
                                       options: DirectoryDiffOptions())
        #expect(result.errors == [])
        let changed = result.images.filter { $0.status != .unchanged }.map { "\($0.path) \($0.status)" }
        #expect(changed == [
            "fluid--card/w480-dark@1x.png removed", "fluid--card/w480-dark@2x.png removed",
            "fluid--card/w480-light@1x.png removed", "fluid--card/w480-light@2x.png removed",
            "fluid--card/w520-dark@1x.png added", "fluid--card/w520-dark@2x.png added",
            "fluid--card/w520-light@1x.png added", "fluid--card/w520-light@2x.png added",
        ])
        #expect(result.images.filter { $0.status == .unchanged }.count == 10)
    }

    /// The component page's verify table has a row per checked width: both widths'
    /// figures used to land in one "light @1x" row, the second overwriting the first.
    @Test func theAgreementTableHasARowPerWidth() throws {
        let spec = "skeleton \"Bar\" width=fill max-width=400 widths=200\n  rect height=10"
        let site = try TestSite(["bars.md": "# Bars\n\n```skeleton\n" + spec + "\n```\n"])
        defer { site.remove() }
        var results: [VerifyResult] = []
        for (width, mismatched) in [(375.0, 0), (200.0, 3)] {
            results.append(VerifyResult(component: "bars.md:3", title: "Bar", theme: .light, scale: 1, time: 0,
                                        mismatched: mismatched, pixels: 2000, specDigest: SHA256.hex(Array(spec.utf8)),
                                        width: width))
        }
        let url = site.root.appendingPathComponent("verify.json")
        try Data(VerifyReport.json(results, minimum: 0.995, threshold: 0.03).utf8).write(to: url)
        var builder = site.builder()
        builder.options.verifyResults = url
        #expect(try builder.build().succeeded)
        let page = try site.read("bars.html")
        #expect(page.contains("<tr><th scope=\"row\">375 pt, light @1x</th><td>100%</td></tr>"))
        #expect(page.contains("<tr><th scope=\"row\">200 pt, light @1x</th><td>99.85%</td></tr>"))
    }
}
