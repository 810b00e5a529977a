import SkelSite
import Foundation

/// W3C WebDriver over HTTP/1.1 with JSON bodies, as WebKitWebDriver serves it: one
/// request per connection (`Connection: close`), replies with a Content-Length or
/// chunked. Framing and parsing are plain functions, so they are tested without a browser.
enum WebDriverHTTP {
    struct ProtocolError: Error, CustomStringConvertible {
        var description: String
    }

    /// The bytes of a request; `body` (a JSON object) only for POST.
    static func request(method: String, path: String, port: Int, body: [String: Any]?) throws -> [UInt8] {
        let payload = try body.map { [UInt8](try JSONSerialization.data(withJSONObject: $0)) } ?? []
        var head = method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + String(port) + "\r\nConnection: close\r\n"
        head += "Accept: application/json\r\n"
        if body != nil {
            head += "Content-Type: application/json; charset=utf-8\r\nContent-Length: " + String(payload.count) + "\r\n"
        }
        return Array((head + "\r\n").utf8) + payload
    }

    /// A whole response's status and body; nil while `bytes` may still be incomplete
    /// (`complete`: the server closed the connection, so what is here is all there is).
    static func response(_ bytes: [UInt8], complete: Bool) throws -> (status: Int, body: [UInt8])? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let headEnd = bytes.firstRange(of: separator) else {
            if complete { throw ProtocolError(description: "the driver's reply has no header") }
            return nil
        }
        let lines = String(decoding: bytes[..<headEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            throw ProtocolError(description: "the driver's reply starts with '\(lines[0])'")
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let rest = Array(bytes[headEnd.upperBound...])
        if fields["transfer-encoding"]?.lowercased().contains("chunked") == true {
            guard let body = try dechunk(rest) else {
                if complete { throw ProtocolError(description: "the driver's chunked reply is cut short") }
                return nil
            }
            return (status, body)
        }
        if let lengthText = fields["content-length"] {
            guard let length = Int(lengthText), length >= 0 else {
                throw ProtocolError(description: "the driver's reply has Content-Length '\(lengthText)'")
            }
            guard rest.count >= length else {
                if complete { throw ProtocolError(description: "the driver's reply is cut short") }
                return nil
            }
            return (status, Array(rest.prefix(length)))
        }
        return complete ? (status, rest) : nil
    }

    /// A chunked body decoded; nil while its last (empty) chunk has not arrived.
    static func dechunk(_ bytes: [UInt8]) throws -> [UInt8]? {
        var body: [UInt8] = []
        var index = 0
        while true {
            guard let lineEnd = bytes[index...].firstRange(of: [13, 10]) else { return nil }
            let sizeText = String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self)
                .split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                throw ProtocolError(description: "the driver sent a bad chunk size '\(sizeText)'")
            }
            let start = lineEnd.upperBound
            if size == 0 { return body }
            guard bytes.count >= start + size + 2 else { return nil }
            body += bytes[start..<(start + size)]
            index = start + size + 2
        }
    }

    /// The `value` of a WebDriver reply, or its error (`{"value":{"error","message"}}`
    /// with a 4xx/5xx status) as a ProtocolError.
    static func value(status: Int, body: [UInt8]) throws -> Any {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) as? [String: Any],
              let value = object["value"] else {
            throw ProtocolError(description: "the driver answered \(status) without a JSON value")
        }
        if status >= 400 || (value as? [String: Any])?["error"] is String {
            let fields = value as? [String: Any] ?? [:]
            let kind = fields["error"] as? String ?? "HTTP \(status)"
            let message = fields["message"] as? String ?? ""
            throw ProtocolError(description: message.isEmpty ? kind : kind + ": " + message)
        }
        return value
    }
}

/// A WebDriver client of one driver on a local port.
package struct WebDriverClient {
    var port: Int

    /// Sends a command and returns the reply's `value`.
    @discardableResult
    package func call(_ method: String, _ path: String, _ body: [String: Any]? = nil, timeout: Double = 60) throws -> Any {
        let socket = try LoopbackSocket(port: port)
        defer { socket.close() }
        try socket.send(WebDriverHTTP.request(method: method, path: path, port: port, body: body))
        let deadline = Date().addingTimeInterval(timeout)
        var buffer: [UInt8] = []
        var open = true
        while true {
            open = try socket.receive(into: &buffer, until: deadline, waitingFor: method + " " + path)
            do {
                if let reply = try WebDriverHTTP.response(buffer, complete: !open) {
                    return try WebDriverHTTP.value(status: reply.status, body: reply.body)
                }
            } catch {
                throw BrowserFailure("\(method) \(path) failed: \(error)")
            }
        }
    }
}
