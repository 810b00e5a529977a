import Foundation
import SkeletonCore
import SkelsiteStore

/// Builds a folder of Markdown docs into a site, as the steps of `BuildStep`:
///
///  1. discover docs: paths, every input digested        5. render components: `RenderStep.Output`
///  2. parse Markdown: `LoadedDocument`s, or memos        6. write pages: doc and theme pages, assets
///  3. parse specs: `SiteDocument`s, named                7. write indexes: gallery, search index, sitemap
///  4. keep unchanged: `KeepStep.Output`                  8. swap output (publish the generation)
///
/// Each step's output is a new, complete value that later steps only read. Step 4
/// decides what the rest make: it places what the live site still holds (pages, PNGs) in
/// the work generation and parses the docs from their memos that have something to make,
/// so step 5 paints only from specs it has and finds a damaged cache entry when it reads
/// it, and step 6 makes pages only from docs it has the HTML of. Step 7 is made on a
/// thread of its own beside step 6 (it reads none of its files) and reported when step 6
/// is done. When step 1's digest matches the output's manifest and the output's files
/// still match it, steps 2–8 only report "up to date".
///
/// Invariants: the output is replaced only by a build without errors, and only at the
/// very end, by one rename of the output link to the generation this build brought up
/// to date (see `OutputGenerations`, site/reference/output-folder.md), so the output path
/// always names a whole site; the same input gives byte-identical output; a component
/// whose spec did not change is never painted again (content-addressed cache outside
/// the output), and no output file shares an inode with the cache (see `RenderStep`).
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
        /// A `skelsite fit --json` file (`build --fit-results`, `[fit] results`): each
        /// component with content shows its figures and its card a fit badge; nil shows
        /// "not measured" (site/guides/fit-the-content.md, "In the gallery").
        public var fitResults: URL?
        /// The site's title (skelsite.toml `title`); nil takes the root index.md's title.
        public var siteTitle: String?
        /// The project file's spec defaults and language (`[appearance]`, `[animation]`,
        /// `lang`), under each doc's front matter.
        public var specDefaults = InheritedSettings()
        /// Trust that nothing but the builds given this same memory changed the output
        /// since the last of them (`skelsite serve`, which owns it while it runs): the
        /// output is not listed and `stat`ed file by file (see `OutputTrust`). nil for
        /// `skelsite build`.
        public var trust: OutputTrust?
        /// Leave the build's own tables for the process's exit to reclaim rather than free
        /// them when `build` returns (`KeptUntilExit`): for `skelsite build`, which exits
        /// right after. Off for serve and library use, whose memory would grow with each build.
        public var keepsMemoryUntilExit = false
        /// Fill `BuildReport.changedFiles` (for serve, which tells open pages). Off for
        /// `skelsite build`, which prints nothing of it (why: finding a big site's files
        /// that are gone is 29,000 lookups at the end of every rebuild).
        public var listsChangedFiles = true

        public init(allowRawHTML: Bool = false, baseURL: String? = nil, cacheDirectory: URL? = nil,
                    rendererFingerprint: String? = nil, verifyResults: URL? = nil, siteTitle: String? = nil,
                    specDefaults: InheritedSettings = InheritedSettings()) {
            self.siteTitle = siteTitle
            self.specDefaults = specDefaults
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

    /// Builds the site. Doc errors come back as diagnostics in the report (exit 1);
    /// problems that stop the build from running (I/O, templates) are thrown (exit 2).
    public func build(progress: @escaping @Sendable (BuildStepEvent) -> Void = { _ in }) throws(SiteBuildError) -> BuildReport {
        try checkPaths()
        // The templates are parsed beside discovery, which needs only their folder and page
        // names (why: parsed first, they kept a core idle at the start of every build).
        let themeFolder = try TemplateSet.locate(explicit: templates)
        let themeLoading = Background { Result { () throws(SiteBuildError) in try TemplateSet.load(from: themeFolder) } }
        let agreements = try options.verifyResults.map(VerifyResultsFile.read) ?? [:]
        let fits = try options.fitResults.map(FitResultsFile.read) ?? FitResults()
        var run = StepRunner(plan: BuildStep.allCases, progress: progress)
        var report = BuildReport()
        let fingerprint = self.fingerprint()
        let cacheDirectory = options.cacheDirectory ?? source.appendingPathComponent(".skelsite-cache")
        // serve remembers what it hashed between its rebuilds; a build, what the last build
        // hashed (`FileDigestMemory.load`), saved again once this one knows its cache folder.
        let digests = options.trust?.digests ?? FileDigestMemory.load(from: cacheDirectory)
        // Discovery also digests every input and compares it with the live site's manifest.
        // Opening the output takes its lock: builds into one output take turns.
        var generations: OutputGenerations?
        let discovery = try run.run(.discoverDocs) { () throws(SiteBuildError) -> StepResult<Discovery> in
            // Links that leave the source and loops are errors; the safe docs go on.
            let scan = try DocumentDiscovery.scan(in: source)
            report.diagnostics += scan.diagnostics(display)
            let found = scan.paths
            let opened = try OutputGenerations.open(for: output)
            generations = opened
            // The live record is decoded beside digesting the inputs (why: one after the
            // other, each kept one core busy while the other idled: a tenth of a one-spec
            // rebuild of a big site).
            let reading = Background { opened.liveFiles() }
            let inputs = inputDigest(docs: found, theme: themeFolder, fingerprint: fingerprint, memory: digests)
            let previous = opened.liveManifest
            let work = opened.workFolder
            // Inputs that differ from the live site's mean something changes: `build` (which
            // trusts nothing) begins listing the work folder now, beside decoding the live
            // record (why: begun after it, the listing was what the keep step waited for, and
            // a core idled while the record was decoded; about a twentieth of a one-spec
            // rebuild of a big site). Sized by the live site's file count.
            let early = options.trust == nil && previous?.inputs != inputs.all
                ? Background { FolderScan.of(work.path, expecting: FolderScan.expected(files: previous?.listing.files ?? 0)) }
                : nil
            // Decoded on: a build that must make something needs the record only at the keep
            // step (why: waited for here, it kept the memos and parsing from the other core
            // for a fifteenth of a one-spec rebuild of a big site).
            guard early == nil else {
                return StepResult(value: Discovery(paths: found, inputs: inputs, reading: reading, upToDate: nil,
                                                   workListing: early),
                                  summary: "\(found.count) docs")
            }
            // Inputs as the live site's: `build` lists the live folder beside decoding its
            // record, to check the site is intact (why: listed after it, the listing waited for
            // the decoding; a big site's build that changed nothing went from 122 to 117 ms).
            let liveListing = options.trust == nil && previous?.inputs == inputs.all
                ? opened.liveFolder.map { folder in
                    Background { FolderScan.of(folder.path, expecting: FolderScan.expected(files: previous?.listing.files ?? 0)) }
                }
                : nil
            let liveFiles = reading.value()
            var unchanged: OutputManifest?
            let trusted = options.trust.map { $0.published.left(for: opened.output, work: opened.workFolder)?.liveFiles == liveFiles }
                ?? false
            if let previous, previous.inputs == inputs.all, let liveFiles, let folder = opened.liveFolder,
               trusted || liveFiles.matches(liveListing?.value() ?? FolderScan.of(folder, like: liveFiles)) {
                unchanged = previous
            }
            // Something changed: the work folder is listed beside parsing and rendering
            // (the lock is held), unless serve's last build left it known (`trusted`).
            let listing = unchanged == nil && !trusted ? early ?? Background { FolderScan.of(work, like: liveFiles) } : nil
            return StepResult(value: Discovery(paths: found, inputs: inputs, reading: reading, upToDate: unchanged,
                                               workListing: listing),
                              summary: "\(found.count) docs")
        }
        let theme = try themeLoading.value().get()
        // A theme link that leaves the theme folder fails the build like a doc's (exit 1).
        report.diagnostics += theme.linkProblems
        // A problem found by discovery (a link added since) fails the build even when the
        // safe docs' digest is unchanged.
        if let previous = discovery.upToDate, report.succeeded {
            // Nothing changed and the output is intact: touch nothing, report as before,
            // with the warnings of the docs the build that wrote it printed.
            report.diagnostics = (report.diagnostics + previous.warnings.map(diagnostic)).sortedForDisplay()
            report.documents = previous.documents
            report.drafts = previous.drafts
            report.components = previous.components
            report.cached = previous.distinctComponents
            if options.trust == nil { digests.save(to: cacheDirectory) }
            for step in run.remaining { run.run(step) { StepResult(value: (), summary: "up to date") } }
            report.steps = run.events
            return report
        }
        // Docs whose bytes did not change since the last build come from their memo,
        // not parsed again (`DocMemo`).
        // Read beside parsing, which does not need it (why: it kept the other core idle).
        let cacheIndexReading = Background { RenderCacheIndex.read(from: cacheDirectory) }
        let memoSettings = DocMemoStore.settingsKey(fingerprint: fingerprint, allowRawHTML: options.allowRawHTML,
                                                    paths: discovery.paths,
                                                    specDefaults: options.specDefaults.canonicalText)
        let memos = DocMemoStore.read(from: cacheDirectory, settings: memoSettings)
        let parsed = parse(discovery.paths, &run, &report, memos: memos, digests: discovery.inputs.docs)
        let documents = parsed.documents
        // The docs' warnings, for the output's record (`OutputManifest.warnings`): all of
        // this build's at a doc (discovery's name skipped folders, and every build finds them again).
        let docPaths = Dictionary(discovery.paths.map { (display($0), $0) }, uniquingKeysWith: { first, _ in first })
        let docWarnings = report.diagnostics.filter { !$0.isError }.compactMap { found in
            docPaths[found.path].map {
                RecordedWarning(path: $0, line: found.line, column: found.column, message: found.message,
                                sourceLine: found.sourceLine)
            }
        }
        report.diagnostics += pageCollisions(documents, themePages: theme.standalonePages)
        let cacheIndex = cacheIndexReading.value()
        guard report.succeeded, let generations else {
            report.steps = run.events
            return report
        }

        // The work generation is brought up to date, then trades places with the output.
        let work = try generations.prepareWork()
        let live = generations.liveFolder.flatMap { folder in discovery.liveFiles.map { (folder: folder, files: $0) } }
        let left = options.trust?.published.left(for: generations.output, work: work)
        let liveIdentity = generations.liveFolder.flatMap(OutputGenerations.identity)
        let writer = GenerationWriter(folder: work, live: live,
                                      holding: left.flatMap { $0.liveFiles == discovery.liveFiles ? $0.workFiles : nil },
                                      listed: discovery.workListing)
        let cache = RenderCache(directory: cacheDirectory)
        let pageKeys = PageReuse(shared: discovery.inputs.shared, docDigests: discovery.inputs.docs,
                                 allPaths: discovery.paths, documents: documents)
        let kept = try run.run(.keepUnchanged) { () throws(SiteBuildError) -> StepResult<KeepStep.Output> in
            let kept = try KeepStep.run(documents, pageKeys: pageKeys, writer: writer, cache: cache, index: cacheIndex,
                                        fingerprint: fingerprint, parse: memoParser(parsed.links))
            let files = writer.count(.kept) + writer.count(.linked)
            let parsedMemos = kept.parsed > 0 ? ", \(kept.parsed) unchanged docs parsed to make the rest" : ""
            return StepResult(value: kept, summary: "\(kept.keptPages.count) pages, \(files - kept.keptPages.count) PNGs\(parsedMemos)")
        }
        // The search index needs the docs alone: made beside painting (`SearchIndex.prepared`).
        let searchIndex = Background { SearchIndex.prepared(galleryDocuments: SiteContent.galleryDocuments(of: kept.documents)) }
        let rendered = try run.run(.renderComponents) { () throws(SiteBuildError) -> StepResult<RenderStep.Output> in
            let rendered = try RenderStep.run(kept, cache: cache, index: cacheIndex, writer: writer)
            return StepResult(value: rendered, summary: "rendered \(rendered.rendered), cached \(rendered.cached)")
        }
        // The cache's entries this build does not use are found beside steps 6 to 8, and
        // removed once the new site is published (why: listed after it, a big site's cache
        // kept one core busy and the other idle at the end of every rebuild). Finding them
        // changes nothing, so a build that fails meanwhile leaves the cache as it was.
        let pruning = Background { cache.unused(keeping: Set(rendered.components.values.map(\.key))) }
        // The cache index and the memos are saved beside steps 6 and 7, once rendering made
        // the index and the cache folder (why: at the end, they were what the last step
        // waited for after the record was encoded); waited for before the exchange.
        // Each compared with what was read on its own thread too (why: compared here, a big
        // site's 5000 index records and 1000 memos were compared before the pages could begin).
        let indexSaving = Background { if rendered.index != cacheIndex { rendered.index.write(to: cacheDirectory, after: cacheIndex) } }
        let memosSaving = Background {
            if parsed.memos != memos { DocMemoStore.write(parsed.memos, settings: memoSettings, to: cacheDirectory) }
        }
        // The inputs' digests, those read too soon after a change hashed again now (a cold
        // build takes seconds), for the next build (`FileDigestMemory.settle`).
        let digestsSaving = options.trust != nil ? nil : Background {
            digests.settle()
            digests.save(to: cacheDirectory)
        }
        // Counted per distinct spec (key): identical specs share one rendering.
        report.rendered = rendered.rendered
        report.cached = rendered.cached

        let folder = StagingFolder(writer: writer)
        let site = SiteContent(documents: kept.documents, components: rendered.components,
                               standalonePages: theme.standalonePages, title: options.siteTitle,
                               language: options.specDefaults.language)
        let contexts = PageContexts(theme: theme, site: site, agreements: agreements, fits: fits)
        // The gallery, search index and sitemap are made beside the pages (why: they need
        // none of them, and after them they kept one core busy while the other waited: a
        // fifth of a one-spec rebuild of a big site). Step 7 reports them once the pages are done.
        let (indexed, pagesWritten) = Parallel.both(beside: { () throws(SiteBuildError) in
            try writeIndexes(site: site, contexts: contexts, writer: writer, folder: folder, live: live,
                             inputs: discovery.inputs, cacheDirectory: cacheDirectory, searchIndex: searchIndex.value())
        }, here: { () throws(SiteBuildError) in
            try run.run(.writePages) { () throws(SiteBuildError) -> StepResult<Void> in
                let pages = try DocPages(contexts: contexts, staging: folder, reuse: pageKeys, kept: kept.keptPages).write()
                // Every component's PNGs, kept by step 4 or written by step 5.
                let pngs = site.documents.reduce(0) { count, document in
                    document.components.reduce(count) { $0 + (site.components[$1.id]?.artifacts.pngNames.count ?? 0) }
                }
                let assets = try ThemeAssets(theme: theme, staging: folder).write()
                report.filesWritten += pages.files + pngs + assets
                let reused = pages.reused > 0 ? " (\(pages.reused) unchanged, linked from the previous output)" : ""
                return StepResult(value: (), summary: "\(pages.pages) pages\(reused), \(pngs) PNGs, \(assets) assets")
            }
        })
        try pagesWritten.get()
        try run.run(.writeIndexes) { () throws(SiteBuildError) -> StepResult<Void> in
            let summary = try indexed.get()
            // index.html, search-index.json and, with a base URL, sitemap.xml
            report.filesWritten += Sitemap.absoluteBase(options.baseURL) == nil ? 2 : 3
            return StepResult(value: (), summary: summary)
        }
        var gone: [String] = []
        try run.run(.swapOutput) { () throws(SiteBuildError) -> StepResult<Void> in
            let files = writer.finish(keeping: [OutputSwap.markerName])
            // The record is encoded beside finishing the saving of the cache index and the
            // memos, begun earlier. Those are saved before the exchange (why: a build killed
            // while writing them leaves the old site, so the next one is a real build and
            // its prune removes their temporary files).
            let (encoding, lacking) = Parallel.both(beside: { () throws(SiteBuildError) in files.encoded(reusing: discovery.liveFiles) }, here: { () -> [String] in
                indexSaving.value()
                memosSaving.value()
                _ = digestsSaving?.value()
                // The live site's files the new one lacks (why here: after the exchange, a
                // big site's 29,000 lookups were what the end of a rebuild waited for).
                guard options.listsChangedFiles else { return [] }
                return (discovery.liveFiles?.records.keys).map { Array($0.filter { files.records[$0] == nil }) } ?? []
            })
            gone = try lacking.get()
            let manifest = OutputManifest(
                inputs: discovery.inputs.all, documents: report.documents,
                drafts: report.drafts, components: report.components,
                distinctComponents: report.rendered + report.cached, listing: .of(files), warnings: docWarnings)
            let workIdentity = OutputGenerations.identity(of: work)
            let prefilled = try generations.publish(files, encoded: encoding.get(), manifest: manifest)
            if let trust = options.trust, let workIdentity, let liveIdentity, let before = discovery.liveFiles {
                // The exchange made the work folder live and the live one the work folder.
                trust.published.remember(.init(live: workIdentity, liveFiles: files, work: liveIdentity, workFiles: before),
                                                     for: generations.output)
            } else if let trust = options.trust, let workIdentity, let prefilled {
                // The first publish: the new work folder links every file just published.
                trust.published.remember(.init(live: workIdentity, liveFiles: files, work: prefilled, workFiles: files),
                                                     for: generations.output)
            }
            let changed = writer.count(.written) + writer.count(.linked)
            return StepResult(value: (), summary: "\(output.path) (\(changed) files written or linked, \(writer.count(.kept)) kept)")
        }
        report.wroteOutput = true
        // Written, and gone: a page open on a deleted doc reloads to what serve now has.
        if options.listsChangedFiles { report.changedFiles = (writer.writtenPaths() + gone).sorted() }
        cache.remove(pruning.value())
        if options.keepsMemoryUntilExit {
            KeptUntilExit.hold([discovery, memos, parsed, cacheIndex, kept, rendered, site, contexts, writer, cache, generations])
        }
        report.steps = run.events
        return report
    }

    /// Steps 1–3 only: validates every doc and spec, writes nothing (not even cache).
    /// `only`: one doc's path relative to the source, to check that doc alone (`skelsite
    /// check FILE.md`); the source folder's other docs are neither read nor reported.
    public func check(only: String? = nil,
                      progress: @escaping @Sendable (BuildStepEvent) -> Void = { _ in }) throws(SiteBuildError) -> BuildReport {
        var run = StepRunner(plan: BuildStep.checkSteps, progress: progress)
        var report = BuildReport()
        let paths = try run.run(.discoverDocs) { () throws(SiteBuildError) -> StepResult<[String]> in
            let scan = try DocumentDiscovery.scan(in: source)
            var diagnostics = scan.diagnostics(display)
            var paths = scan.paths
            if let only {
                paths = paths.filter { $0 == only }
                diagnostics = diagnostics.filter { $0.path == display(only) }
                if paths.isEmpty && diagnostics.isEmpty {
                    throw .io("\(display(only)): not a doc skelsite reads (a .md file inside the source folder)")
                }
            }
            report.diagnostics += diagnostics
            return StepResult(value: paths, summary: "\(paths.count) docs")
        }
        let parsed = parse(paths, &run, &report, memos: [:], digests: [:])
        // The theme's pages, when there is a theme to find (check renders nothing).
        if let theme = try? TemplateSet.locate(explicit: templates) {
            report.diagnostics += pageCollisions(parsed.documents, themePages: TemplateSet.standalonePageNames(in: theme))
        }
        report.steps = run.events
        return report
    }

    /// A doc whose page is also one of the theme's pages (`playground.md` beside
    /// playground.mustache) would be replaced by it: an error at the doc, from `check`
    /// and `build` alike, never a silent loss (site/reference/limits.md, "Names skelsite makes").
    private func pageCollisions(_ documents: [SiteDocument], themePages: [String]) -> [FileDiagnostic] {
        documents.filter { themePages.contains($0.slug) }.map { document in
            FileDiagnostic(path: display(document.relativePath), line: 1, column: 1,
                           message: "the page \(document.pagePath) is also the theme's page \(document.slug).mustache, "
                               + "which would replace it; rename the doc")
        }
    }

    /// Step 1's output.
    private struct Discovery {
        /// The docs, relative to the source folder, sorted.
        let paths: [String]
        let inputs: OutputManifest.InputDigest
        /// The live record's decoding, begun by discovery.
        let reading: Background<GenerationFiles?>
        /// What the live generation holds, when there is one with a readable record.
        var liveFiles: GenerationFiles? { reading.value() }
        /// The live site's manifest when nothing changed since and the site is intact.
        let upToDate: OutputManifest?
        /// The work folder's listing, begun when the site must be built.
        let workListing: Background<FolderScan>?
    }

    /// Step 7: the gallery (unless the live one still fits), the search index and the
    /// sitemap; returns the step's summary.
    private func writeIndexes(site: SiteContent, contexts: PageContexts, writer: GenerationWriter, folder: StagingFolder,
                              live: (folder: URL, files: GenerationFiles)?, inputs: OutputManifest.InputDigest,
                              cacheDirectory: URL, searchIndex: SearchIndex.Prepared) throws(SiteBuildError) -> String {
        let items = site.galleryItems
        // The search index is built and hashed once: its digest is its file's id and
        // part of the gallery's key.
        let (searchBytes, searchDigest) = searchIndex.bytes(for: items) ?? {
            let bytes = SearchIndex.bytes(items)
            return (bytes, SHA256.hex(bytes))
        }()
        let urls = Sitemap.paths(of: site)
        let gallery = GalleryIndex(contexts: contexts)
        let galleryID = "gallery:" + gallery.key(items: items, searchDigest: searchDigest, shared: inputs.shared,
                                                 docDigests: inputs.docs)
        if !writer.reuse("index.html", id: galleryID) {
            let previous = previousGallery(live: live, cacheDirectory: cacheDirectory)
            let page = gallery.render(items: items, searchJSON: searchBytes, previous: previous)
            try writer.write(page.bytes, to: "index.html", id: galleryID)
            // Before the exchange, like the memo: a killed build leaves a file whose
            // page id the live site does not have, so nothing is taken from it.
            if let cards = page.cards { GalleryCardsFile(pageID: galleryID, cards: cards).write(to: cacheDirectory) }
        }
        try writer.write(searchBytes, to: "search-index.json", id: "sha256:" + searchDigest)
        // Only with an absolute base URL: the sitemaps.org schema wants absolute URLs.
        guard let base = Sitemap.absoluteBase(options.baseURL) else { return "gallery of \(items.count), search index, no sitemap" }
        try folder.write(Sitemap.xml(urls, base: base), to: "sitemap.xml")
        return "gallery of \(items.count), search index, sitemap of \(urls.count) URLs"
    }

    /// See `OutputManifest.inputDigest`: docs, templates, the installed wasm
    /// modules, renderer fingerprint and every option that changes output.
    /// `theme`: the templates' folder (a playground that is a link leaving it fails the build).
    /// `memory`: the digests known of files that did not change since (`FileDigestMemory`).
    private func inputDigest(docs: [String], theme: URL, fingerprint: String,
                             memory: FileDigestMemory) -> OutputManifest.InputDigest {
        let playground = TemplateSet.standalonePageNames(in: theme).contains("playground")
        let wasm = playground ? PlaygroundPage.wasmToInstall(templates: theme) : nil
        let settings = ["renderer=" + fingerprint, "allow-raw-html=\(options.allowRawHTML)",
                        "base-url=" + (options.baseURL ?? "-"),
                        "title=" + (options.siteTitle ?? "-"), "templates=" + theme.standardizedFileURL.path]
            + (options.specDefaults.isEmpty ? [] : ["spec-defaults=" + options.specDefaults.canonicalText])
        let modules = wasm.map { [$0] + (PlaygroundPage.exporters(beside: $0).map { [$0] } ?? []) } ?? []
        let extra = modules + (options.verifyResults.map { [$0] } ?? [])
            + (options.fitResults.map { [$0] } ?? [])
        return OutputManifest.inputDigest(source: source, docs: docs, templates: theme,
                                          extraFiles: extra, settings: settings, memory: memory)
    }

    /// Steps 2–3 over the discovered docs: the docs that load, each spec parsed. A doc
    /// whose memo holds its bytes' digest is not read (see `DocMemo`); the memos of this
    /// build come back with the docs.
    private func parse(_ paths: [String], _ run: inout StepRunner, _ report: inout BuildReport,
                       memos: [String: DocMemo], digests: [String: String])
        -> (documents: [SiteDocument], memos: [String: DocMemo], links: LinkRewriter) {
        var pages: [String: String] = [:]
        for path in paths { pages[path] = DocumentLoader.slug(for: path) + ".html" }
        let links = LinkRewriter(pages: pages)
        enum Read: Sendable {
            case memo(DocMemo)
            case read(DocumentLoader.Outcome)
        }
        let loaded = run.run(.parseMarkdown) { () -> StepResult<[SpecStep.Source]> in
            let outcomes = Parallel.map(paths) { path -> Read in
                if let memo = memos[path], let digest = digests[path], memo.digest == digest { return .memo(memo) }
                return .read(DocumentLoader.load(relativePath: path, source: source, displayPath: display(path), links: links,
                                                 allowRawHTML: options.allowRawHTML))
            }
            var documents: [SpecStep.Source] = []
            var seenSlugs: [String: String] = [:]
            var specs = 0, fromMemo = 0
            func claim(_ slug: String, _ path: String, _ displayPath: String) -> Bool {
                if let other = seenSlugs[slug] {
                    report.diagnostics.append(FileDiagnostic(
                        path: displayPath, line: 1, column: 1,
                        message: "page \(slug).html would also come from \(other); rename one of them"))
                    return false
                }
                seenSlugs[slug] = path
                return true
            }
            for (path, outcome) in zip(paths, outcomes) {
                switch outcome {
                case .memo(let memo):
                    guard claim(memo.slug, path, display(path)) else { continue }
                    // Its warnings as the build that parsed it found them (`DocMemo`).
                    report.diagnostics += memo.warnings.map(diagnostic)
                    documents.append(.memo(relativePath: path, memo))
                    specs += memo.specs.count
                    fromMemo += 1
                case .read(let outcome):
                    report.diagnostics += outcome.diagnostics
                    switch outcome {
                    case .failed: continue
                    case .draft: report.drafts += 1
                    case .loaded(let document, let diagnostics):
                        guard claim(document.slug, document.relativePath, document.displayPath) else { continue }
                        // A doc with warnings (no error) is kept in a memo with them.
                        let kept = diagnostics.contains(where: \.isError) ? nil : digests[path]
                        documents.append(.loaded(document, digest: kept, warnings: diagnostics))
                        specs += document.markdown.specs.count
                    }
                }
            }
            report.documents = documents.count
            let drafts = report.drafts > 0 ? ", \(report.drafts) drafts skipped" : ""
            let unchanged = fromMemo > 0 ? ", \(fromMemo) unchanged" : ""
            return StepResult(value: documents, summary: "\(documents.count) docs\(unchanged), \(specs) specs\(drafts)")
        }
        return run.run(.parseSpecs) { () -> StepResult<(documents: [SiteDocument], memos: [String: DocMemo], links: LinkRewriter)> in
            let parsed = SpecStep.run(loaded, project: options.specDefaults, display: display)
            report.diagnostics += parsed.diagnostics
            report.components = parsed.specCount
            report.diagnostics = report.diagnostics.sortedForDisplay()
            let errors = report.errorCount
            let warnings = report.diagnostics.count - errors
            return StepResult(value: (parsed.documents, parsed.memos, links),
                              summary: "\(report.components) specs, \(errors) errors, \(warnings) warnings")
        }
    }

    /// The live `index.html` and where its cards lie, when `.gallery.cards` describes
    /// that very file: the page id its record holds, and the stamp it had when written.
    private func previousGallery(live: (folder: URL, files: GenerationFiles)?, cacheDirectory: URL)
        -> (page: [UInt8], cards: GalleryCardsFile)? {
        guard let live, let record = live.files.records["index.html"], let cards = GalleryCardsFile.read(from: cacheDirectory),
              cards.pageID == record.id else { return nil }
        let path = live.folder.path + "/index.html"
        guard GenerationFiles.Stamp.of(path) == record.stamp, let page = RenderCache.readRegularFile(path),
              page.count == record.stamp.size, GenerationFiles.Stamp.of(path) == record.stamp else { return nil }
        return (page, cards)
    }

    /// How step 4 parses a doc from its memo that has something to make: read and
    /// rendered as step 2 does, each spec parsed over what it inherits, as step 3 does.
    private func memoParser(_ links: LinkRewriter) -> KeepStep.Parse {
        { [self] document in
            guard case .loaded(let loaded, _) = DocumentLoader.load(
                relativePath: document.relativePath, source: source, displayPath: display(document.relativePath),
                links: links, allowRawHTML: options.allowRawHTML) else { return nil }
            var specs: [Spec] = []
            for (site, component) in zip(loaded.markdown.specs, document.components) {
                guard let spec = SpecParser.parseWithinBounds(site.block.text, firstLine: site.block.firstLine,
                                                              columnOffset: site.block.columnOffset,
                                                              inheriting: component.inheritedSettings).spec else { return nil }
                specs.append(spec)
            }
            return (loaded.markdown.html, specs)
        }
    }

    /// A recorded warning of a doc, named as this build names the doc.
    private func diagnostic(_ warning: RecordedWarning) -> FileDiagnostic {
        FileDiagnostic(path: display(warning.path), line: warning.line, column: warning.column, severity: .warning,
                       message: warning.message, sourceLine: warning.sourceLine)
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
        // The output is replaced on every build and the cache kept: neither may hold the
        // other (site/reference/limits.md, "Output and cache folders").
        let cacheFolder = options.cacheDirectory ?? source.appendingPathComponent(".skelsite-cache")
        let cache = cacheFolder.resolvingSymlinksInPath().path
        let overlap = out == cache ? "is" : cache.hasPrefix(out + "/") ? "contains" : out.hasPrefix(cache + "/") ? "is inside" : nil
        if let overlap {
            throw .io("output folder \(output.path) \(overlap) the render cache's folder \(cacheFolder.standardizedFileURL.path); "
                      + "choose another --output")
        }
    }

    private func fingerprint() -> String {
        options.rendererFingerprint ?? RendererFingerprint.current()
    }
}
