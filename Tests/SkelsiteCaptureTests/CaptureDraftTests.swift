import Foundation
import SkeletonCore
import Testing
@testable import SkelsiteCapture

/// The inference of `skelsite capture` on box fixtures (what the page script reports),
/// without a browser: each draft is compared whole, and parses with no diagnostics.
@Suite struct CaptureDraftTests {
    static func snapshot(_ json: String) throws -> CaptureSnapshot {
        try JSONDecoder().decode(CaptureSnapshot.self, from: Data(json.utf8))
    }

    static func draft(_ jsons: [String], listed: [Double] = [], selector: String? = nil) throws -> String {
        let snapshots = try jsons.map(snapshot)
        let text = try #require(CaptureDraft.draft(snapshots, file: "sample.html", selector: selector, listed: listed))
        let parsed = SpecParser.parse(text)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)\n\(text)")
        #expect(parsed.spec != nil)
        return text
    }

    /// A 16 px paragraph at line-height 24: three lines whose glyph boxes are 18 px tall.
    static let paragraph = """
        {"width":360,"after":96,"root":{"tag":"p","kind":"text","box":[0,0,360,96],"content":[16,12,328,72],
         "lines":[[16,15,328,18],[16,39,300,18],[16,63,50,9],[66,63,114,18]]}}
        """

    @Test func textLinesBecomeBarsWithTheirSpacingAndAShorterLastLine() throws {
        // Lines 24 apart with 18 px bars: spacing 6; the last line's two rects are one
        // line 164 of 328 px (50%); 12 px padding plus 3 px half-leading above the bars,
        // and as much below them (96 − 15 − 66).
        #expect(try Self.draft([Self.paragraph]) == """
            # Drafted by skelsite capture from sample.html at 360 px wide: a starting point to edit.
            skeleton "Sample" width=360
              column padding="15 16"
                text lines=3 line-height=18 spacing=6 last=50%

            """)
    }

    static let listRow = """
        {"width":360,"after":72,"root":{"tag":"li","kind":"container","flex":"row","box":[0,0,360,72],"children":[
          {"tag":"img","kind":"media","box":[16,12,48,48],"radius":24},
          {"tag":"div","kind":"container","flex":"column","grow":1,"box":[76,16,228,40],"children":[
            {"tag":"strong","kind":"text","box":[76,16,228,20],"lines":[[76,17,120,18]]},
            {"tag":"span","kind":"text","box":[76,40,228,16],"lines":[[76,41,200,14]]}]},
          {"tag":"span","kind":"surface","box":[316,26,28,20],"radius":10},
          {"tag":"i","kind":"empty","box":[344,0,0,0]}]}}
        """

    @Test func aRowOfAnAvatarLinesAndABadge() throws {
        // Centred children: align=center; the round image a circle, the pill a capsule,
        // the growing column grow=1; the empty element leaves no shape.
        #expect(try Self.draft([Self.listRow]) == """
            # Drafted by skelsite capture from sample.html at 360 px wide: a starting point to edit.
            skeleton "Sample" width=360
              row gap=12 padding="12 16" align=center
                circle 48
                column gap=4 grow=1
                  column padding="1 0"
                    text lines=1 line-height=18 last=53%
                  column padding="1 0"
                    text lines=1 line-height=14 last=88%
                capsule 28x20

            """)
    }

    @Test func aFluidRootIsWidthFillAndNamesTheOtherWidths() throws {
        let wide = """
            {"width":600,"after":40,"root":{"tag":"div","kind":"surface","box":[16,8,568,24],"radius":4}}
            """
        let narrow = """
            {"width":360,"after":40,"root":{"tag":"div","kind":"surface","box":[16,8,328,24],"radius":4}}
            """
        #expect(try Self.draft([narrow, wide], listed: [600], selector: ".bar") == """
            # Drafted by skelsite capture from sample.html (selector .bar) at 360 and 600 px wide: a starting point to edit.
            skeleton "Sample" width=fill reference-width=360 widths=600
              column padding="8 16"
                rect height=24 radius=4

            """)
    }

    @Test func aFixedRootKeepsItsWidth() throws {
        let at360 = """
            {"width":360,"after":24,"root":{"tag":"div","kind":"surface","box":[0,0,300,24]}}
            """
        let at320 = """
            {"width":320,"after":24,"root":{"tag":"div","kind":"surface","box":[0,0,300,24]}}
            """
        #expect(try Self.draft([at360, at320]) == """
            # Drafted by skelsite capture from sample.html at 360 px wide: a starting point to edit.
            skeleton "Sample" width=300
              rect height=24

            """)
    }

    /// Four rows of the same structure, 8 px apart, under a header; the rows' texts end
    /// at different points, which a repeat does not keep.
    @Test func sameStructureChildrenBecomeARepeat() throws {
        func row(_ y: Int, _ last: Int) -> String {
            """
            {"tag":"tr","kind":"container","box":[0,\(y),360,32],"children":[
              {"tag":"td","kind":"text","box":[0,\(y),180,32],"lines":[[0,\(y + 7),\(last),18]]},
              {"tag":"td","kind":"text","box":[180,\(y),180,32],"lines":[[180,\(y + 7),90,18]]}]}
            """
        }
        let json = """
            {"width":360,"after":180,"root":{"tag":"table","kind":"container","box":[0,0,360,180],"children":[
              {"tag":"caption","kind":"surface","box":[0,0,360,20]},
              \(row(28, 90)),\(row(68, 120)),\(row(108, 45)),\(row(148, 180))]}}
            """
        #expect(try Self.draft([json]) == """
            # Drafted by skelsite capture from sample.html at 360 px wide: a starting point to edit.
            skeleton "Sample" width=360
              column gap=8
                rect height=20
                repeat 4 gap=8
                  row
                    column padding="7 0" width=180
                      text lines=1 line-height=18 last=50%
                    column padding="7 0" width=180
                      text lines=1 line-height=18 last=50%

            """)
    }

    /// Two bars 4 apart are a repeat (equal boxes, evenly spaced); the row under them,
    /// 20 further down, is the column's one gap; images lower than the row's top sit in
    /// columns whose top padding puts them there.
    @Test func offsetsInARowBecomeTopPadding() throws {
        let json = """
            {"width":200,"after":100,"root":{"tag":"div","kind":"container","box":[0,0,200,100],"children":[
              {"tag":"div","kind":"surface","box":[0,0,200,10]},
              {"tag":"div","kind":"surface","box":[0,14,200,10]},
              {"tag":"div","kind":"container","box":[0,44,200,56],"children":[
                {"tag":"img","kind":"media","box":[0,44,40,40]},
                {"tag":"img","kind":"media","box":[50,60,40,40]},
                {"tag":"img","kind":"media","box":[100,50,40,20]}]}]}}
            """
        #expect(try Self.draft([json]) == """
            # Drafted by skelsite capture from sample.html at 200 px wide: a starting point to edit.
            skeleton "Sample" width=200
              column gap=20
                repeat 2 gap=4
                  rect height=10
                row gap=10 padding="0 60 0 0" align=start
                  rect 40x40
                  column padding="16 0 0 0" width=40
                    rect height=40
                  column padding="6 0 0 0" width=40
                    rect height=20

            """)
    }

    /// Chips that wrap: neither stacked nor side by side, so bands of a row each.
    @Test func boxesThatWrapAreAColumnOfRows() throws {
        let json = """
            {"width":200,"after":60,"root":{"tag":"div","kind":"container","flex":"row","box":[0,0,200,60],"children":[
              {"tag":"span","kind":"surface","box":[0,0,90,28],"radius":14},
              {"tag":"span","kind":"surface","box":[98,0,90,28],"radius":14},
              {"tag":"span","kind":"surface","box":[0,32,60,28],"radius":14}]}}
            """
        #expect(try Self.draft([json]) == """
            # Drafted by skelsite capture from sample.html at 200 px wide: a starting point to edit.
            skeleton "Sample" width=200
              column gap=4 padding="0 12 0 0"
                row gap=8
                  capsule 90x28
                  capsule 90x28
                capsule 60x28

            """)
    }

    @Test func lineBoxesMergeRectsOnOneLine() {
        let rects = [Rect(x: 50, y: 0, width: 20, height: 18), Rect(x: 0, y: 2, width: 50, height: 14),
                     Rect(x: 0, y: 24, width: 30, height: 18), Rect(x: 0, y: 0, width: 0, height: 18)]
        #expect(CaptureDraft.lineBoxes(rects) == [Rect(x: 0, y: 0, width: 70, height: 18),
                                                   Rect(x: 0, y: 24, width: 30, height: 18)])
    }

    @Test func numbersPaddingAndTitles() {
        #expect(CaptureDraft.number(12) == "12")
        #expect(CaptureDraft.number(18.515625) == "18.516")
        #expect(CaptureDraft.number(0.5) == "0.5")
        #expect(CaptureDraft.padding(top: 0, right: 0, bottom: 0, left: 0) == nil)
        #expect(CaptureDraft.padding(top: 4, right: 4, bottom: 4, left: 4) == "padding=4")
        #expect(CaptureDraft.padding(top: 4, right: 8, bottom: 4, left: 8) == "padding=\"4 8\"")
        #expect(CaptureDraft.padding(top: 1, right: 2, bottom: 3, left: 4) == "padding=\"1 2 3 4\"")
        #expect(CaptureDraft.title("samples/chat_bubble-list.html") == "Chat bubble list")
        #expect(CaptureDraft.quoted("a \"b\" \\c") == "\"a \\\"b\\\" \\\\c\"")
    }

    @Test func nothingVisibleIsNoDraft() throws {
        let json = """
            {"width":200,"after":10,"root":{"tag":"div","kind":"container","box":[0,0,200,10],"children":[
              {"tag":"div","kind":"empty","box":[0,0,200,10]}]}}
            """
        #expect(CaptureDraft.draft([try Self.snapshot(json)], file: "x.html", selector: nil, listed: []) == nil)
    }
}

extension CaptureDraftTests {
    @Test func unevenGapsBecomeSpacers() throws {
        let json = """
            {"width":200,"after":60,"root":{"tag":"div","kind":"container","box":[0,0,200,60],"children":[
              {"tag":"div","kind":"surface","box":[0,0,200,10]},
              {"tag":"img","kind":"media","box":[0,14,200,20]},
              {"tag":"div","kind":"surface","box":[0,50,100,10],"radius":2}]}}
            """
        #expect(try Self.draft([json]) == """
            # Drafted by skelsite capture from sample.html at 200 px wide: a starting point to edit.
            skeleton "Sample" width=200
              column
                rect height=10
                spacer height=4 grow=0
                rect height=20
                spacer height=16 grow=0
                rect 100x10 radius=2

            """)
    }
}

extension CaptureDraftTests {
    /// Messages left and right and a centred day label: the ones off the start go in a
    /// row after a spacer (before and after one when centred).
    @Test func childrenAtTheEndOrCentredGoAfterASpacer() throws {
        let json = """
            {"width":300,"after":100,"root":{"tag":"div","kind":"container","box":[0,0,300,100],"children":[
              {"tag":"div","kind":"surface","box":[110,0,80,20],"radius":10},
              {"tag":"p","kind":"surface","box":[0,28,200,32],"radius":16},
              {"tag":"p","kind":"surface","box":[140,68,160,32],"radius":8}]}}
            """
        #expect(try Self.draft([json]) == """
            # Drafted by skelsite capture from sample.html at 300 px wide: a starting point to edit.
            skeleton "Sample" width=300
              column gap=8
                row
                  spacer
                  capsule 80x20
                  spacer
                capsule 200x32
                row
                  spacer
                  rect 160x32 radius=8

            """)
    }
}
