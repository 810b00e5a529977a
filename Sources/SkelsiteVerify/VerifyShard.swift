import SkelSite
import SkeletonCore

/// `verify --shard I/N`: which specs one of N machines checks (site/reference/command-line.md,
/// "verify --shard"). A spec is the unit: all of its frames (engines, scales, themes,
/// times, widths) go to one shard, so a spec is laid out and painted on one machine only.
///
/// Stable: a spec's shard depends only on the file it is in (its path and that file's
/// specs), never on the machine or on specs in other files, so adding a doc elsewhere
/// moves nothing. Balanced: within each file, the specs go largest first to the shard
/// with the least estimated cost so far (cost: the painter's pixel area at 1x, times
/// the widths a fluid spec is checked at; every spec has the same number of frames per
/// engine and scale, so this is proportional to the pixels compared). Each file starts
/// its count at a shard chosen by a hash of its path (FNV-1a, the same on every machine),
/// so the small remainders of many files spread over all shards instead of piling on
/// the first one.
public struct VerifyShard: Equatable, Sendable {
    /// 1-based.
    public var index: Int
    public var count: Int

    /// The most shards a run may be split into.
    public static let maxCount = 1000

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `I/N` with 1 <= I <= N <= maxCount, digits only; nil for anything else.
    public static func parse(_ text: String) -> VerifyShard? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              let index = Int(parts[0]), let count = Int(parts[1]),
              index >= 1, index <= count, count <= maxCount else { return nil }
        return VerifyShard(index: index, count: count)
    }

    public var text: String { String(index) + "/" + String(count) }

    /// The shard (1-based) of each of `specs`, in their order.
    public static func assign(_ specs: [VerifySpec], count: Int) -> [Int] {
        var shards = Array(repeating: 1, count: specs.count)
        guard count > 1 else { return shards }
        var byFile: [String: [Int]] = [:]
        for (position, spec) in specs.enumerated() { byFile[spec.path, default: []].append(position) }
        for (path, positions) in byFile {
            let costs = Dictionary(uniqueKeysWithValues: positions.map { ($0, cost(of: specs[$0])) })
            // Largest first; equal costs in file order.
            let order = positions.sorted { a, b in
                costs[a]! != costs[b]! ? costs[a]! > costs[b]! : specs[a].line < specs[b].line
            }
            let start = Int(fnv1a(path) % UInt64(count))
            var loads = Array(repeating: 0.0, count: count)
            for position in order {
                // The least loaded shard; ties go to the first from `start` on.
                var best = start
                for step in 1..<count {
                    let shard = (start + step) % count
                    if loads[shard] < loads[best] { best = shard }
                }
                loads[best] += costs[position]!
                shards[position] = best + 1
            }
        }
        return shards
    }

    /// The specs of this shard, in their order.
    public func select(_ specs: [VerifySpec]) -> [VerifySpec] {
        zip(specs, Self.assign(specs, count: count)).filter { $0.1 == index }.map(\.0)
    }

    /// Pixels compared per frame at 1x, summed over the widths and directions the spec
    /// is checked at.
    static func cost(of spec: VerifySpec) -> Double {
        RightToLeftVerify.expand(FluidVerifyWidths.expand([spec])).map { item in
            let size = LayoutEngine.layout(item.spec).pixelSize(scale: 1)
            return Double(max(1, size.width)) * Double(max(1, size.height))
        }.reduce(0, +)
    }

    /// 64-bit FNV-1a of the UTF-8 bytes: unlike Swift's `Hasher`, unseeded.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100000001b3
        }
        return hash
    }
}
