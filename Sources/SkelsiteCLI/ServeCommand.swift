import ArgumentParser
import Foundation
import SkelSite
import SkelsiteServe
import SkeletonCore

/// `skelsite serve [SOURCE] [--port N] [--host H] [--allow-host NAME]... [--output DIR] [--templates DIR]`.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Preview the site locally with live reload.",
        discussion: """
        Builds SOURCE, serves it on http://127.0.0.1:PORT/ and watches the docs and \
        the theme in use (the default one, or --templates DIR; assets included): every \
        save rebuilds incrementally (unchanged specs come from the cache) \
        and open pages reload. A broken doc shows its diagnostics in an overlay while the \
        last good site keeps being served. Only files inside the output folder are served. \
        Stop with Ctrl-C. SOURCE, --templates and the title default to the project \
        file's (skelsite.toml, as for build).
        """)

    @Argument(help: "The docs folder (default: source in skelsite.toml, else site).")
    var source: String?

    /// 4000 (why: clear of the usual 3000/8000/8080 app ports; Hugo uses 1313, Zola 1111).
    @Option(help: "The port to listen on (0 picks a free one).")
    var port: UInt16 = 4000

    /// Loopback only unless asked (why: a preview server should not be reachable from the network).
    @Option(help: "The address to bind to.")
    var host = "127.0.0.1"

    /// Why only known names: a page can point its own name at 127.0.0.1 (DNS rebinding)
    /// and read the preview as its own origin (site/reference/limits.md, "Serve: host names").
    @Option(name: .customLong("allow-host"),
            help: ArgumentHelp("Also answer requests whose Host is this name (repeatable; others get 421).", valueName: "name"))
    var allowHost: [String] = []

    @Option(name: .shortAndLong, help: "Where the served site is built (default: a temporary folder).")
    var output: String?

    @Option(help: "A templates folder to use instead of the default theme (watched too).")
    var templates: String?

    @OptionGroup var cache: CacheOption

    @OptionGroup var project: ProjectOptions

    func validate() throws {
        for name in allowHost {
            if let problem = HostName.problem(with: name) {
                throw UsageError(message: "--allow-host \(problem), got '\(name)'")
            }
        }
    }

    func run() async throws {
        let config = try project.load()
        let source = config.path(self.source, \.source, else: "site")
        let templates = config.path(self.templates, \.templates)
        let outputURL = output.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-serve-\(getpid())")
        let builder = SiteBuilder(source: URL(fileURLWithPath: source), output: outputURL,
                                  templates: templates.map { URL(fileURLWithPath: $0) },
                                  options: SiteBuilder.Options(cacheDirectory: cache.folder(config), siteTitle: config?.title,
                                                               specDefaults: config?.settings ?? InheritedSettings()),
                                  displaySource: source)
        let session: ServeSession
        do {
            session = try ServeSession(builder: builder, host: host, port: port,
                                       allowedHosts: allowHost + (config?.serve.allowedHosts ?? [])) { message in
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
        } catch {
            throw UsageError(["skelsite serve: error: cannot listen on \(host):\(port): \(error)"])
        }
        let bound: UInt16
        do {
            bound = try await session.start()
        } catch {
            session.releaseHeldLog()
            throw UsageError(["skelsite serve: error: cannot listen on \(host):\(port): \(error)"])
        }
        // Armed before the banner, so a stop right after it is a clean one (Ctrl-C during
        // the first build still ends serve at once).
        let signals = SignalWaiter()
        // Through FileHandle (unbuffered) so a script reading the port sees it at once.
        FileHandle.standardOutput.write(Data("Serving \(source) at \(DevServer.url(host: host, port: bound)) (Ctrl-C to stop)\n".utf8))
        // The first build's lines follow the address.
        session.releaseHeldLog()
        await signals.wait()
        // The temporary output goes with the other generation beside it.
        await session.stop(removingOutput: output == nil)
        print("stopped")
    }
}

/// The write end of the pipe `SignalWaiter`'s handler writes to: a C signal handler can
/// capture nothing, so it reaches the pipe through a global, set before the handler is.
nonisolated(unsafe) private var signalPipeWrite: Int32 = -1

/// Waits for SIGINT or SIGTERM so serve can stop its server and clean up. Armed when
/// made (why: a script may stop serve as soon as it reads the port, and a signal before
/// the handlers were set killed it with its temporary output left behind). A plain
/// handler that writes a byte to a pipe, installed before `init` returns: a Dispatch
/// signal source registers later, on its own queue, and with the signal ignored until
/// then, a signal in between was lost and serve never stopped (seen under load).
/// `@unchecked Sendable`: its only state, the pipe's read end, never changes after `init`.
final class SignalWaiter: @unchecked Sendable {
    private let readEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) != 0 { ends = [-1, -1] }
        readEnd = ends[0]
        signalPipeWrite = ends[1]
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { _ in
                var byte: UInt8 = 1
                _ = write(signalPipeWrite, &byte, 1)  // async-signal-safe
            }
        }
    }

    /// Returns once a signal has come (at once if one already has).
    func wait() async {
        let readEnd = self.readEnd
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                var byte: UInt8 = 0
                while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
                continuation.resume()
            }
        }
    }
}
