/// One request's head, read incrementally from a socket with the limits of
/// `ServeLimits`: time and memory are linear in the bytes received, and nothing past
/// `maxHeadBytes` is ever kept.
struct HTTPRequestHead: Equatable {
    var method: String
    /// The request target as sent (path and query, still percent-encoded).
    var target: String
    var version: String
    /// Header names lower-cased; a repeated header keeps its last value.
    var headers: [String: String]

    /// Takes a request target in absolute form (`http://127.0.0.1:4000/a.html`, as a
    /// proxy sends it) as its path and query, its authority then standing for `Host`:
    /// RFC 9112 §3.2.2, a server must accept this form and ignore the `Host` header.
    /// False when the authority is missing or carries user information; other targets
    /// are left as they are.
    mutating func adoptAbsoluteForm() -> Bool {
        guard !target.hasPrefix("/"), target.lowercased().hasPrefix("http://") else { return true }
        let rest = target.dropFirst("http://".count)
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = String(rest[..<end])
        guard !authority.isEmpty, !authority.contains("@") else { return false }
        let path = String(rest[end...])
        target = path.hasPrefix("/") ? path : "/" + path
        headers["host"] = authority
        return true
    }

    /// How the reply ends the exchange (RFC 9112 §9.3): an HTTP/1.1 connection persists
    /// unless either side says `Connection: close`; an HTTP/1.0 one only when the client
    /// asks with `Connection: keep-alive`. A request with a body never persists (serve
    /// reads no bodies, so what follows the head could not be told from the next request).
    var persistence: HTTPReply.Connection {
        let tokens = (headers["connection"] ?? "").lowercased().split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if tokens.contains("close") { return .close }
        if headers["transfer-encoding"] != nil || (headers["content-length"].map { $0 != "0" } ?? false) { return .close }
        if version == "HTTP/1.0" { return tokens.contains("keep-alive") ? .keepAlive : .close }
        return .persistent
    }

    /// What the bytes so far amount to.
    enum Progress: Equatable {
        case needMore
        case complete(HTTPRequestHead)
        case refused(HTTPStatus)
    }
}

/// Accumulates the head's bytes and finds where it ends.
struct HTTPHeadReader {
    let limits: ServeLimits
    private(set) var bytes: [UInt8] = []
    /// Where the line being scanned starts, and how far scanning got (each byte is
    /// looked at once).
    private var lineStart = 0
    private var scanned = 0
    private var requestLineEnd: Int?
    /// Where the head ended (past its blank line), once it is complete: bytes after it
    /// belong to the next request.
    private(set) var headEnd: Int?

    init(limits: ServeLimits) {
        self.limits = limits
        bytes.reserveCapacity(4096)
    }

    /// The request line's length without its line end, when it ends at `end` (a CR
    /// there is its line end, or the start of it).
    private func requestLineLength(upTo end: Int) -> Int {
        end > 0 && bytes[end - 1] == 0x0D ? end - 1 : end
    }

    /// Bytes the reader still accepts before the head is too large.
    var room: Int { limits.maxHeadBytes - bytes.count }

    mutating func append(_ chunk: UnsafeRawBufferPointer) -> HTTPRequestHead.Progress {
        bytes.append(contentsOf: chunk.prefix(room))
        while scanned < bytes.count {
            let at = scanned
            scanned += 1
            guard bytes[at] == 0x0A else { continue }
            let line = bytes[lineStart..<at]
            if requestLineEnd == nil {
                if requestLineLength(upTo: at) > limits.maxRequestLineBytes { return .refused(.uriTooLong) }
                requestLineEnd = at
            } else if line.isEmpty || line == [0x0D] {
                headEnd = at + 1
                return HTTPHeadParser.parse(bytes[..<lineStart]).map { .complete($0) } ?? .refused(.badRequest)
            }
            lineStart = at + 1
        }
        // Refused as soon as it is sure to be too long, without waiting for its end.
        if requestLineEnd == nil && requestLineLength(upTo: bytes.count) > limits.maxRequestLineBytes {
            return .refused(.uriTooLong)
        }
        if room == 0 { return .refused(.headerFieldsTooLarge) }
        return .needMore
    }
}

/// Parses a complete head (without its blank line); nil when it is malformed.
enum HTTPHeadParser {
    static func parse(_ head: ArraySlice<UInt8>) -> HTTPRequestHead? {
        var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { return nil }
        let parts = first.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
              let method = text(parts[0]), let target = text(parts[1]), let version = text(parts[2]),
              version.hasPrefix("HTTP/1.") else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            // No folded lines (RFC 9112 §5.2) and no nameless fields.
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex,
                  line.first != 0x20, line.first != 0x09,
                  let name = text(line[..<colon]), let value = text(line[(colon + 1)...]) else { return nil }
            if name.contains(" ") || name.contains("\t") { return nil }
            headers[name.lowercased()] = value.trimmingHeaderSpaces()
        }
        return HTTPRequestHead(method: method, target: target, version: version, headers: headers)
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }
}

extension String {
    fileprivate func trimmingHeaderSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}

/// The statuses `serve` answers with.
struct HTTPStatus: Equatable, Sendable {
    var code: Int
    var reason: String

    static let ok = HTTPStatus(code: 200, reason: "OK")
    static let movedPermanently = HTTPStatus(code: 301, reason: "Moved Permanently")
    static let notModified = HTTPStatus(code: 304, reason: "Not Modified")
    static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
    static let forbidden = HTTPStatus(code: 403, reason: "Forbidden")
    static let notFound = HTTPStatus(code: 404, reason: "Not Found")
    static let methodNotAllowed = HTTPStatus(code: 405, reason: "Method Not Allowed")
    static let requestTimeout = HTTPStatus(code: 408, reason: "Request Timeout")
    static let uriTooLong = HTTPStatus(code: 414, reason: "URI Too Long")
    static let misdirectedRequest = HTTPStatus(code: 421, reason: "Misdirected Request")
    static let headerFieldsTooLarge = HTTPStatus(code: 431, reason: "Request Header Fields Too Large")
    static let serviceUnavailable = HTTPStatus(code: 503, reason: "Service Unavailable")
}
