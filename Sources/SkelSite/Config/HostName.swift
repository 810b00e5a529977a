import Foundation
import Platform

/// Host names as `serve --allow-host` and the project file's `[serve] allowed_hosts`
/// take them (site/reference/limits.md, "Serve: host names"). In SkelSite, not in
/// SkelsiteServe, because the project file's reader checks them; the server's allow list
/// (SkelsiteServe's `HostAllowList`) compares them through `address`.
package enum HostName {
    /// Why `name` cannot be given to `--allow-host` (a host name of letters, digits, `-`
    /// and `.`, or an IP address; no port, no wildcard); nil when it can.
    package static func problem(with name: String) -> String? {
        let bare = name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name
        if address(bare, family: AF_INET6) != nil || (bare == name && address(name, family: AF_INET) != nil) { return nil }
        let allowed = name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == ".") }
        guard !name.isEmpty, allowed, !name.hasPrefix("."), !name.contains("..") else {
            return "must be a host name (letters, digits, '-' and '.') or an IP address, without a port"
        }
        return nil
    }

    /// `text` as an address of `family` (`AF_INET`, `AF_INET6`) in the form `inet_ntop`
    /// writes (so `0:0::1` is `::1`); nil when it is not one.
    package static func address(_ text: String, family: Int32) -> String? {
        var bytes = [UInt8](repeating: 0, count: 16)
        guard inet_pton(family, text, &bytes) == 1 else { return nil }
        var out = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(family, bytes, &out, socklen_t(out.count)) != nil else { return nil }
        return String(cString: out)
    }
}
