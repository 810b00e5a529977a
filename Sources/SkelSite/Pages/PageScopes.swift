import SkelsiteStore
/// The component CSS of one page: each scope's CSS once, in page order.
///
/// Scopes reach the page already distinct: two different components whose 32-bit scope
/// hashes collide on one page were given distinct scopes in step 5, where scopes are
/// assigned (`ScopeAssignment`), so one scope on a page always carries one CSS and
/// nothing here lays out or emits again.
struct PageScopes {
    /// CSS blocks in page order, each distinct scope once.
    private(set) var styles: [String] = []
    private var seen: Set<String> = []

    /// Records the CSS the page needs for `artifacts`.
    mutating func place(_ artifacts: ComponentArtifacts) {
        if artifacts.scope.isEmpty || seen.insert(artifacts.scope).inserted { styles.append(artifacts.css) }
    }
}
