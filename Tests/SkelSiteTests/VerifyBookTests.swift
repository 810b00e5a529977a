import SkeletonCore
import Testing
@testable import SkelSite
@testable import SkelsiteVerify

/// Sheets come in books: several sheets on one page, each shown while the page's
/// fragment names it, so going to the next sheet is not a page load (VerifyPage.book,
/// VerifySheets.sheetsPerBook). That the right sheet is the one photographed is checked
/// in the browsers by VerifyEnginesTests: the tall component's eight tiles at 2x are
/// the eight sheets of one book in WebKit, its eight frames two sheets of one book in
/// Chromium and Firefox, and every frame is at the bar.
@Suite struct VerifyBookTests {
    private func cell(_ name: String, x: Int, width: Int, height: Int) throws -> VerifyPage.Cell {
        let spec = try #require(SpecParser.parse("skeleton \"\(name)\" width=\(width) height=\(height)\n  rect 10x10\n").spec)
        return VerifyPage.Cell(spec: spec, layout: LayoutEngine.layout(spec), theme: .light, time: 0, x: x, y: 0,
                               width: width, height: height, name: name + ".md:1", frameWidth: width, frameHeight: height)
    }

    @Test func eachSheetIsABoxAtTheOriginShownByItsFragment() throws {
        let first = [try cell("a", x: 0, width: 40, height: 30), try cell("b", x: 40, width: 40, height: 30)]
        let second = [try cell("c", x: 0, width: 100, height: 20)]
        let page = VerifyPage.book([(first, 80, 30), (second, 100, 20)])
        // The page is as large as its largest sheet in each direction.
        #expect(page.contains("body{position:relative;width:100px;height:30px}\n"))
        #expect(page.contains(".sheet{display:none;position:absolute;left:0;top:0;overflow:hidden}\n"
                              + ".sheet:target{display:block}\n"))
        let sheets = page.components(separatedBy: "<div class=\"sheet\" ").dropFirst()
        #expect(sheets.count == 2)
        #expect(sheets.first?.hasPrefix("id=\"sheet-0\" style=\"width:80px;height:30px\">\n") == true)
        #expect(sheets.last?.hasPrefix("id=\"sheet-1\" style=\"width:100px;height:20px\">\n") == true)
        // Each sheet holds its own cells, where a page of its own would put them.
        #expect(sheets.first?.components(separatedBy: "<div class=\"cell\"").count == 3)
        #expect(sheets.first?.contains("<!-- b.md:1 light t=0s -->\n<div class=\"cell\" dir=\"rtl\" data-theme=\"light\" style=\"left:40px;top:0px;") == true)
        #expect(sheets.last?.components(separatedBy: "<div class=\"cell\"").count == 2)
        #expect(sheets.last?.contains("<!-- c.md:1 light t=0s -->") == true)
        #expect(VerifyPage.sheetID(1) == "sheet-1")
    }
}
