import SkeletonCore
import SkelsiteStore

/// Step 3: parses every spec (in parallel) with the file's own line numbers, then gives
/// each a title and a unique, stable component id.
enum SpecStep {
    /// A doc for this step: loaded and rendered by step 2, or taken from its memo.
    enum Source: Sendable {
        /// `digest`: of the doc's bytes, nil when it may not be kept in a memo (its front
        /// matter had an error); `warnings`: its front matter's, which its memo keeps.
        case loaded(LoadedDocument, digest: String?, warnings: [FileDiagnostic] = [])
        case memo(relativePath: String, DocMemo)
    }

    struct Output: Sendable {
        /// The parsed docs, in input order. A spec that did not parse has an error
        /// among `diagnostics` (so the build stops before rendering) and is left out
        /// of its doc's components.
        let documents: [SiteDocument]
        let diagnostics: [FileDiagnostic]
        /// Every spec block found, parsed or not.
        let specCount: Int
        /// By path: the memo of every doc whose specs had no error (and a digest), with its warnings.
        let memos: [String: DocMemo]
    }

    private struct Job: Sendable {
        var document: Int
        var block: SpecBlock
    }

    /// `project`: the project file's spec defaults, under each doc's front matter.
    static func run(_ loaded: [LoadedDocument], project: InheritedSettings = InheritedSettings()) -> Output {
        run(loaded.map { .loaded($0, digest: nil) }, project: project)
    }

    /// `display`: how diagnostics name a doc from its memo, by its relative path (a
    /// loaded doc carries its own `displayPath`).
    static func run(_ sources: [Source], project: InheritedSettings = InheritedSettings(),
                    display: (String) -> String = { $0 }) -> Output {
        // A memo is kept only for a doc whose front matter sets no spec defaults (below),
        // so a doc from its memo inherits the project's alone.
        let inherited = sources.map { source -> InheritedSettings in
            guard case .loaded(let document, _, _) = source else { return project }
            return project.overlaid(with: document.frontMatter.settings)
        }
        var jobs: [Job] = []
        for (index, source) in sources.enumerated() {
            guard case .loaded(let document, _, _) = source else { continue }
            for site in document.markdown.specs { jobs.append(Job(document: index, block: site.block)) }
        }
        // With the warnings about shapes and cards that cannot be seen (SpecVisibility):
        // a doc's memo keeps them, so a build that takes the doc from it prints them too.
        let results = Parallel.map(jobs) { job in
            let source = Array(job.block.text.utf8)
            return SpecVisibility.adding(
                to: SpecParser.parseWithinBounds(source, firstLine: job.block.firstLine, columnOffset: job.block.columnOffset,
                                                 inheriting: inherited[job.document]),
                source: source, firstLine: job.block.firstLine, columnOffset: job.block.columnOffset)
        }
        var diagnostics: [FileDiagnostic] = []
        var troubled: Set<Int> = []
        var specWarnings: [Int: [FileDiagnostic]] = [:]
        for (job, result) in zip(jobs, results) {
            guard case .loaded(let document, _, _) = sources[job.document] else { continue }
            if result.spec == nil || result.diagnostics.contains(where: { $0.severity == .error }) {
                troubled.insert(job.document)
            }
            let found = result.diagnostics.map { FileDiagnostic(path: document.displayPath, $0, lines: document.lines) }
            diagnostics += found
            specWarnings[job.document, default: []] += found
            if result.spec == nil && !result.diagnostics.contains(where: { $0.severity == .error }) {
                diagnostics.append(FileDiagnostic(path: document.displayPath, line: job.block.firstLine,
                                                  column: 1 + job.block.columnOffset, message: "spec did not parse"))
            }
        }
        var naming = ComponentNaming()
        var next = 0
        var memos: [String: DocMemo] = [:]
        var specCount = jobs.count
        let documents = sources.enumerated().map { index, source -> SiteDocument in
            switch source {
            case .loaded(let document, let digest, let frontMatterWarnings):
                var components: [SiteComponent] = []
                var entries: [DocMemo.SpecEntry] = []
                naming.beginDocument(path: document.displayPath)
                for (number, site) in document.markdown.specs.enumerated() {
                    let spec = results[next].spec
                    next += 1
                    let name = naming.name(slug: document.slug, number: number + 1, specTitle: spec?.title, block: site.block)
                    if let clash = name.clash { diagnostics.append(clash) }
                    entries.append(DocMemo.SpecEntry(title: spec?.title, block: site.block, marker: site.marker))
                    guard let spec else { continue }
                    components.append(SiteComponent(id: name.id, title: name.title, block: site.block, marker: site.marker,
                                                    parsedSpec: spec, inheriting: inherited[index],
                                                    content: document.contents[site.block.fenceLine]))
                }
                // The memo does not hold front matter spec defaults: such a doc is parsed each build.
                // Its warnings in the order the build reports them (front matter's, then specs').
                // Nor content: a content file can change while the doc does not.
                if let digest, !troubled.contains(index), document.frontMatter.settings.isEmpty, document.contents.isEmpty {
                    let warnings = (frontMatterWarnings + specWarnings[index, default: []]).map {
                        RecordedWarning(path: document.relativePath, line: $0.line, column: $0.column, message: $0.message,
                                        sourceLine: $0.sourceLine)
                    }
                    memos[document.relativePath] = DocMemo(digest: digest, slug: document.slug, title: document.title,
                                                           frontMatter: document.frontMatter, specs: entries,
                                                           warnings: warnings)
                }
                return SiteDocument(relativePath: document.relativePath, slug: document.slug,
                                    frontMatter: document.frontMatter, title: document.title,
                                    html: document.markdown.html, components: components)
            case .memo(let path, let memo):
                specCount += memo.specs.count
                memos[path] = memo
                naming.beginDocument(path: display(path))
                let components = memo.specs.enumerated().map { number, entry -> SiteComponent in
                    let name = naming.name(slug: memo.slug, number: number + 1, specTitle: entry.title, block: entry.block)
                    if let clash = name.clash { diagnostics.append(clash) }
                    return SiteComponent(id: name.id, title: name.title, block: entry.block, marker: entry.marker,
                                         parsedSpec: nil, inheriting: inherited[index])
                }
                return SiteDocument(relativePath: path, slug: memo.slug, frontMatter: memo.frontMatter, title: memo.title,
                                    html: nil, components: components)
            }
        }
        return Output(documents: documents, diagnostics: diagnostics, specCount: specCount, memos: memos)
    }
}

