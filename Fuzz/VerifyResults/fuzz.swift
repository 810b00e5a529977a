// libFuzzer entry for the reader of `build --verify-results FILE`
// (Sources/SkelSite/VerifyResults/VerifyResultsJSON.swift on LocatedJSON.swift). Any bytes:
// no crash, no hang, and either agreements whose every figure is in range, or
// located error lines (at most the cap plus one summary), each a single line
// `fuzz.json:LINE:COLUMN: error: ...` whose place lies in the file.

@_cdecl("LLVMFuzzerTestOneInput")
public func verifyResultsFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch VerifyResultsJSON.agreements(bytes, path: "fuzz.json") {
    case .success(let agreements):
        for (digest, agreement) in agreements {
            precondition(digest.utf8.count == 64, "digest is not 64 hex digits")
            precondition(agreement.minimum >= 0 && agreement.minimum <= 1, "minimum out of range")
            if let threshold = agreement.threshold { precondition(threshold >= 0 && threshold <= 1, "threshold out of range") }
            precondition(!agreement.frames.isEmpty)
            for frame in agreement.frames {
                precondition(frame.match >= 0 && frame.match <= 1, "match out of range")
                precondition(frame.scale >= 1 && frame.scale <= Limits.maxScale, "scale out of range")
                precondition(frame.time.isFinite && frame.time >= 0, "time out of range")
                precondition(frame.theme == "light" || frame.theme == "dark", "unknown theme")
                precondition(!frame.engine.isEmpty)
                if let width = frame.width { precondition(width > 0 && width <= Limits.maxDimension, "width out of range") }
            }
        }
    case .failure(let invalid):
        precondition(!invalid.lines.isEmpty, "failure without a message")
        precondition(invalid.lines.count <= VerifyResultsJSON.maxProblems + 1, "problems not capped")
        let lineCount = 1 + bytes.indices.filter { i in
            bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A))
        }.count
        for line in invalid.lines {
            precondition(!line.utf8.contains { $0 < 0x20 }, "control character or line break in a message")
            let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            precondition(parts.count == 4 && parts[0] == "fuzz.json", "message not located")
            guard let row = Int(parts[1]), let column = Int(parts[2]) else { preconditionFailure("no line or column") }
            precondition(row >= 1 && row <= lineCount && column >= 1, "place outside the file")
            precondition(parts[3].hasPrefix(" error: ") && parts[3].utf8.count > 8, "not an error line")
        }
    }
    return 0
}
