import SkeletonCore
import Testing
@testable import SkeletonWeb

/// A grid `repeat` in HTML and CSS: one cell per copy, the grid's declarations
/// (SkeletonCore/Layout/GridLayout.swift), and the scope hash that keeps a grid apart
/// from the list it would otherwise equal.
@Suite struct GridMarkupTests {
    static func grid(columns: Int?, rowGap: Double? = nil) -> Spec {
        let at = Fixture.at
        let repeatNode = Node(kind: .repeat(count: 3), position: at, gap: 8, padding: Insets(top: 4, right: 4, bottom: 4, left: 4),
                              align: .center, justify: .end, columns: columns, rowGap: rowGap,
                              children: [Node(kind: .rect, position: at, width: .points(20), height: .points(10))])
        return Fixture.spec(animation: Fixture.animation(.none), children: [repeatNode])
    }

    @Test func eachCopyIsACellAndTheRepeatIsAGrid() {
        let spec = Self.grid(columns: 2, rowGap: 6)
        let component = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec))
        #expect(component.html.contains("""
                <div class="sk-n0">
                  <div class="sk-g0">
                    <div class="sk-s sk-n1 sk-i0"></div>
                  </div>
                  <div class="sk-g0">
                    <div class="sk-s sk-n1 sk-i1"></div>
                  </div>
                  <div class="sk-g0">
                    <div class="sk-s sk-n1 sk-i2"></div>
                  </div>
                </div>
            """))
        let s = "." + component.scope
        #expect(component.css.contains(s + " .sk-n0{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));"
                                       + "gap:6px 8px;padding:4px 4px 4px 4px;align-content:end}\n"))
        #expect(component.css.contains(s + " .sk-g0{flex-direction:column;align-items:center}\n"))
    }

    @Test func aGridWithoutGapsStillPinsItsRowsToTheStart() {
        let at = Fixture.at
        let repeatNode = Node(kind: .repeat(count: 2), position: at, columns: 2,
                              children: [Node(kind: .rect, position: at, height: .points(10))])
        let spec = Fixture.spec(animation: Fixture.animation(.none), children: [repeatNode])
        let component = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec))
        #expect(component.css.contains(" .sk-n0{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));align-content:start}\n"))
        #expect(component.css.contains(" .sk-g0{flex-direction:column}\n"))
    }

    @Test func columnsAndRowGapChangeTheScopeOnlyWhenGiven() {
        let list = ScopeHash.scope(for: Self.grid(columns: nil), options: EmitOptions())
        let grid = ScopeHash.scope(for: Self.grid(columns: 1), options: EmitOptions())
        let spaced = ScopeHash.scope(for: Self.grid(columns: 1, rowGap: 8), options: EmitOptions())
        #expect(Set([list, grid, spaced]).count == 3)
    }
}
