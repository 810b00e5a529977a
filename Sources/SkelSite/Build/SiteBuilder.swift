import Foundation
import SkeletonCore

/// Builds a folder of Markdown docs into a site, as a list of named steps:
///
///  1. discover docs          5. write pages
///  2. parse Markdown         6. write indexes (gallery, search index, sitemap)
///  3. parse specs            7. swap output
///  4. render components
///
/// Step 1 also digests every input; when the digest matches the output's manifest and
/// the output's files still match it, steps 2–7 only report "up to date".
///
/// Invariants: the output folder is replaced only by a build without errors, and only
/// at the very end (rename aside, rename in, delete old); the same input gives
/// byte-identical output; a component whose spec did not change is never painted again
/// (content-addressed cache outside the output).
public struct SiteBuilder: Sendable {
    public struct Options: Sendable {
        /// Pass raw HTML in docs through. Off by default (why: docs may come from
        /// contributors; safe mode also drops `javascript:` links).
        public var allowRawHTML = false
        /// Prefix for sitemap URLs, e.g. "https://example.org/docs/". nil writes
        /// site-relative URLs (why: we cannot guess where the site is hosted).
        public var baseURL: String?
        /// Where rendered components are cached; nil means `<source>/.skelsite-cache`
        /// (why: it survives output swaps and is per docs folder).
        public var cacheDirectory: URL?
        /// Identity of the renderer for cache keys; nil derives it from the version and
        /// the running executable's size and modification time.
        public var rendererFingerprint: String?
        /// A `skelsite verify --json` file; each component whose spec it measured shows
        /// its CSS-vs-PNG figures on its page. nil shows none (why: verify needs a
        /// browser and minutes; a build needs neither).
        public var verifyResults: URL?
        /// The site's title (skelsite.toml `title`); nil takes the root index.md's title.
        public var siteTitle: String?

        public init(allowRawHTML: Bool = false, baseURL: String? = nil, cacheDirectory: URL? = nil,
                    rendererFingerprint: String? = nil, verifyResults: URL? = nil, siteTitle: String? = nil) {
            self.siteTitle = siteTitle
            self.allowRawHTML = allowRawHTML
            self.baseURL = baseURL
            self.cacheDirectory = cacheDirectory
            self.rendererFingerprint = rendererFingerprint
            self.verifyResults = verifyResults
        }
    }

    public var source: URL
    public var output: URL
    /// nil: find the default theme (see `TemplateSet.locate`).
    public var templates: URL?
    public var options: Options
    /// How the source folder is named in diagnostics (as the user typed it).
    public var displaySource: String

    public init(source: URL, output: URL, templates: URL? = nil, options: Options = Options(), displaySource: String? = nil) {
        self.source = source.standardizedFileURL
        self.output = output.standardizedFileURL
        self.templates = templates
        self.options = options
        self.displaySource = displaySource ?? source.path
    }

    public static let buildStepNames = ["discover docs", "parse Markdown", "parse specs", "render components",
                                        "write pages", "write indexes", "swap output"]

