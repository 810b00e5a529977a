import SkeletonCore
import Testing
@testable import SkeletonWeb

/// A spec parsed from its text and emitted: its CSS and its scope's selector
/// (".sk-…"), which the style suites of per-node motion read their rules by.
func parsedCSS(_ text: String) throws -> (css: String, scope: String) {
    let spec = try #require(SpecParser.parse(text).spec)
    let component = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec), label: nil)
    return (component.css, "." + component.scope)
}
