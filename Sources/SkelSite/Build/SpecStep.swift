import SkeletonCore

/// Step 3: parses every spec (in parallel) with the file's own line numbers, then gives
/// each a title and a unique, stable component id.
enum SpecStep {
    struct Job: Sendable {
        var document: Int
        var spec: Int
        var block: SpecBlock
    }

    static func run(_ documents: inout [SiteDocument], lines: [[String]], displayPaths: [String]) -> [BuildDiagnostic] {
        var jobs: [Job] = []
        for (d, document) in documents.enumerated() {
            for (s, spec) in document.specs.enumerated() { jobs.append(Job(document: d, spec: s, block: spec.block)) }
        }
        let results = Parallel.map(jobs) { job in
            SpecParser.parseWithinBounds(job.block.text, firstLine: job.block.firstLine, columnOffset: job.block.columnOffset)
        }
        var diagnostics: [BuildDiagnostic] = []
        for (job, result) in zip(jobs, results) {
            documents[job.document].specs[job.spec].spec = result.spec
            let fileLines = lines[job.document].map { Substring($0) }
            diagnostics += result.diagnostics.map { BuildDiagnostic(path: displayPaths[job.document], $0, lines: fileLines) }
            if result.spec == nil && !result.diagnostics.contains(where: { $0.severity == .error }) {
                diagnostics.append(BuildDiagnostic(path: displayPaths[job.document], message: "spec did not parse",
                                                   line: job.block.firstLine, column: 1 + job.block.columnOffset,
                                                   sourceLine: nil))
            }
        }
        assignIds(&documents)
        return diagnostics
    }

    /// Title: the spec's own, else "Component N" (1-based within the doc). Id: doc slug
    /// ("/" as "-") + "--" + title slug (or N); duplicates get "-2", "-3" in doc order.
    static func assignIds(_ documents: inout [SiteDocument]) {
        var used: Set<String> = []
        for d in documents.indices {
            let prefix = documents[d].slug.replacingOccurrences(of: "/", with: "-")
            for s in documents[d].specs.indices {
                let number = s + 1
                let title = documents[d].specs[s].spec?.title.flatMap { $0.isEmpty ? nil : $0 } ?? "Component \(number)"
                let titleSlug = Slug.make(title)
                let base = prefix + "--" + (titleSlug.isEmpty ? String(number) : titleSlug)
                var id = base
                var suffix = 2
                while used.contains(id) {
                    id = "\(base)-\(suffix)"
                    suffix += 1
                }
                used.insert(id)
                documents[d].specs[s].id = id
                documents[d].specs[s].title = title
            }
        }
    }
}
