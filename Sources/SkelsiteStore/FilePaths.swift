import Foundation

/// What every file operation of the store and the build needs of the C library: real
/// paths (links resolved) and errno in plain words.
package enum FilePaths {
    package static func realPath(_ url: URL) -> String? { realPath(url.path) }

    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// errno in plain words, as the C library says it, lowercased ("permission denied").
    package static func errnoText(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
