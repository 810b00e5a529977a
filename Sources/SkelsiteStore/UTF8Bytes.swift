import Foundation

extension String {
    /// Whether this string's UTF-8 is exactly `bytes`, by one `memcmp` (why not `==`: it
    /// holds a composed "é" equal to "e" with a combining accent, and file names and the
    /// build's own records are bytes; not the generic comparison of UTF-8 views either,
    /// which went byte by byte on paths looked up by the tens of thousands).
    package func hasUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = self
        return text.withUTF8 { $0.count == bytes.count && (bytes.isEmpty || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0) }
    }
}
