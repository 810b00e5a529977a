import SkeletonCore
import SkeletonWeb
import SkelsiteStore

/// Step 5's last part: every component's scope class as its page will show it, so no
/// later step lays out or emits a component again.
///
/// A component's scope is a 32-bit hash of its spec (SkeletonWeb's `ScopeHash`), so two
/// different specs can share one. On a page, identical CSS under one scope is simply
/// shared (the same component shown twice); a *different* component arriving on a scope
/// its page already gave away would otherwise be styled by the first one's CSS. It is
/// emitted again here with `EmitOptions.salt` 1, 2, … until its scope is free on its
/// page (or taken by the same CSS), so its markup, its CSS and its copyable code all use
/// the new scope. A component is shown on its own doc's page only, so the choice is made
/// per doc, from that doc's components in doc order alone: deterministic, and a page
/// reused from the previous output (`PageReuse`, keyed by its doc) still matches it.
enum ScopeAssignment {
    /// What holds a scope on the page being assigned: which cache entry under which salt
    /// (equal pairs mean equal CSS, without reading it), and its artifacts.
    private struct Holder {
        var key: String
        var salt: Int
        var artifacts: ComponentArtifacts
    }

    /// `components` (by id) with the components that a collision moved given their new
    /// artifacts. `documents`: the docs whose pages this build makes (a kept page shows
    /// the scopes it was made with), whose components' markup step 5 has read.
    static func resolve(_ documents: [SiteDocument], _ components: [String: RenderedComponent])
        -> [String: RenderedComponent] {
        var resolved = components
        for document in documents {
            var holders: [String: Holder] = [:]
            /// True when `scope` is free (now held) or held by the same CSS.
            func claim(_ scope: String, _ candidate: Holder) -> Bool {
                guard let holder = holders[scope] else {
                    holders[scope] = candidate
                    return true
                }
                if holder.key == candidate.key && holder.salt == candidate.salt { return true }
                return holder.artifacts.css == candidate.artifacts.css
            }
            for component in document.components {
                guard let rendered = components[component.id], !rendered.artifacts.scope.isEmpty else { continue }
                if claim(rendered.artifacts.scope, Holder(key: rendered.key, salt: 0, artifacts: rendered.artifacts)) { continue }
                let spec = component.spec
                let layout = LayoutEngine.layout(spec)
                var salt = 1
                while true {
                    let web = ComponentEmitter.emit(spec, layout: layout, label: component.title, options: EmitOptions(salt: salt))
                    var rescoped = rendered.artifacts
                    rescoped.scope = web.scope
                    rescoped.body = .loaded(html: web.html, css: web.css)
                    if claim(web.scope, Holder(key: rendered.key, salt: salt, artifacts: rescoped)) {
                        resolved[component.id] = RenderedComponent(key: rendered.key, artifacts: rescoped,
                                                                   pngDigests: rendered.pngDigests,
                                                                   fromCache: rendered.fromCache)
                        break
                    }
                    salt += 1
                }
            }
        }
        return resolved
    }
}
