import Foundation

/// What one (re)build produced: success, or the diagnostics to show in the overlay.
public struct RebuildOutcome: Sendable, Equatable {
    public var succeeded: Bool
    /// Human-readable diagnostics (`path:line:column: error: ...` with carets).
    public var diagnostics: String
    /// The site's files that changed (nil: not known, every page reloads).
    public var changedFiles: [String]?
    public init(succeeded: Bool, diagnostics: String = "", changedFiles: [String]? = nil) {
        self.succeeded = succeeded
        self.diagnostics = diagnostics
        self.changedFiles = changedFiles
    }
}

/// `skelsite serve`: serves a built site from `root` on loopback, injects the live
/// reload script into HTML, and streams reload/error events to open pages.
///
/// Invariants: only files inside `root` are ever read (see `SafePath`); the server
/// binds to 127.0.0.1 unless the caller passes another host on purpose; every client
/// is bounded by `ServeLimits`, and only requests naming one of `hosts` are answered
/// (site/reference/limits.md).
public final class DevServer: @unchecked Sendable {
    public let root: URL
    public let hub = LiveReloadHub()
    public let limits: ServeLimits
    private let listener: HTTPListener

    /// `allowedHosts`: names answered in `Host` besides localhost, 127.0.0.1, [::1] and `host`.
    public init(root: URL, host: String = "127.0.0.1", port: UInt16, limits: ServeLimits = ServeLimits(),
                allowedHosts: [String] = []) throws {
        self.root = root
        self.limits = limits
        let hub = self.hub
        listener = try HTTPListener(host: host, port: port, limits: limits, allowedHosts: allowedHosts) { head, client in
            DevServer.respond(to: head, on: client, root: root, hub: hub, limits: limits)
        }
    }

    /// `http://HOST:PORT/`, an IPv6 address in brackets (`http://[::1]:4000/`), as a
    /// browser takes it.
    public static func url(host: String, port: UInt16) -> String {
        let name = host.contains(":") && !host.hasPrefix("[") ? "[" + host + "]" : host
        return "http://\(name):\(port)/"
    }

    /// Starts serving in the background and returns the bound port (useful with port 0).
    public func start() async throws -> UInt16 {
        listener.start()
        return listener.port
    }

    public func stop() async {
        listener.stop()
        hub.close()
    }

    /// Tells open pages that the site changed (or that the build failed).
    public func announce(_ outcome: RebuildOutcome) {
        if outcome.succeeded {
            // First the files that changed, so a page whose own files did not change
            // skips the reload that follows (older pages just reload).
            if let changed = outcome.changedFiles { hub.publish(event: "changed", data: changed.joined(separator: "\n")) }
            hub.publish(event: "reload", data: "ok")
        } else {
            hub.publish(event: "error", data: outcome.diagnostics)
        }
    }

    static func respond(to head: HTTPRequestHead, on client: ClientSocket, root: URL, hub: LiveReloadHub,
                        limits: ServeLimits) {
        let headOnly = head.method == "HEAD"
        guard head.method == "GET" || headOnly else {
            client.write(HTTPReply.text(.methodNotAllowed, "only GET and HEAD", headers: [("Allow", "GET, HEAD")]).serialized())
            client.finishAfterError()
            return
        }
        guard head.target.hasPrefix("/") else {
            client.write(HTTPReply.text(.badRequest, "malformed request").serialized())
            client.finishAfterError()
            return
        }
        let path = String(head.target.prefix { $0 != "?" && $0 != "#" })
        switch path {
        case LiveReloadScript.eventsPath where !headOnly:
            EventStream.run(on: client, hub: hub, pingInterval: limits.eventPingInterval)
        case LiveReloadScript.path:
            client.write(HTTPReply(.ok, headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-store")],
                                   body: Array(LiveReloadScript.source.utf8)).serialized(headOnly: headOnly))
        default:
            client.write(serveFile(head.target, root: root).serialized(headOnly: headOnly))
        }
    }

    static func serveFile(_ path: String, root: URL) -> HTTPReply {
        switch SafePath.resolve(path, in: root) {
        case .forbidden:
            return .text(.forbidden, "forbidden: outside the site folder")
        case .notFound:
            return .text(.notFound, "not found")
        case .file(let url):
            guard var data = try? Data(contentsOf: url) else { return .text(.notFound, "not found") }
            let ext = url.pathExtension
            if ext == "html" || ext == "htm", let html = String(data: data, encoding: .utf8) {
                data = Data(LiveReloadScript.inject(into: html).utf8)
            }
            return HTTPReply(.ok, headers: [("Content-Type", MimeTypes.forExtension(ext)), ("Cache-Control", "no-store")],
                             body: Array(data))
        }
    }
}

public enum ServeError: Error, CustomStringConvertible, Equatable {
    case badAddress(String)
    case socket(errno: Int32)

    public var description: String {
        switch self {
        case .badAddress(let host): return "'\(host)' is not an IPv4 or IPv6 address"
        case .socket(let code): return String(cString: strerror(code))
        }
    }
}
