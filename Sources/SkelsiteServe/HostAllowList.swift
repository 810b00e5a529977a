import Foundation
import Platform
import SkelSite

/// The `Host` names `skelsite serve` answers (site/reference/limits.md, "Serve: host
/// names"): `localhost`, `127.0.0.1`, `[::1]`, the address it is bound to and the names
/// given with `--allow-host`, each with or without the server's own port.
///
/// Why: a page on any site can point its own name at 127.0.0.1 (DNS rebinding) and then
/// read the preview and its event stream as its own origin; its requests still carry its
/// own name in `Host`, so a name the server does not know is refused with 421.
public struct HostAllowList: Sendable, Equatable {
    /// Lower-cased names; IP addresses in their usual spelling, IPv6 in brackets.
    public let names: Set<String>
    public let port: UInt16

    public static let loopbackNames = ["localhost", "127.0.0.1", "[::1]"]

    public init(boundHost: String, port: UInt16, extra: [String] = []) {
        names = Set((Self.loopbackNames + [boundHost] + extra).map(Self.canonical))
        self.port = port
    }

    public enum Verdict: Equatable, Sendable {
        case allowed
        /// An HTTP/1.1 request without `Host` (400).
        case missing
        /// A `Host` that is not one of the names (421).
        case misdirected
    }

    /// What to do with a request of `version` whose `Host` header is `host`.
    public func verdict(host: String?, version: String) -> Verdict {
        guard let host else {
            // HTTP/1.0 had no Host; HTTP/1.1 requires it (RFC 9112 §3.2).
            return version == "HTTP/1.0" ? .allowed : .missing
        }
        guard let (name, port) = Self.split(host), names.contains(Self.canonical(name)) else { return .misdirected }
        if let port, port != self.port { return .misdirected }
        return .allowed
    }

    /// `name` and its port: `host`, `host:4000`, `[::1]:4000`; nil when malformed (a
    /// bare IPv6 address, a port that is not a number).
    static func split(_ value: String) -> (name: String, port: UInt16?)? {
        var name = Substring(value)
        var portText: Substring?
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            name = value[...close]
            let rest = value[value.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return nil }
                portText = rest.dropFirst()
            }
        } else if let colon = value.firstIndex(of: ":") {
            name = value[..<colon]
            portText = value[value.index(after: colon)...]
        }
        guard !name.isEmpty else { return nil }
        guard let portText else { return (String(name), nil) }
        guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
              let port = UInt16(portText) else { return nil }
        return (String(name), port)
    }

    /// Lower-cased; an IP address in the form `inet_ntop` writes (so `0:0::1` is `::1`),
    /// IPv6 in brackets whether it came with them or not.
    public static func canonical(_ name: String) -> String {
        let lower = name.lowercased()
        let bare = lower.hasPrefix("[") && lower.hasSuffix("]") ? String(lower.dropFirst().dropLast()) : lower
        if let v6 = HostName.address(bare, family: AF_INET6) { return "[" + v6 + "]" }
        if lower == bare, let v4 = HostName.address(bare, family: AF_INET) { return v4 }
        return lower
    }
}
