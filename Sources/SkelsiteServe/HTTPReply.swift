/// A complete response: status, headers and body, and how the connection goes on
/// after it (`Connection`).
struct HTTPReply: Equatable {
    /// What the reply says of its connection: `Connection: close` (the server closes it
    /// after the reply), `Connection: keep-alive` (an HTTP/1.0 client asked for it), or
    /// nothing (HTTP/1.1's default: the connection persists).
    enum Connection: Equatable, Sendable {
        case close
        case keepAlive
        case persistent
    }

    var status: HTTPStatus
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    init(_ status: HTTPStatus, headers: [(name: String, value: String)] = [], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A short plain-text reply for errors.
    static func text(_ status: HTTPStatus, _ message: String, headers: [(name: String, value: String)] = []) -> HTTPReply {
        HTTPReply(status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers,
                  body: Array("\(status.code) \(message)\n".utf8))
    }

    /// The bytes on the wire; `headOnly` for HEAD requests (same headers, no body).
    /// Every reply carries `Date` first (RFC 9110 §6.6.1: an origin server with a clock
    /// must send it); a 304 has no body and no `Content-Length` (RFC 9110 §8.6: it would
    /// have to be the length of the 200's body, which it does not describe here).
    func serialized(headOnly: Bool = false, date: String = HTTPDate.now, connection: Connection = .close) -> [UInt8] {
        var text = "HTTP/1.1 \(status.code) \(status.reason)\r\nDate: \(date)\r\n"
        for header in headers { text += "\(header.name): \(header.value)\r\n" }
        if status != .notModified { text += "Content-Length: \(body.count)\r\n" }
        switch connection {
        case .close: text += "Connection: close\r\n"
        case .keepAlive: text += "Connection: keep-alive\r\n"
        case .persistent: break
        }
        text += "\r\n"
        return Array(text.utf8) + (headOnly || status == .notModified ? [] : body)
    }

    static func == (a: HTTPReply, b: HTTPReply) -> Bool {
        a.status == b.status && a.body == b.body
            && a.headers.map { $0.name + ":" + $0.value } == b.headers.map { $0.name + ":" + $0.value }
    }
}