    /// Builds the site. Doc errors come back as diagnostics in the report (exit 1);
    /// problems that stop the build from running (I/O, templates) are thrown (exit 2).
    public func build(progress: @escaping @Sendable (BuildStepEvent) -> Void = { _ in }) throws(SiteBuildError) -> BuildReport {
        try checkPaths()
        let theme = try TemplateSet.load(from: TemplateSet.locate(explicit: templates))
        let agreements = try options.verifyResults.map(VerifyResultsFile.read) ?? [:]
        var run = StepRunner(total: Self.buildStepNames.count, progress: progress)
        var report = BuildReport()
        let fingerprint = self.fingerprint()
        // Discovery also digests every input and compares it with the output's manifest.
        let (paths, inputs, previous) = try run.step("discover docs") {
            () throws(SiteBuildError) -> (([String], (all: String, shared: String, docs: [String: String]),
                                        (OutputManifest?, OutputManifest?)), String) in
            let scan = try DocumentDiscovery.scan(in: source)  // links leaving the source: errors
            report.diagnostics += scan.diagnostics(display)
            let found = scan.paths
            let inputs = inputDigest(docs: found, theme: theme, fingerprint: fingerprint)
            let previous = OutputManifest.read(from: output)
            let unchanged = previous.flatMap { manifest in
                manifest.inputs == inputs.all && OutputManifest.FileListing.of(output) == manifest.listing ? manifest : nil
            }
            return ((found, inputs, (previous, unchanged)), "\(found.count) docs")
        }
        let (lastBuild, upToDate) = previous
        if let previous = upToDate, report.succeeded {
            // Nothing changed and the output is intact: touch nothing, report as before.
            report.documents = previous.documents
            report.drafts = previous.drafts
            report.components = previous.components
            report.cached = previous.distinctComponents
            for name in Self.buildStepNames.dropFirst() { run.step(name) { () -> ((), String) in ((), "up to date") } }
            report.steps = run.events
            return report
        }
        var parsed = parse(paths, &run, &report)
        guard report.succeeded else { return report }

        let cache = RenderCache(directory: options.cacheDirectory ?? source.appendingPathComponent(".skelsite-cache"))
        let rendered = try run.step("render components") { () throws(SiteBuildError) -> ([String: RenderStep.Result], String) in
            let results = try RenderStep.run(parsed.documents, cache: cache, fingerprint: fingerprint)
            // Counted per distinct spec (key): identical specs share one rendering.
            var fromCache: [String: Bool] = [:]
            for result in results.values { fromCache[result.key] = result.fromCache }
            report.rendered = fromCache.values.filter { !$0 }.count
            report.cached = fromCache.values.filter { $0 }.count
            return (results, "rendered \(report.rendered), cached \(report.cached)")
        }

        let staging = try OutputSwap.makeStaging(for: output)
        do throws(SiteBuildError) {
            let writer = PageWriter(theme: theme, staging: staging, cache: cache, baseURL: options.baseURL)
            writer.agreements = agreements
            writer.siteTitle = options.siteTitle
            writer.reuse = PageReuse(previousOutput: output, previous: lastBuild?.pages ?? [:], shared: inputs.shared,
                                     docDigests: inputs.docs, allPaths: paths, documents: parsed.documents)
            try run.step("write pages") { () throws(SiteBuildError) -> ((), String) in
                let count = try writer.writePages(&parsed.documents, components: rendered)
                let reused = count.reused > 0 ? " (\(count.reused) unchanged, linked from the previous output)" : ""
                return ((), "\(count.pages) pages\(reused), \(count.pngs) PNGs, \(count.assets) assets")
            }
            try run.step("write indexes") { () throws(SiteBuildError) -> ((), String) in
                let count = try writer.writeIndexes(parsed.documents, components: rendered)
                return ((), "gallery of \(count.components), search index, sitemap of \(count.urls) URLs")
            }
            report.filesWritten = writer.filesWritten
            let manifest = OutputManifest(
                inputs: report.diagnostics.isEmpty ? inputs.all : "", documents: report.documents, drafts: report.drafts,
                components: report.components, distinctComponents: report.rendered + report.cached,
                listing: .of(staging), pages: writer.pageEntries)
            do {
                try PlainFileWriter.write(manifest.markerText(), to: staging.appendingPathComponent(OutputSwap.markerName).path)
            } catch {
                throw .io("cannot write \(staging.path)/\(OutputSwap.markerName): \(error.localizedDescription)")
            }
            try run.step("swap output") { () throws(SiteBuildError) -> ((), String) in
                try OutputSwap.swap(staging: staging, into: output)
                return ((), output.path)
            }
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
        report.wroteOutput = true
        cache.prune(keeping: Set(rendered.values.map { $0.key }))
        report.steps = run.events
        return report
    }

    /// Steps 1–3 only: validates every doc and spec, writes nothing (not even cache).
    public func check(progress: @escaping @Sendable (BuildStepEvent) -> Void = { _ in }) throws(SiteBuildError) -> BuildReport {
        var run = StepRunner(total: 3, progress: progress)
        var report = BuildReport()
        let paths = try run.step("discover docs") { () throws(SiteBuildError) -> ([String], String) in
            let scan = try DocumentDiscovery.scan(in: source)
            report.diagnostics += scan.diagnostics(display)
            return (scan.paths, "\(scan.paths.count) docs")
        }
        _ = parse(paths, &run, &report)
        report.steps = run.events
        return report
    }

    /// See `OutputManifest.inputDigest`: docs, templates, the installed wasm, renderer
    /// fingerprint and every option that changes output.
    private func inputDigest(docs: [String], theme: TemplateSet, fingerprint: String) -> (all: String, shared: String, docs: [String: String]) {
        let wasm = theme.standalonePages.contains("playground") ? PlaygroundPage.wasmToInstall(templates: theme.directory) : nil
        let settings = ["renderer=" + fingerprint, "allow-raw-html=\(options.allowRawHTML)",
                        "base-url=" + (options.baseURL ?? "-"),
                        "title=" + (options.siteTitle ?? "-"), "templates=" + theme.directory.standardizedFileURL.path]
        let extra = (wasm.map { [$0] } ?? []) + (options.verifyResults.map { [$0] } ?? [])
        return OutputManifest.inputDigest(source: source, docs: docs, templates: theme.directory,
                                          extraFiles: extra, settings: settings)
    }

    struct Parsed {
        var documents: [SiteDocument]
    }

    /// Steps 2–3 over the discovered docs.
    private func parse(_ paths: [String], _ run: inout StepRunner, _ report: inout BuildReport) -> Parsed {
        let displayPaths = paths.map(display)
        var pages: [String: String] = [:]
        for path in paths { pages[path] = DocumentLoader.slug(for: path) + ".html" }
        let links = LinkRewriter(pages: pages)
        let allowRaw = options.allowRawHTML
        let sourceFolder = self.source
        var (documents, lines) = run.step("parse Markdown") { () -> (([SiteDocument], [[String]]), String) in
            let loaded = Parallel.map(Array(zip(paths, displayPaths))) { pair in
                DocumentLoader.load(relativePath: pair.0, source: sourceFolder, displayPath: pair.1, links: links,
                                    allowRawHTML: allowRaw)
            }
            var documents: [SiteDocument] = []
            var lines: [[String]] = []
            var seenSlugs: [String: String] = [:]
            for (index, item) in loaded.enumerated() {
                report.diagnostics += item.diagnostics
                if item.isDraft { report.drafts += 1 }
                guard let document = item.document else { continue }
                if let other = seenSlugs[document.slug] {
                    report.diagnostics.append(BuildDiagnostic(
                        path: displayPaths[index], message: "page \(document.pagePath) would also come from \(other); rename one of them",
                        line: 1, column: 1, sourceLine: nil))
                    continue
                }
                seenSlugs[document.slug] = document.relativePath
                documents.append(document)
                lines.append(item.lines)
            }
            report.documents = documents.count
            let specs = documents.reduce(0) { $0 + $1.specs.count }
            let drafts = report.drafts > 0 ? ", \(report.drafts) drafts skipped" : ""
            return ((documents, lines), "\(documents.count) docs, \(specs) specs\(drafts)")
        }
        run.step("parse specs") { () -> ((), String) in
            let specDiagnostics = SpecStep.run(&documents, lines: lines, displayPaths: documents.map { display($0.relativePath) })
            report.diagnostics += specDiagnostics
            report.components = documents.reduce(0) { $0 + $1.specs.count }
            report.diagnostics = report.diagnostics.sortedForDisplay()
            let errors = report.errorCount
            let warnings = report.diagnostics.count - errors
            return ((), "\(report.components) specs, \(errors) errors, \(warnings) warnings")
        }
        report.steps = run.events
        return Parsed(documents: documents)
    }

    /// "site/guides/intro.md" for diagnostics: the source as the user typed it.
    private func display(_ relativePath: String) -> String {
        displaySource.isEmpty || displaySource == "." ? relativePath
            : (displaySource.hasSuffix("/") ? displaySource + relativePath : displaySource + "/" + relativePath)
    }

    /// Refuses outputs that a swap would destroy the docs with.
    private func checkPaths() throws(SiteBuildError) {
        let src = source.resolvingSymlinksInPath().path
        let out = output.resolvingSymlinksInPath().path
        if src == out || src.hasPrefix(out + "/") {
            throw .io("output folder \(output.path) contains the source folder; choose another --output")
        }
        if out == "/" { throw .io("refusing to use / as the output folder") }
    }

    private func fingerprint() -> String {
        options.rendererFingerprint ?? RendererFingerprint.current()
    }
}

/// Times steps and reports each as it finishes.
struct StepRunner {
    let total: Int
    let progress: @Sendable (BuildStepEvent) -> Void
    private(set) var events: [BuildStepEvent] = []

    init(total: Int, progress: @escaping @Sendable (BuildStepEvent) -> Void) {
        self.total = total
        self.progress = progress
    }

    mutating func step<T>(_ name: String, _ body: () throws(SiteBuildError) -> (T, String)) throws(SiteBuildError) -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let (value, summary) = try body()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let event = BuildStepEvent(index: events.count + 1, total: total, name: name, summary: summary, seconds: seconds)
        events.append(event)
        progress(event)
        return value
    }

    mutating func step<T>(_ name: String, _ body: () -> (T, String)) -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let (value, summary) = body()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let event = BuildStepEvent(index: events.count + 1, total: total, name: name, summary: summary, seconds: seconds)
        events.append(event)
        progress(event)
        return value
    }
}
