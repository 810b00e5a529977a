import SkelSite

/// The retry policy, applied to each sheet a walk photographs (VerifyRun.verify): a
/// frame that fails (VerifyGate) is photographed once more, and the second photo's
/// comparison is the one that counts, whatever it shows. One retry, no more.
///
/// A second photo tells a browser that returned its picture before every tile was
/// drawn (blank areas) from a real mismatch. Only the failing frames are taken again: a
/// passing tiled frame's earlier tiles are gone once it was compared. A failing tiled
/// frame's earlier tiles are shot again first, on their own sheets in sheet order (only
/// its own tiles are taken), so the frame is whole again when its last sheet is shot.
enum VerifyRetry {
    /// `compared`, the first comparison of sheet `sheet`, with its failing frames
    /// replaced by their second comparison, in frame order. `shoot(s, frames)`
    /// photographs sheet `s` again, taking only `frames`.
    static func retakingFailures(_ compared: [VerifyRun.Compared], sheet: Int, passes: (VerifyResult) -> Bool,
                                 shoot: (_ sheet: Int, _ frames: Set<Int>) throws -> [VerifyRun.Compared])
        rethrows -> [VerifyRun.Compared] {
        let failing = compared.filter { !passes($0.result) }
        guard !failing.isEmpty else { return compared }
        let frames = Set(failing.map(\.frame))
        for earlier in Set(failing.flatMap(\.earlierSheets)).sorted() {
            _ = try shoot(earlier, frames)
        }
        let again = try shoot(sheet, frames)
        return (compared.filter { !frames.contains($0.frame) } + again).sorted { $0.frame < $1.frame }
    }
}
