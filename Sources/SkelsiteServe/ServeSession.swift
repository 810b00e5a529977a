import Foundation
import SkelsiteStore
import SkelSite

/// The authoring loop behind `skelsite serve`: build, serve, watch, rebuild, reload.
///
/// Invariant: the served folder only ever holds a successful build (SiteBuilder swaps
/// output in only when a build has no errors), so a broken doc shows its diagnostics
/// in the overlay while the last good site keeps being served.
///
/// Threads, once `start` returns:
/// - `HTTPListener`'s accept thread owns the listening socket and starts one thread per
///   connection, which alone reads, answers and writes its `ClientSocket`; an event
///   stream's thread waits on its `ChunkQueue`, which a task reading `LiveReloadHub` fills.
/// - `SourceWatcher`'s thread owns the change events and the last fingerprint; it runs each
///   `rebuild` (then `DevServer.announce`) in a task and waits for it, so rebuilds never
///   overlap and saves made meanwhile are seen by its next scan.
/// - The caller's thread calls `start`, `releaseHeldLog` and `stop`.
/// What they share is locked: here `stopped` (under `lock`, which a rebuild holds too, so
/// `stop` waits for one under way) and `heldLog`; the hub's subscribers; the listener's count
/// of open connections.
///
/// `@unchecked Sendable`: `stopped` is touched only under `lock`, `heldLog` under `heldLock`.
public final class ServeSession: @unchecked Sendable {
    public let builder: SiteBuilder
    public let server: DevServer
    /// Where a save triggers a rebuild: the docs, the theme in use (its templates and
    /// `assets/`, whether given with `--templates` or found as the default theme), then
    /// any extra folders.
    public let watchedRoots: [URL]
    private let watcher: SourceWatcher
    private let log: @Sendable (String) -> Void
    private let lock = NSLock()
    /// Set by `stop`: a rebuild the watcher started before it is the last one.
    private var stopped = false
    /// What the first build said, held until the caller has printed the address
    /// (`releaseHeldLog`): the first line serve prints names its port
    /// (site/reference/command-line.md, "serve"), even with `--port 0`.
    private var heldLog: [String]? = []
    private let heldLock = NSLock()

    /// `allowedHosts`: names the server answers besides the loopback ones and `host`
    /// (`serve --allow-host`).
    public init(builder: SiteBuilder, host: String, port: UInt16, allowedHosts: [String] = [], watching extra: [URL] = [],
                log: @escaping @Sendable (String) -> Void) throws {
        // serve owns its output while it runs: its rebuilds trust what the last one left
        // there (site/reference/output-folder.md).
        var builder = builder
        builder.options.trust = OutputTrust()
        self.builder = builder
        self.log = log
        server = try DevServer(root: builder.output, host: host, port: port, allowedHosts: allowedHosts)
        watchedRoots = [builder.source] + (builder.themeFolder.map { [$0] } ?? []) + extra
        // What the build writes is not watched, wherever it lies (a cache folder inside the
        // docs made every save rebuild twice).
        watcher = SourceWatcher(roots: watchedRoots,
                                excluding: [builder.cacheFolder, builder.output, builder.generationStore])
    }

    /// Builds once; returns the outcome (a failed first build still serves whatever
    /// the output folder already holds).
    @discardableResult
    public func rebuild() -> RebuildOutcome {
        lock.lock()
        defer { lock.unlock() }
        if stopped { return RebuildOutcome(succeeded: false, diagnostics: "stopped") }
        let log = self.emit
        let started = Date()
        do {
            let report = try builder.build()
            if report.succeeded {
                log("rebuilt: \(report.documents) docs, rendered \(report.rendered), cached \(report.cached) in \(String(format: "%.0f", Date().timeIntervalSince(started) * 1000)) ms")
                return RebuildOutcome(succeeded: true, changedFiles: report.changedFiles)
            }
            let text = report.diagnostics.map(\.description).joined(separator: "\n")
            log(text)
            log("build failed: \(report.errorCount) errors; still serving the last good site")
            return RebuildOutcome(succeeded: false, diagnostics: text)
        } catch {
            log("build failed: \(error.description)")
            return RebuildOutcome(succeeded: false, diagnostics: error.description)
        }
    }

    private func emit(_ message: String) {
        heldLock.lock()
        if heldLog != nil {
            heldLog?.append(message)
            heldLock.unlock()
            return
        }
        heldLock.unlock()
        log(message)
    }

    /// Prints what was held since the session was made (the first build's lines) and
    /// prints everything at once from now on.
    public func releaseHeldLog() {
        heldLock.lock()
        let held = heldLog ?? []
        heldLog = nil
        heldLock.unlock()
        held.forEach(log)
    }

    /// Starts serving and watching; returns the bound port. The first build's lines are
    /// held until `releaseHeldLog`.
    public func start() async throws -> UInt16 {
        // Taken before the first build, so a save during that build still rebuilds.
        let baseline = watcher.fingerprint()
        let first = rebuild()
        let port = try await server.start()
        if !first.succeeded { server.announce(first) }
        watcher.start(baseline: baseline) { [self] in
            let outcome = rebuild()
            server.announce(outcome)
        }
        return port
    }

    /// Stops watching and serving. `removingOutput`: then removes the output folder and
    /// the other generation beside it (`.NAME.skelsite/`, site/reference/output-folder.md),
    /// for the temporary folder serve builds into when no `--output` is given, so a clean
    /// stop leaves nothing behind (site/reference/command-line.md, "serve").
    public func stop(removingOutput: Bool = false) async {
        watcher.stop()
        await server.stop()
        finish(removingOutput: removingOutput)
    }

    /// Under the lock: a rebuild under way finishes first, and none starts after.
    private func finish(removingOutput: Bool) {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
        if removingOutput {
            for folder in [builder.output, builder.generationStore] {
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }
}
