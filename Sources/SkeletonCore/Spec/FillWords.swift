// The word `fill` where a count goes: `repeat fill` and `text lines=fill` count what
// fits their height at layout time (FillResolver; site/reference/repeat.md, text.md).

enum FillWords {
    /// Compared byte by byte (an array comparison costs the wasm module 2 KB).
    static func isFill(_ token: SpecToken) -> Bool {
        let v = token.value
        return !token.quoted && v.count == 4 && v[0] == 0x66 && v[1] == 0x69 && v[2] == 0x6C && v[3] == 0x6C
    }
}
