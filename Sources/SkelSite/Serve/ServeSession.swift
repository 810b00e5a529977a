import Foundation

/// The authoring loop behind `skelsite serve`: build, serve, watch, rebuild, reload.
///
/// Invariant: the served folder only ever holds a successful build (SiteBuilder swaps
/// output in only when a build has no errors), so a broken doc shows its diagnostics
/// in the overlay while the last good site keeps being served.
public final class ServeSession: @unchecked Sendable {
    public let builder: SiteBuilder
    public let server: DevServer
    private let watcher: SourceWatcher
    private let log: @Sendable (String) -> Void
    private let lock = NSLock()

    public init(builder: SiteBuilder, host: String, port: UInt16, watching extra: [URL] = [],
                log: @escaping @Sendable (String) -> Void) throws {
        self.builder = builder
        self.log = log
        server = try DevServer(root: builder.output, host: host, port: port)
        let templateRoot = builder.templates.map { [$0] } ?? []
        watcher = SourceWatcher(roots: [builder.source] + templateRoot + extra)
    }

    /// Builds once; returns the outcome (a failed first build still serves whatever
    /// the output folder already holds).
    @discardableResult
    public func rebuild() -> RebuildOutcome {
        lock.lock()
        defer { lock.unlock() }
        let started = Date()
        do {
            let report = try builder.build()
            if report.succeeded {
                log("rebuilt: \(report.documents) docs, rendered \(report.rendered), cached \(report.cached) in \(String(format: "%.0f", Date().timeIntervalSince(started) * 1000)) ms")
                return RebuildOutcome(succeeded: true)
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

    /// Starts serving and watching; returns the bound port.
    public func start() async throws -> UInt16 {
        let first = rebuild()
        let port = try await server.start()
        if !first.succeeded { server.announce(first) }
        watcher.start { [self] in
            let outcome = rebuild()
            server.announce(outcome)
        }
        return port
    }

    public func stop() async {
        watcher.stop()
        await server.stop()
    }
}
