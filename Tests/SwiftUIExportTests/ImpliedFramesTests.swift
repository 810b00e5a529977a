import Foundation
import SkeletonCore
import SkeletonWeb
import Testing

/// The frames an export implies at the spec's width equal the layout engine's boxes
/// (site/reference/swiftui-export.md, "The promise"): `grow` and percentages exported
/// as flexible frames resolve, under SwiftUI's stack rules (`SwiftUILayoutModel`), to
/// the engine's numbers, and where they would not, the export keeps the number.
@Suite struct ImpliedFramesTests {
    /// Each shape's frame as the export implies it, against the engine's; "" when equal.
    /// `layoutDirection` is the environment's around the view: the export lays the spec
    /// out as written and `SkeletonComponent` flips it across its middle when its style
    /// says `mirror: .always`, or `.followsLayoutDirection` in a right-to-left environment
    /// (site/reference/swiftui-export.md), which must give the engine's mirrored boxes.
    static func mismatches(_ spec: Spec, layoutDirection: SpecDirection = .ltr) throws -> String {
        let source = SwiftUIExport.viewsFile([ExportedSpec(spec: spec, origin: "a.skel:1:1")])
        let layout = LayoutEngine.layout(layoutDirection == .rtl ? spec.rightToLeft() : spec)
        var implied = try SwiftUILayoutModel.shapeFrames(source, width: layout.width, height: layout.height)
        let flips = source.contains("mirror: .always")
            || (layoutDirection == .rtl && source.contains("mirror: .followsLayoutDirection"))
        if flips { implied = implied.map { Rect(x: layout.width - $0.x - $0.width, y: $0.y, width: $0.width, height: $0.height) } }
        var expected: [Rect] = []
        for item in layout.items { if case .shape = item.role { expected.append(item.frame) } }
        guard implied.count == expected.count else { return "\(implied.count) shapes, engine \(expected.count)" }
        var text = ""
        for (index, (a, b)) in zip(implied, expected).enumerated() {
            // The export writes three decimals; the model re-adds them.
            let close = { (x: Double, y: Double) in abs(x - y) < 0.01 }
            if !(close(a.x, b.x) && close(a.y, b.y) && close(a.width, b.width) && close(a.height, b.height)) {
                text += "shape \(index): \(a) ≠ engine \(b)\n"
            }
        }
        return text
    }

    static func spec(_ text: String) throws -> Spec {
        let result = SpecParser.parse(text)
        return try #require(result.spec, "\(result.diagnostics)")
    }

