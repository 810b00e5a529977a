import Foundation
@testable import SkeletonCore
import Testing
@testable import SkeletonWeb

/// The markup and CSS of `dir=` (site/reference/layout.md, "Direction"): `ltr` pins
/// the component left to right as always, `rtl` pins it right to left, `auto` pins
/// nothing and adds the mirrored rules under a `[dir="rtl"]` ancestor.
@Suite struct RightToLeftStyleTests {
    static func emit(_ text: String) throws -> WebComponent {
        let spec = try #require(SpecParser.parse(text).spec)
        return ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec), label: nil)
    }

    static let row = """
        skeleton "Row" width=100 DIR
          animation shimmer duration=1s
          row padding=0,4,0,8 gap=10
            rect 20x10

        """

    static func spec(_ dir: String) -> String {
        row.replacingOccurrences(of: " DIR", with: dir)
    }

    @Test func ltrIsTodaysComponent() throws {
        let plain = try Self.emit(Self.spec(""))
        let ltr = try Self.emit(Self.spec(" dir=ltr"))
        #expect(ltr == plain)
        #expect(plain.html.hasPrefix("<div class=\"\(plain.scope)\" dir=\"ltr\" role=\"status\""))
        #expect(!plain.css.contains("[dir=\"rtl\"]"))
    }

    @Test func rtlPinsRightToLeft() throws {
        let c = try Self.emit(Self.spec(" dir=rtl"))
        let s = "." + c.scope
        #expect(c.html.hasPrefix("<div class=\"\(c.scope)\" dir=\"rtl\" role=\"status\""))
        #expect(!c.css.contains("direction:ltr"))
        #expect(Fixture.lines(c.css, containing: ".sk-n0") == ["\(s) .sk-n0{flex-direction:row;gap:10px;padding:0 8px 0 4px}"])
        #expect(Fixture.lines(c.css, containing: ".sk-i0::after") == [
            "\(s) .sk-i0::after{height:12px;transform:matrix(-1,0,0,-1,68,11)}",
        ])
    }

    @Test func autoAddsTheMirroredRulesUnderARightToLeftAncestor() throws {
        let c = try Self.emit(Self.spec(" dir=auto"))
        let s = "." + c.scope
        #expect(c.html.hasPrefix("<div class=\"\(c.scope)\" role=\"status\""))
        #expect(Fixture.lines(c.css, containing: ".sk-n0") == [
            "\(s) .sk-n0{flex-direction:row;gap:10px;padding:0 4px 0 8px}",
            "[dir=\"rtl\"] \(s) .sk-n0{flex-direction:row;gap:10px;padding:0 8px 0 4px}",
        ])
        #expect(Fixture.lines(c.css, containing: ".sk-i0::after") == [
            "\(s) .sk-i0::after{height:12px;transform:matrix(1,0,0,1,-48,-1)}",
            "[dir=\"rtl\"] \(s) .sk-i0::after{height:12px;transform:matrix(-1,0,0,-1,68,11)}",
        ])
        #expect(Fixture.lines(c.css, containing: "@keyframes").count == 2)
        #expect(c.css.contains("@keyframes \(c.scope)-rtl-sweep{"))
        #expect(c.css.contains("[dir=\"rtl\"] \(s) .sk-s::after{"))
    }

    @Test func theScopeNamesTheDirection() throws {
        let scopes = try ["", " dir=rtl", " dir=auto"].map { try Self.emit(Self.spec($0)).scope }
        #expect(Set(scopes).count == 3)
        #expect(try Self.emit(Self.spec(" dir=ltr")).scope == scopes[0])
    }

    /// The theme's colours are not repeated under `[dir="rtl"]`: there they would outrank
    /// `[data-theme="dark"]` on the same element and paint a dark component light. The
    /// reduced-motion rules are, as they must outrank the mirrored sweep.
    @Test func theThemesColoursAreNotRepeatedUnderTheRightToLeftAncestor() throws {
        let c = try Self.emit(Self.spec(" dir=auto"))
        let rtl = c.css.split(separator: "\n").filter { $0.contains("[dir=\"rtl\"]") }
        #expect(!rtl.isEmpty)
        #expect(!rtl.contains { $0.contains("--sk-b:") })
        #expect(c.css.components(separatedBy: "@media (prefers-color-scheme: dark){").count - 1 == 1)
        #expect(rtl.contains { $0.hasSuffix(".sk-s::after{animation:none;display:none}") })
        // `[data-motion="reduce"]` is written again after the mirrored sweep, not under
        // `[dir="rtl"]`, so it wins whether it stands on `dir`'s element or above it.
        let reduce = "[data-motion=\"reduce\"] .\(c.scope) .sk-s::after{animation:none;display:none}"
        #expect(c.css.components(separatedBy: reduce).count - 1 == 2)
        #expect(!c.css.contains("[data-motion=\"reduce\"] [dir="))
    }
}
