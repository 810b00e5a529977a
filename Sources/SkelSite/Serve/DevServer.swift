import FlyingFox
import FlyingSocks
import Foundation

/// What one (re)build produced: success, or the diagnostics to show in the overlay.
public struct RebuildOutcome: Sendable, Equatable {
    public var succeeded: Bool
    /// Human-readable diagnostics (`path:line:column: error: ...` with carets).
    public var diagnostics: String
    public init(succeeded: Bool, diagnostics: String = "") {
        self.succeeded = succeeded
        self.diagnostics = diagnostics
    }
}

/// `skelsite serve`: serves a built site from `root` on loopback, injects the live
/// reload script into HTML, and streams reload/error events to open pages.
///
/// Invariants: only files inside `root` are ever read (see `SafePath`); the server
/// binds to 127.0.0.1 unless the caller passes another host on purpose.
public final class DevServer: @unchecked Sendable {
    public let root: URL
    public let hub = LiveReloadHub()
    private let server: HTTPServer

    public init(root: URL, host: String = "127.0.0.1", port: UInt16) throws {
        self.root = root
        let address: sockaddr_in = try .inet(ip4: host, port: port)
        // Long timeout: event streams stay open for as long as a page is.
        server = HTTPServer(address: address, timeout: 3600, logger: .disabled)
    }

    /// Starts serving in the background and returns the bound port (useful with port 0).
    public func start() async throws -> UInt16 {
        let hub = self.hub
        let root = self.root
        await server.appendRoute(HTTPRoute("GET \(LiveReloadScript.eventsPath)")) { _ in
            HTTPResponse(
                statusCode: .ok,
                headers: [.contentType: "text/event-stream", .init("Cache-Control"): "no-store"],
                body: HTTPBodySequence(from: EventStreamBody(chunks: hub.subscribe()))
            )
        }
        await server.appendRoute(HTTPRoute("GET \(LiveReloadScript.path)")) { _ in
            HTTPResponse(statusCode: .ok,
                         headers: [.contentType: "text/javascript; charset=utf-8", .init("Cache-Control"): "no-store"],
                         body: Data(LiveReloadScript.source.utf8))
        }
        await server.appendRoute(HTTPRoute("*")) { request in
            DevServer.serveFile(request.path, root: root)
        }
        let server = self.server
        Task { try? await server.run() }
        try await server.waitUntilListening(timeout: 10)
        guard let address = await server.listeningAddress else { throw ServeError.notListening }
        switch address {
        case let .ip4(_, port), let .ip6(_, port): return port
        default: throw ServeError.notListening
        }
    }

    public func stop() async {
        hub.close()
        await server.stop(timeout: 1)
    }

    /// Tells open pages that the site changed (or that the build failed).
    public func announce(_ outcome: RebuildOutcome) {
        if outcome.succeeded {
            hub.publish(event: "reload", data: "ok")
        } else {
            hub.publish(event: "error", data: outcome.diagnostics)
        }
    }

    static func serveFile(_ path: String, root: URL) -> HTTPResponse {
        switch SafePath.resolve(path, in: root) {
        case .forbidden:
            return HTTPResponse(statusCode: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                                body: Data("403 forbidden: outside the site folder\n".utf8))
        case .notFound:
            return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                                body: Data("404 not found\n".utf8))
        case .file(let url):
            guard var data = try? Data(contentsOf: url) else {
                return HTTPResponse(statusCode: .notFound, body: Data("404 not found\n".utf8))
            }
            let ext = url.pathExtension
            if ext == "html" || ext == "htm", let html = String(data: data, encoding: .utf8) {
                data = Data(LiveReloadScript.inject(into: html).utf8)
            }
            return HTTPResponse(statusCode: .ok,
                                headers: [.contentType: MimeTypes.forExtension(ext), .init("Cache-Control"): "no-store"],
                                body: data)
        }
    }
}

public enum ServeError: Error, CustomStringConvertible {
    case notListening
    public var description: String { "the server did not start listening" }
}
