import Foundation
import Platform
import SkelSite
import SkelsiteStore

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
public final class DevServer: Sendable {
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
        listener = try HTTPListener(host: host, port: port, limits: limits, allowedHosts: allowedHosts) { head, client, connection in
            DevServer.respond(to: head, on: client, root: root, hub: hub, limits: limits, connection: connection)
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

    /// Answers `head`; true when the reply was written whole and announced `connection`
    /// (the connection may then go on), false when it was closed or must be.
    @discardableResult
    static func respond(to head: HTTPRequestHead, on client: ClientSocket, root: URL, hub: LiveReloadHub,
                        limits: ServeLimits, connection: HTTPReply.Connection = .close) -> Bool {
        let headOnly = head.method == "HEAD"
        guard head.method == "GET" || headOnly else {
            client.write(HTTPReply.text(.methodNotAllowed, "only GET and HEAD", headers: [("Allow", "GET, HEAD")]).serialized())
            client.finishAfterError()
            return false
        }
        guard head.target.hasPrefix("/") else {
            client.write(HTTPReply.text(.badRequest, "malformed request").serialized())
            client.finishAfterError()
            return false
        }
        let path = String(head.target.prefix { $0 != "?" && $0 != "#" })
        switch path {
        case LiveReloadScript.eventsPath where !headOnly:
            EventStream.run(on: client, hub: hub, pingInterval: limits.eventPingInterval)
            return false
        case LiveReloadScript.path:
            return client.write(HTTPReply(.ok, headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-store")],
                                          body: Array(LiveReloadScript.source.utf8)).serialized(headOnly: headOnly, connection: connection))
        default:
            return client.write(serveFile(head.target, root: root, request: head.headers)
                .serialized(headOnly: headOnly, connection: connection))
        }
    }

    /// The file `target` names, or why not. `request`: the request's headers (lower-cased
    /// names), for `If-None-Match` and `If-Modified-Since`.
    ///
    /// Each file carries a strong `ETag`, a digest of the bytes sent (an HTML page's with
    /// the live-reload script in it, so it changes when the script does), and its
    /// `Last-Modified` time; `Cache-Control: no-cache` has the browser ask again each
    /// time, which a matching validator answers with 304 and no body
    /// (site/reference/command-line.md, "serve").
    static func serveFile(_ target: String, root: URL, request: [String: String] = [:]) -> HTTPReply {
        switch SafePath.resolve(target, in: root) {
        case .forbidden:
            return .text(.forbidden, "forbidden: outside the site folder")
        case .notFound:
            return .text(.notFound, "not found")
        case .file(let url):
            if SafePath.needsTrailingSlash(target, in: root) { return redirectToFolder(target) }
            guard var data = try? Data(contentsOf: url) else { return .text(.notFound, "not found") }
            let ext = url.pathExtension
            if ext == "html" || ext == "htm", let html = String(data: data, encoding: .utf8) {
                data = Data(LiveReloadScript.inject(into: html).utf8)
            }
            let body = Array(data)
            let tag = entityTag(of: body)
            let modified = modificationSeconds(url)
            var validators = [("ETag", tag)]
            if let modified { validators.append(("Last-Modified", HTTPDate.format(modified))) }
            let caching = ("Cache-Control", "no-cache")
            if notModified(request, tag: tag, modified: modified) {
                return HTTPReply(.notModified, headers: validators + [caching], body: [])
            }
            return HTTPReply(.ok, headers: [("Content-Type", MimeTypes.forExtension(ext))] + validators + [caching], body: body)
        }
    }

    /// 301 to the folder's path with its slash, the query kept (leading slashes become one,
    /// so `//host` cannot turn into a link to another site).
    static func redirectToFolder(_ target: String) -> HTTPReply {
        let path = target.prefix { $0 != "?" && $0 != "#" }
        let query = target.dropFirst(path.count).prefix { $0 != "#" }
        let location = "/" + path.drop { $0 == "/" } + "/" + query
        return .text(.movedPermanently, "moved to \(location)", headers: [("Location", String(location))])
    }

    /// A strong entity tag: the first 128 bits of the SHA-256 of the bytes sent.
    static func entityTag(of body: [UInt8]) -> String {
        "\"" + SHA256.hex(body).prefix(32) + "\""
    }

    /// The file's modification time in whole seconds since 1970.
    static func modificationSeconds(_ url: URL) -> Int? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return info.modifiedSeconds
    }

    /// RFC 9110 §13.2.2 for GET and HEAD: `If-None-Match` when present (weak comparison,
    /// `*` matches any file), else `If-Modified-Since` (a date that does not parse is
    /// ignored).
    static func notModified(_ request: [String: String], tag: String, modified: Int?) -> Bool {
        if let field = request["if-none-match"] {
            if field.trimmingCharacters(in: .whitespaces) == "*" { return true }
            return entityTags(in: field).contains { opaque($0) == opaque(tag) }
        }
        if let field = request["if-modified-since"], let since = HTTPDate.parse(field), let modified {
            return modified <= since
        }
        return false
    }

    /// The entity tags of a list (`"a", W/"b"`); a malformed one ends the list.
    static func entityTags(in field: String) -> [String] {
        var tags: [String] = []
        var rest = Substring(field)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            if rest.isEmpty { return tags }
            let weak = rest.hasPrefix("W/")
            if weak { rest = rest.dropFirst(2) }
            guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else { return tags }
            tags.append((weak ? "W/" : "") + rest[...close])
            rest = rest[rest.index(after: close)...]
        }
    }

    /// A tag without its weakness mark, for the weak comparison.
    private static func opaque(_ tag: String) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
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
