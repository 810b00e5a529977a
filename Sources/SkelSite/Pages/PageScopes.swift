import SkeletonCore
import SkeletonWeb

/// The component CSS of one page, and the guard that keeps its scope classes apart.
///
/// A component's scope is a 32-bit hash of its spec (SkeletonWeb's `ScopeHash`), so two
/// different specs can share one. On a page, identical CSS under one scope is simply
/// shared (the same component shown twice); a *different* component arriving on a
/// taken scope would otherwise be styled by the first one's CSS. It is re-emitted with
/// `EmitOptions.salt` 1, 2, … until its scope is free on the page (or taken by the same
/// CSS), so its markup, its CSS and its copyable code all use the new scope. The choice
/// depends only on the page's components in page order: deterministic.
struct PageScopes {
    /// CSS blocks in page order, each distinct scope once.
    private(set) var styles: [String] = []
    private var cssByScope: [String: String] = [:]

    /// The artifacts to show for `component`: `artifacts` itself, or a copy re-scoped as
    /// above. Records the CSS the page needs.
    mutating func place(_ artifacts: ComponentArtifacts, for component: SiteComponent) -> ComponentArtifacts {
        if artifacts.scope.isEmpty {
            styles.append(artifacts.css)
            return artifacts
        }
        if claim(artifacts.scope, css: artifacts.css) { return artifacts }
        let spec = component.spec
        let layout = LayoutEngine.layout(spec)
        var salt = 1
        while true {
            let web = ComponentEmitter.emit(spec, layout: layout, label: component.title, options: EmitOptions(salt: salt))
            if claim(web.scope, css: web.css) {
                var rescoped = artifacts
                rescoped.scope = web.scope
                rescoped.html = web.html
                rescoped.css = web.css
                return rescoped
            }
            salt += 1
        }
    }

    /// True when `scope` is free (now taken by `css`) or already carries exactly `css`.
    private mutating func claim(_ scope: String, css: String) -> Bool {
        guard let taken = cssByScope[scope] else {
            cssByScope[scope] = css
            styles.append(css)
            return true
        }
        return taken == css
    }
}