    static func lines(_ text: String) throws -> [String] {
        SwiftUIExport.viewsFile([ExportedSpec(spec: try spec(text), origin: "a.skel:1:1")])
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test(arguments: SwiftUIExportTests.names)
    func goldenSpecsImplyTheEnginesFrames(name: String) throws {
        #expect(try Self.mismatches(SwiftUIExportTests.spec(name)) == "")
    }

    /// Every fixed-width spec of the bundled site, and each `dir=auto` one again in a
    /// right-to-left environment (the mirrored boxes of its `-rtl` PNGs).
    @Test func siteSpecsImplyTheEnginesFrames() throws {
        var checked = 0, mirrored = 0
        for item in try SwiftUIExportTests.siteSpecs() {
            let text = try Self.mismatches(item.spec)
            #expect(text == "", "\(item.origin): \(text)")
            checked += 1
            if item.spec.dir == .auto {
                let rtl = try Self.mismatches(item.spec, layoutDirection: .rtl)
                #expect(rtl == "", "\(item.origin) right to left: \(rtl)")
                mirrored += 1
            }
        }
        #expect(checked >= 100)
        #expect(mirrored >= 2)
    }

    /// The three `dir=` values: what the style says, and that the flip lands every box
    /// where the engine's mirror puts it (an asymmetric row, so a missing flip fails).
    @Test func directionsExportAsMirrors() throws {
        let row = "  animation shimmer angle=70\n  row padding=\"16 24 16 8\" gap=12\n    circle 44\n    text lines=2 last=60% grow=1\n"
        let written = try Self.spec("skeleton width=300\n" + row)
        let rtl = try Self.spec("skeleton width=300 dir=rtl\n" + row)
        let auto = try Self.spec("skeleton width=300 dir=auto\n" + row)
        let view = { (spec: Spec) in SwiftUIExport.viewsFile([ExportedSpec(spec: spec, origin: "a")]) }
        #expect(!view(written).contains("mirror:"))
        #expect(view(rtl).contains("pulseMinimum: 0.5,\n        mirror: .always\n    )"))
        #expect(view(auto).contains("pulseMinimum: 0.5,\n        mirror: .followsLayoutDirection\n    )"))
        // The view is the written one (angle 70, not the parser's mirrored 290): the flip mirrors it.
        #expect(view(rtl).replacingOccurrences(of: ",\n        mirror: .always", with: "") == view(written))
        #expect(rtl.animation.angle == 290)
        #expect(try Self.mismatches(rtl) == "")
        #expect(try Self.mismatches(auto) == "")
        #expect(try Self.mismatches(auto, layoutDirection: .rtl) == "")
        // Without the flip the right-to-left boxes would not match: the test can fail.
        var unflipped = rtl
        unflipped.dir = .ltr
        #expect(try Self.mismatches(unflipped) != "")
    }

    /// The table: spec, the frame line the export writes for the marked node, and that
    /// what it implies is the engine's layout.
    static let table: [(spec: String, line: String)] = [
        // One grown item beside fixed ones: the HStack gives it what they leave.
        ("skeleton width=300\n  row gap=10\n    circle 40\n    rect height=12 grow=1\n",
         ".frame(maxWidth: .infinity, minHeight: 12, maxHeight: 12) // grow=1"),
        // Equal grow factors, equal bases: equal shares.
        ("skeleton width=300\n  row gap=10\n    rect height=12 grow=1\n    rect height=12 grow=1\n",
         ".frame(maxWidth: .infinity, minHeight: 12, maxHeight: 12) // grow=1"),
        // Unequal factors (SwiftUI would share equally): the resolved number.
        ("skeleton width=300\n  row gap=10\n    rect height=12 grow=1\n    rect height=12 grow=2\n",
         ".frame(width: 96.667, height: 12) // grow=1"),
        // Equal factors on unequal bases: unequal widths, so numbers.
        ("skeleton width=300\n  row gap=10\n    rect width=40 height=12 grow=1\n    rect height=12 grow=1\n",
         ".frame(width: 165, height: 12) // grow=1"),
        // Factors summing below 1 leave space free: numbers.
        ("skeleton width=300\n  row\n    rect height=12 grow=0.5\n",
         ".frame(width: 150, height: 12) // grow=0.5"),
        // A percentage of a column: that share of the width offered.
        ("skeleton width=300\n  column padding=10\n    rect width=40% height=12\n",
         ".skeletonFraction(0.4, height: 12) // width 40%"),
        // A percentage in a row would compete with its siblings: the number.
        ("skeleton width=300\n  row gap=10\n    circle 40\n    rect width=50% height=12\n",
         ".frame(width: 150, height: 12) // width 50%"),
        // A percentage container fills its share, its content aligned inside it.
        ("skeleton width=300\n  column width=50% align=center\n    rect 40x10\n",
         ".frame(maxWidth: .infinity, minHeight: 10, maxHeight: 10, alignment: .top).skeletonFraction(0.5, height: 10) // width 50%"),
        // Inside a grown column, what stretches follows it: text lines and a stretched bar.
        ("skeleton width=300\n  row gap=10\n    circle 40\n    column gap=4 grow=1\n      text lines=2 line-height=10 spacing=4 last=60%\n      rect height=8\n",
         ".skeletonFraction(0.6, height: 10) // last line: 60%"),
        ("skeleton width=300\n  row gap=10\n    circle 40\n    column gap=4 grow=1\n      text lines=2 line-height=10 spacing=4 last=60%\n      rect height=8\n",
         ".frame(maxWidth: .infinity, minHeight: 8, maxHeight: 8)"),
        // A fixed-width child of a grown column keeps its number.
        ("skeleton width=300\n  row gap=10\n    column grow=1\n      rect 50x8\n",
         ".frame(width: 50, height: 8)"),
        // A grid's cells stay fixed; a percentage inside one is a share of the cell.
        ("skeleton width=300\n  repeat 3 columns=2 gap=10\n    rect width=50% height=20\n",
         ".skeletonFraction(0.5, height: 20) // width 50%"),
        // `grow` in a column grows the height: the number.
        ("skeleton width=300 height=100\n  rect height=10 grow=1\n",
         ".frame(width: 300, height: 100) // grow=1"),
        // An aspect rect keeps its fixed frame in a fixed spec.
        ("skeleton width=300\n  row gap=10\n    column grow=1\n      rect aspect=2:1\n",
         ".frame(width: 300, height: 150)"),
    ]

    /// The model sees what SwiftUI would do wrong: unequal grow factors written as
    /// flexible frames share the row equally, unlike the engine.
    @Test func theModelCatchesEqualSharesOfUnequalFactors() throws {
        let spec = try Self.spec("skeleton width=300\n  row gap=10\n    rect height=12 grow=1\n    rect height=12 grow=2\n")
        let layout = LayoutEngine.layout(spec)
        let source = SwiftUIExport.viewsFile([ExportedSpec(spec: spec, origin: "a")])
            .replacingOccurrences(of: ".frame(width: 96.667, height: 12)", with: ".frame(maxWidth: .infinity, minHeight: 12, maxHeight: 12)")
            .replacingOccurrences(of: ".frame(width: 193.333, height: 12)", with: ".frame(maxWidth: .infinity, minHeight: 12, maxHeight: 12)")
        let frames = try SwiftUILayoutModel.shapeFrames(source, width: layout.width, height: layout.height)
        #expect(frames.map(\.width) == [145, 145])
    }

    /// A fluid spec at its reference width (its flexible frames are the fluid rules').
    @Test(arguments: SwiftUIExportTests.fluidNames)
    func fluidGoldenAtItsReferenceWidth(name: String) throws {
        #expect(try Self.mismatches(SwiftUIExportTests.spec(name)) == "")
    }

    @Test(arguments: 0..<table.count)
    func tableRow(index: Int) throws {
        let row = Self.table[index]
        let lines = try Self.lines(row.spec)
        #expect(lines.contains(row.line), "\(row.spec)\n\(lines.joined(separator: "\n"))")
        #expect(try Self.mismatches(Self.spec(row.spec)) == "")
    }
}
