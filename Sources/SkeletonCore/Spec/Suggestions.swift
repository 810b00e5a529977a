// "Did you mean ...?" by edit distance, for kinds, attribute names and enum values.
enum Suggestions {
    /// Words longer than this are not compared: no typo is that long, and it keeps
    /// hostile input from costing quadratic time.
    static let maxWordLength = 32

    /// The candidate closest to `word`, if it is close enough to be a likely typo:
    /// at most 2 edits, and fewer edits than the word has bytes (so 'x' does not
    /// suggest 'gap'). Ties go to the earlier candidate, so results are stable.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let w = Array(word.utf8)
        if w.isEmpty || w.count > maxWordLength { return nil }
        var best: String? = nil
        var bestDistance = Int.max
        for candidate in candidates {
            let d = distance(w, Array(candidate.utf8))
            if d < bestDistance {
                best = candidate
                bestDistance = d
            }
        }
        if bestDistance <= 2 && bestDistance < w.count { return best }
        return nil
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transposition,
    /// so 'raidus' is one edit from 'radius'), case-insensitive for ASCII.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let a = a.map(lower), b = b.map(lower)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var d = [Int](repeating: 0, count: (a.count + 1) * width)
        for i in 0...a.count { d[i * width] = i }
        for j in 0...b.count { d[j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(d[(i - 1) * width + j] + 1, d[i * width + j - 1] + 1, d[(i - 1) * width + j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    v = min(v, d[(i - 2) * width + j - 2] + 1)
                }
                d[i * width + j] = v
            }
        }
        return d[a.count * width + b.count]
    }

    static func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 0x20 : c }

    /// "a, b, c or d" for messages.
    static func list(_ words: [String], conjunction: String = "or") -> String {
        if words.isEmpty { return "" }
        if words.count == 1 { return words[0] }
        var s = ""
        for (i, w) in words.enumerated() {
            if i > 0 { s += i == words.count - 1 ? " \(conjunction) " : ", " }
            s += w
        }
        return s
    }
}
