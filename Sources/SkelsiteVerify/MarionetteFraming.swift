import SkelSite
import Foundation

/// Firefox's Marionette wire format: each message is its JSON text's length in bytes
/// (decimal ASCII), a colon, then the JSON. Commands are `[0, id, name, params]`,
/// replies `[1, id, error, result]` (error null on success). The first message after
/// connecting is the server's greeting, an object.
enum MarionetteFraming {
    struct ProtocolError: Error, CustomStringConvertible {
        var description: String
    }

    /// The bytes of one command.
    static func command(id: Int, name: String, parameters: [String: Any]) throws -> [UInt8] {
        let json = try JSONSerialization.data(withJSONObject: [0, id, name, parameters] as [Any])
        return Array(String(json.count).utf8) + [UInt8(ascii: ":")] + [UInt8](json)
    }

    /// Takes the first whole message off `buffer`; nil while it is incomplete.
    static func next(from buffer: inout [UInt8]) throws -> Any? {
        guard let colon = buffer.prefix(21).firstIndex(of: UInt8(ascii: ":")) else {
            if buffer.count > 20 || buffer.contains(where: { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                throw ProtocolError(description: "Marionette sent a message without a length prefix")
            }
            return nil
        }
        let digits = buffer[..<colon]
        guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let length = Int(String(decoding: digits, as: UTF8.self)) else {
            throw ProtocolError(description: "Marionette sent a bad length prefix")
        }
        let start = colon + 1
        guard buffer.count - start >= length else { return nil }
        let body = Data(buffer[start..<(start + length)])
        buffer.removeSubrange(..<(start + length))
        do {
            return try JSONSerialization.jsonObject(with: body)
        } catch {
            throw ProtocolError(description: "Marionette sent a message that is not JSON")
        }
    }

    /// A reply's result, or the error it carries. Nil when `message` is not the reply to `id`.
    static func reply(_ message: Any, id: Int) throws -> [String: Any]? {
        guard let array = message as? [Any], array.count == 4, (array[0] as? NSNumber)?.intValue == 1,
              (array[1] as? NSNumber)?.intValue == id else { return nil }
        if let error = array[2] as? [String: Any] {
            let kind = error["error"] as? String ?? "error"
            let text = error["message"] as? String ?? ""
            throw ProtocolError(description: text.isEmpty ? kind : kind + ": " + text)
        }
        return array[3] as? [String: Any] ?? [:]
    }
}

/// A Marionette session on a TCP connection (one command at a time).
package final class MarionetteClient {
    private let socket: LoopbackSocket
    private var buffer: [UInt8] = []
    private var nextID = 1

    /// Connects and reads the greeting (it must speak protocol 3).
    init(port: Int, timeout: Double = 30) throws {
        socket = try LoopbackSocket(port: port)
        let greeting = try receive(until: Date().addingTimeInterval(timeout), waitingFor: "the greeting")
        guard let fields = greeting as? [String: Any], (fields["marionetteProtocol"] as? NSNumber)?.intValue == 3 else {
            throw BrowserFailure("Firefox greeted with \(greeting), not Marionette protocol 3")
        }
    }

    @discardableResult
    package func call(_ name: String, _ parameters: [String: Any] = [:], timeout: Double = 60) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        try socket.send(MarionetteFraming.command(id: id, name: name, parameters: parameters))
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let message = try receive(until: deadline, waitingFor: name)
            do {
                if let result = try MarionetteFraming.reply(message, id: id) { return result }
            } catch {
                throw BrowserFailure("\(name) failed: \(error)")
            }
        }
    }

    private func receive(until deadline: Date, waitingFor what: String) throws -> Any {
        while true {
            if let message = try MarionetteFraming.next(from: &buffer) { return message }
            guard try socket.receive(into: &buffer, until: deadline, waitingFor: what) else {
                throw BrowserFailure("Firefox closed the connection while waiting for \(what)")
            }
        }
    }

    func close() { socket.close() }
}
