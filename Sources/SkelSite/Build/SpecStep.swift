import SkeletonCore

/// Step 3: parses every spec (in parallel) with the file's own line numbers, then gives
/// each a title and a unique, stable component id.
enum SpecStep {
    struct Output: Sendable {
        /// The parsed docs, in input order. A spec that did not parse has an error
        /// among `diagnostics` (so the build stops before rendering) and is left out
        /// of its doc's components.
        let documents: [SiteDocument]
        let diagnostics: [FileDiagnostic]
        /// Every spec block found, parsed or not.
        let specCount: Int
    }

    private struct Job: Sendable {
        var document: Int
        var block: SpecBlock
    }

    /// `project`: the project file's spec defaults, under each doc's front matter.
    static func run(_ loaded: [LoadedDocument], project: InheritedSettings = InheritedSettings()) -> Output {
        var jobs: [Job] = []
        let inherited = loaded.map { project.overlaid(with: $0.frontMatter.settings) }
        for (index, document) in loaded.enumerated() {
            for site in document.markdown.specs { jobs.append(Job(document: index, block: site.block)) }
        }
        let results = Parallel.map(jobs) { job in
            SpecParser.parseWithinBounds(job.block.text, firstLine: job.block.firstLine, columnOffset: job.block.columnOffset,
                                         inheriting: inherited[job.document])
        }
        var diagnostics: [FileDiagnostic] = []
        for (job, result) in zip(jobs, results) {
            let document = loaded[job.document]
            diagnostics += result.diagnostics.map { FileDiagnostic(path: document.displayPath, $0, lines: document.lines) }
            if result.spec == nil && !result.diagnostics.contains(where: { $0.severity == .error }) {
                diagnostics.append(FileDiagnostic(path: document.displayPath, line: job.block.firstLine,
                                                  column: 1 + job.block.columnOffset, message: "spec did not parse"))
            }
        }
        var naming = ComponentNaming()
        var next = 0
        let documents = loaded.enumerated().map { documentIndex, document -> SiteDocument in
            var components: [SiteComponent] = []
            for (index, site) in document.markdown.specs.enumerated() {
                let spec = results[next].spec
                next += 1
                let name = naming.name(slug: document.slug, number: index + 1, specTitle: spec?.title)
                guard let spec else { continue }
                components.append(SiteComponent(id: name.id, title: name.title, block: site.block, marker: site.marker,
                                                spec: spec, inherited: inherited[documentIndex].canonicalText))
            }
            return SiteDocument(relativePath: document.relativePath, slug: document.slug,
                                frontMatter: document.frontMatter, title: document.title,
                                html: document.markdown.html, components: components)
        }
        return Output(documents: documents, diagnostics: diagnostics, specCount: jobs.count)
    }
}

/// Title: the spec's own, else "Component N" (1-based within the doc). Id: doc slug
/// ("/" as "-") + "--" + title slug (or N); duplicates get "-2", "-3" in doc order.
struct ComponentNaming {
    struct Name {
        var id: String
        var title: String
    }

    private var used: Set<String> = []

    mutating func name(slug: String, number: Int, specTitle: String?) -> Name {
        let title = specTitle.flatMap { $0.isEmpty ? nil : $0 } ?? "Component \(number)"
        let titleSlug = Slug.make(title)
        let base = slug.replacingOccurrences(of: "/", with: "-") + "--" + (titleSlug.isEmpty ? String(number) : titleSlug)
        var id = base
        var suffix = 2
        while used.contains(id) {
            id = "\(base)-\(suffix)"
            suffix += 1
        }
        used.insert(id)
        return Name(id: id, title: title)
    }
}