/// Title: the spec's own, else "Component N" (1-based within the doc). Id: doc slug
/// ("/" as "-") + "--" + title slug (or N); a title repeated within one doc gets "-2",
/// "-3" in doc order; an id over 255 bytes is cut to fit, with a hash of the whole
/// (`NameLimits.fitted`). So a doc's ids depend on that doc alone, and adding or editing
/// another doc never changes them. Two docs that give the same id (`g/a.md` and `g-a.md`,
/// each with a "Card") are an error at the later spec in build order, naming the earlier
/// (site/reference/limits.md, "Names skelsite makes"): renumbering across docs would move
/// baselines, keyed by id, onto another component.
struct ComponentNaming {
    struct Name {
        var id: String
        var title: String
        /// The error when another doc already gave this id.
        var clash: FileDiagnostic?
    }

    /// Where an id was given: "docs/g-a.md:3:1 ('Card')".
    private struct Place {
        var path: String
        var line: Int
        var column: Int
        var title: String
    }

    /// Every id given so far, across docs.
    private var places: [String: Place] = [:]
    /// The ids of the doc being named.
    private var used: Set<String> = []
    private var path = ""

    /// Starts naming the specs of the doc `path` names in diagnostics.
    mutating func beginDocument(path: String) {
        self.path = path
        used = []
    }

    mutating func name(slug: String, number: Int, specTitle: String?, block: SpecBlock) -> Name {
        let title = specTitle.flatMap { $0.isEmpty ? nil : $0 } ?? "Component \(number)"
        let titleSlug = Slug.make(title)
        // "/" replaced by bytes (why: Foundation's replace goes through UTF-16, once per
        // spec of the site on every build).
        let flat = String(decoding: slug.utf8.map { $0 == 0x2F ? 0x2D : $0 }, as: UTF8.self)
        let base = flat + "--" + (titleSlug.isEmpty ? String(number) : titleSlug)
        var id = NameLimits.fitted(base)
        var suffix = 2
        while used.contains(id) {
            id = NameLimits.fitted("\(base)-\(suffix)")
            suffix += 1
        }
        used.insert(id)
        let place = Place(path: path, line: block.firstLine, column: 1 + block.columnOffset, title: title)
        guard let earlier = places[id] else {
            places[id] = place
            return Name(id: id, title: title)
        }
        // No source line: a doc from its memo has none, and check and build say the same.
        let clash = FileDiagnostic(
            path: place.path, line: place.line, column: place.column,
            message: "component id '\(id)' is also the id of \(earlier.path):\(earlier.line):\(earlier.column) "
                + "('\(earlier.title)'); rename one of the titles or docs")
        return Name(id: id, title: title, clash: clash)
    }
}
