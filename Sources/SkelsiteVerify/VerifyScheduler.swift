import SkelSite
import Foundation
import SkeletonCore

/// Scheduling, a run's second step (VerifyRun.verify): the plan's walks, each on a
/// thread of its own, at most `atOnce` at a time, in the order given
/// (VerifySheets.order: WebKit's walks first, then the longest); the others wait their turn.
///
/// Threads, not tasks: a walk blocks on its browser most of the time (a page load, a
/// capture; pipes and sockets read synchronously), and blocking calls in Swift's
/// cooperative pool (one thread per core, two on CI) would hold up the other walks.
/// While one walk waits for its browser, another's frames are decoded and compared, so
/// both cores stay busy.
///
/// What the walks share is locked (SheetPaints, VerifyTimings, the outcomes here, a
/// camera's browsers, one per scale) or never written (the plan); each walk's browser
/// and tiles are its own. One walk's error ends the run: the others see `stopped` at
/// their next sheet.
enum VerifyScheduler {
    /// Each lane's results, in lane order (not the order they finished in), or the
    /// error of the first lane, in lane order, that failed.
    static func run(lanes count: Int, order: [Int], atOnce: Int,
                    _ walk: @escaping (_ lane: Int, _ stopped: () -> Bool) throws -> [VerifyResult]) throws -> [VerifyResult] {
        let outcomes = LaneOutcomes(count: count)
        let group = DispatchGroup()
        let gate = DispatchSemaphore(value: atOnce)
        for lane in order {
            group.enter()
            let work = UncheckedSendable {
                gate.wait()
                defer { gate.signal() }
                do {
                    outcomes.set(lane, .success(try walk(lane, { outcomes.failed })))
                } catch {
                    outcomes.set(lane, .failure(error))
                }
            }
            let thread = Thread { work.value(); group.leave() }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        var results: [VerifyResult] = []
        for outcome in outcomes.all {
            switch outcome {
            case .success(let some): results += some
            case .failure(let error): throw error
            case nil: throw VerifyFailure(description: "an engine's thread ended without results")
            }
        }
        return results
    }
}

/// Hands a closure to the one thread that runs it. Safe because that thread is its only
/// user, and what the closure shares with other threads is locked or never written
/// (VerifyScheduler says which).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Each lane's results, or its error. Safe to share: every access holds `lock`.
final class LaneOutcomes: @unchecked Sendable {
    private var outcomes: [Result<[VerifyResult], Error>?]
    private let lock = NSLock()

    init(count: Int) { outcomes = Array(repeating: nil, count: count) }

    func set(_ lane: Int, _ outcome: Result<[VerifyResult], Error>) { lock.withLock { outcomes[lane] = outcome } }

    var all: [Result<[VerifyResult], Error>?] { lock.withLock { outcomes } }

    var failed: Bool {
        lock.withLock { outcomes.contains { if case .failure = $0 { return true } else { return false } } }
    }
}

/// The painter's frames of each sheet, painted when a walk first asks and freed once
/// every walk of the sheet is done with them (a whole run's frames at 2x would not fit
/// in memory). Safe to share: every access holds `lock`, `paint` included (so a sheet
/// is painted once, and `paint` reads only the plan, which no thread changes).
final class SheetPaints: @unchecked Sendable {
    private var frames: [[RGBAImage]?]
    private var users: [Int]
    private let paint: (Int) -> [RGBAImage]
    private let lock = NSLock()

    /// `users[i]`: how many walks photograph sheet i.
    init(users: [Int], paint: @escaping (Int) -> [RGBAImage]) {
        frames = Array(repeating: nil, count: users.count)
        self.users = users
        self.paint = paint
    }

    func frames(of sheet: Int) -> [RGBAImage] {
        lock.withLock {
            if let painted = frames[sheet] { return painted }
            let painted = paint(sheet)
            frames[sheet] = painted
            return painted
        }
    }

    func done(with sheet: Int) {
        lock.withLock {
            users[sheet] -= 1
            if users[sheet] <= 0 { frames[sheet] = nil }
        }
    }
}
