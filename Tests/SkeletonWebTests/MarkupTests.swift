import SkeletonCore
import Testing
@testable import SkeletonWeb

@Suite struct MarkupTests {
    @Test func rootCarriesOneStatusOneLabelAndHiddenShapes() {
        let (spec, layout) = Fixture.oneRect()
        let component = ComponentEmitter.emit(spec, layout: layout)
        let expected = """
            <div class="\(component.scope)" dir="ltr" role="status" aria-busy="true" aria-live="polite">
              <span class="sk-label">Loading Row…</span>
              <div class="sk-c" aria-hidden="true">
                <div class="sk-n0">
                  <div class="sk-s sk-n1 sk-i0"></div>
                </div>
              </div>
            </div>

            """
        #expect(component.html == expected)
        #expect(Fixture.count("role=\"status\"", in: component.html) == 1)
        #expect(Fixture.count("sk-label", in: component.html) == 1)
        #expect(!component.html.contains("style="))
        #expect(!component.html.contains("<script"))
    }

    @Test func hostileTitleIsEscapedInTheLabel() {
        let (spec, layout) = Fixture.oneRect(title: "<script>alert(\"x&y\")</script>'")
        let html = ComponentEmitter.emit(spec, layout: layout).html
        #expect(Fixture.lines(html, containing: "sk-label") == [
            "  <span class=\"sk-label\">Loading &lt;script&gt;alert(&quot;x&amp;y&quot;)&lt;/script&gt;&#39;…</span>",
        ])
        #expect(!html.contains("<script"))
    }

    @Test func labelArgumentReplacesTitleAndBlankMeansPlainLoading() {
        let (spec, layout) = Fixture.oneRect(title: "Row")
        #expect(Fixture.lines(ComponentEmitter.emit(spec, layout: layout, label: "Inbox").html, containing: "sk-label")
                == ["  <span class=\"sk-label\">Loading Inbox…</span>"])
        let (untitled, untitledLayout) = Fixture.oneRect(title: nil)
        #expect(Fixture.lines(ComponentEmitter.emit(untitled, layout: untitledLayout).html, containing: "sk-label")
                == ["  <span class=\"sk-label\">Loading…</span>"])
        var blank = untitled
        blank.title = "   "
        #expect(blank.accessibleLabel() == "Loading…")
    }

    /// `label=` is announced as written, over the title and over the caller's name; the
    /// SwiftUI export announces the same words.
    @Test func specLabelIsAnnouncedVerbatimEverywhere() throws {
        let spec = try #require(SpecParser.parse("skeleton \"Card\" label=\"Loading content\"\n  rect height=10\n").spec)
        #expect(spec.label == "Loading content")
        let layout = LayoutEngine.layout(spec)
        #expect(Fixture.lines(ComponentEmitter.emit(spec, layout: layout, label: "Inbox").html, containing: "sk-label")
                == ["  <span class=\"sk-label\">Loading content</span>"])
        let swiftUI = SwiftUIExport.viewsFile([ExportedSpec(spec: spec, origin: "t")])
        #expect(swiftUI.contains("SkeletonComponent(style: Self.style, label: \"Loading content\", time: time) {"))
    }

    @Test func anEmptyLabelIsALocatedError() {
        let result = SpecParser.parse("skeleton \"Card\" label=\"\"\n  rect height=10\n")
        #expect(result.spec == nil)
        #expect(result.diagnostics == [Diagnostic(.error,
            "label is empty; give the words a screen reader should say, like label=\"Loading content\"",
            at: SourcePosition(line: 1, column: 23))])
    }

    @Test func textRepeatAndSpacerMirrorTheTree() {
        let at = Fixture.at
        let text = Node(kind: .text(TextMetrics(lines: 2, lineHeight: 14, spacing: 8, lastLineFraction: 0.7)), position: at)
        let repeated = Node(kind: .repeat(count: 2), position: at, gap: 4, children: [Fixture.rect(10, 10)])
        let card = Node(kind: .row, position: at, fill: RGBA(255, 255, 255),
                        children: [text, Node(kind: .spacer, position: at), repeated])
        let spec = Fixture.spec(children: [card])
        let items = [
            LayoutItem(role: .surface, frame: Rect(x: 0, y: 0, width: 100, height: 36), radius: 0,
                       lightColor: RGBA(255, 255, 255), darkColor: nil, timeOffset: 0, source: at, node: 0),
            Fixture.shape(0, 0, 80, 14, node: 1, kind: .textLine), Fixture.shape(0, 22, 56, 14, node: 1, kind: .textLine),
            Fixture.shape(90, 0, 10, 10, node: 4), Fixture.shape(90, 14, 10, 10, node: 4),
        ]
        let component = ComponentEmitter.emit(spec, layout: SpecLayout(width: 100, height: 36, items: items))
        #expect(Fixture.lines(component.html, containing: "sk-n").joined(separator: "\n") == """
                <div class="sk-n0 sk-i0">
                  <div class="sk-n1">
                  <div class="sk-n2"></div>
                  <div class="sk-n3">
                    <div class="sk-s sk-n4 sk-i3"></div>
                    <div class="sk-s sk-n4 sk-i4"></div>
            """)
        #expect(Fixture.lines(component.html, containing: "sk-t1") == [
            "        <div class=\"sk-s sk-t1 sk-i1\"></div>", "        <div class=\"sk-s sk-t1 sk-i2\"></div>",
        ])
        let s = "." + component.scope
        // Node rules once per spec node (the second copy of the repeat shares sk-n4).
        #expect(Fixture.lines(component.css, containing: " .sk-n") == [
            "\(s) .sk-n0{flex-direction:row}",
            "\(s) .sk-n1{flex-direction:column;gap:8px}",
            "\(s) .sk-n2{flex-grow:1}",
            "\(s) .sk-n3{flex-direction:column;gap:4px}",
            "\(s) .sk-n4{width:10px;height:10px}",
        ])
        #expect(Fixture.lines(component.css, containing: " .sk-t1") == [
            "\(s) .sk-t1{width:100%;height:14px}",
            "\(s) .sk-t1:last-child{width:70%}",
        ])
        // The card keeps its fill in dark mode (no dark-fill given).
        #expect(Fixture.lines(component.css, containing: " .sk-i0{") == [
            "\(s) .sk-i0{background:#ffffff}",
            "\(s) .sk-i0{background:#ffffff}",
            "[data-theme=\"light\"] \(s) .sk-i0{background:#ffffff}",
            "[data-theme=\"dark\"] \(s) .sk-i0{background:#ffffff}",
        ])
    }

    @Test func flexMappingOfAContainer() {
        let node = Node(kind: .column, position: Fixture.at, width: .percent(50), height: .points(80), grow: 2, gap: 6,
                        padding: Insets(top: 1, right: 2, bottom: 3, left: 4), align: .center, justify: .spaceBetween)
        #expect(FlexMapping.declarations(for: node, in: .row) == [
            "flex-direction:column", "gap:6px", "padding:1px 2px 3px 4px", "align-items:center",
            "justify-content:space-between", "width:50%", "height:80px", "flex-grow:2",
        ])
        let text = Node(kind: .text(TextMetrics(lines: 1, lineHeight: 15, spacing: 10, lastLineFraction: 1)),
                        position: Fixture.at)
        #expect(FlexMapping.declarations(for: text, in: .column) == ["flex-direction:column", "gap:10px", "align-self:stretch"])
    }
}
