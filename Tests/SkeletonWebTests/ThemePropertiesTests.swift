import SkeletonCore
import Testing
@testable import SkeletonWeb

/// The component's CSS custom properties are a public interface (site/reference/
/// appearance.md, "Recolouring at run time"): a page may set them on the component's
/// root to recolour it. Their names, where they are set and what reads them are pinned
/// here; renaming one breaks every page that uses it.
@Suite struct ThemePropertiesTests {
    static func component(_ spec: Spec) -> WebComponent {
        ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec))
    }

    @Test func theFourPropertiesAreSetOnTheRootPerTheme() {
        let (spec, layout) = Fixture.oneRect()
        let component = ComponentEmitter.emit(spec, layout: layout)
        let s = "." + component.scope
        let light = "{--sk-b:#dedee3;--sk-h:#ffffff73;--sk-h0:#ffffff00;--sk-bg:#ffffff}\n"
        let dark = "{--sk-b:#3a3a3c;--sk-h:#ffffff1a;--sk-h0:#ffffff00;--sk-bg:#1c1c1e}\n"
        #expect(component.css.contains("\n" + s + light))
        #expect(component.css.contains("@media (prefers-color-scheme: dark){\n" + s + dark + "}\n"))
        #expect(component.css.contains("[data-theme=\"light\"] " + s + light))
        #expect(component.css.contains("[data-theme=\"dark\"] " + s + dark))
    }

    @Test func shapesTheBandAndTheBoxReadThem() {
        let (spec, layout) = Fixture.oneRect()
        let component = ComponentEmitter.emit(spec, layout: layout)
        let s = "." + component.scope
        #expect(component.css.contains(s + "{position:relative;display:flex;flex-direction:column;width:100px;overflow:hidden;background:var(--sk-bg)}"))
        #expect(component.css.contains(s + " .sk-s{position:relative;overflow:hidden;background:var(--sk-b)}"))
        #expect(component.css.contains("background:linear-gradient(90deg,var(--sk-h0),var(--sk-h),var(--sk-h0))"))
        // The root element, where a page sets them, is the status region.
        #expect(component.html.hasPrefix("<div class=\"" + component.scope + "\" dir=\"ltr\" role=\"status\""))
    }

    @Test func aRightToLeftLanguageGivesTheLabelItsDirection() {
        var (spec, _) = Fixture.oneRect(title: "Card")
        spec.labelLanguage = LabelLanguage(tag: "ar")
        let arabic = Self.component(spec)
        #expect(arabic.html.hasPrefix("<div class=\"" + arabic.scope + "\" dir=\"ltr\" lang=\"ar\" role=\"status\" aria-busy=\"true\" aria-live=\"polite\">\n"
                                      + "  <span class=\"sk-label\" dir=\"rtl\">جارٍ تحميل Card…</span>\n"))
        // A label the author wrote is not given a direction it may not have.
        spec.label = "Card"
        #expect(Self.component(spec).html.contains("  <span class=\"sk-label\">Card</span>\n"))
    }
}
