import SkeletonCore

/// FNV-1a, 32 bits: tiny, deterministic on every platform (unlike Swift's seeded
/// `Hasher`), and good enough to keep a page's few hundred components apart. Not
/// collision-free: the site's page writer checks each page and salts the scope of a
/// different component that lands on a taken one (see `EmitOptions.salt`).
struct FNV1a32 {
    private(set) var value: UInt32 = 0x811C_9DC5

    mutating func add(_ byte: UInt8) {
        value ^= UInt32(byte)
        value = value &* 0x0100_0193
    }

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes { add(byte) }
    }

    mutating func add(_ text: String) {
        add(UInt64(text.utf8.count))
        for byte in text.utf8 { add(byte) }
    }

    /// Little-endian bytes, so the hash does not depend on the host's byte order.
    mutating func add(_ number: UInt64) {
        var rest = number
        for _ in 0..<8 {
            add(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
    }

    mutating func add(_ number: Double) {
        // +0 and -0 render the same, so they hash the same.
        add(number == 0 ? 0 : number.bitPattern)
    }

    mutating func add(_ number: Int) {
        add(UInt64(bitPattern: Int64(number)))
    }

    mutating func add(_ flag: Bool) {
        add(flag ? UInt8(1) : UInt8(0))
    }

    /// Eight lower-case hex digits.
    var hex: String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        var shift: UInt32 = 28
        for _ in 0..<8 {
            out.append(digits[Int((value >> shift) & 15)])
            shift &-= 4
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The scope class of a component: a hash of the spec's canonical content, i.e.
/// everything that shapes its CSS and markup. Source positions are left out (moving a
/// spec within its document must not change its class); the title is left in (it is
/// part of what the author wrote and of the markup).
enum ScopeHash {
    static func scope(for spec: Spec, options: EmitOptions) -> String {
        var hash = FNV1a32()
        hash.add("skeleton-web/1")
        hash.add(spec.title ?? "")
        hash.add(spec.title != nil)
        hash.add(spec.width)
        hash.add(spec.height ?? -1)
        hash.add(spec.height != nil)
        // Only when written, so every left-to-right spec keeps its class.
        if spec.dir != .ltr { hash.add(spec.dir == .rtl ? "dir=rtl" : "dir=auto") }
        let look = spec.appearance
        for color in [look.base, look.highlight, look.background, look.darkBase, look.darkHighlight, look.darkBackground] {
            add(color, to: &hash)
        }
        let motion = spec.animation
        hash.add(tag(motion.kind))
        hash.add(motion.duration)
        hash.add(motion.band)
        hash.add(motion.angle)
        hash.add(motion.delay)
        hash.add(motion.stagger)
        hash.add(tag(motion.easing))
        // The rhythm attributes only when one is not its default, so specs without
        // them keep the scopes they always had.
        let plain = Defaults.animation
        if motion.interval != 0 || motion.repeatMode != .restart || motion.pulseFrom != plain.pulseFrom
            || motion.pulseTo != plain.pulseTo || motion.scope != .component || motion.fade != 0 {
            hash.add("rhythm")
            hash.add(motion.interval)
            hash.add(motion.repeatMode == .reverse)
            hash.add(motion.pulseFrom)
            hash.add(motion.pulseTo)
            hash.add(motion.scope == .shape)
            hash.add(motion.fade)
        }
        if motion.intensity != 0 || motion.iterations != 0 {
            hash.add(motion.intensity)
            hash.add(motion.iterations)
        }
        hash.add(spec.children.count)
        for child in spec.children { add(child, to: &hash) }
        // Only a fluid spec hashes its fluid width, so every fixed scope is unchanged.
        if let fluid = spec.fluid {
            hash.add("fluid")
            hash.add(fluid.percent)
            hash.add(fluid.minWidth ?? -1)
            hash.add(fluid.maxWidth ?? -1)
        }
        // Frozen copies (verify) must not share a class with the live component on one page.
        hash.add(options.frozenAt != nil)
        hash.add(options.frozenAt ?? 0)
        // Only a non-zero salt is hashed, so unsalted scopes stay what they always were.
        if options.salt != 0 {
            hash.add("salt")
            hash.add(options.salt)
        }
        return "sk-" + hash.hex
    }

    private static func add(_ node: Node, to hash: inout FNV1a32) {
        switch node.kind {
        case .row: hash.add(UInt8(1))
        case .column: hash.add(UInt8(2))
        case .repeat(let count):
            hash.add(UInt8(3))
            hash.add(count)
        case .rect: hash.add(UInt8(4))
        case .circle: hash.add(UInt8(5))
        case .capsule: hash.add(UInt8(6))
        case .text(let metrics):
            hash.add(UInt8(7))
            hash.add(metrics.lines)
            hash.add(metrics.lineHeight)
            hash.add(metrics.spacing)
            hash.add(metrics.lastLineFraction)
            // Only when set, so the scopes of specs without it stay as they were.
            if metrics.inset != 0 { hash.add(metrics.inset) }
        case .spacer: hash.add(UInt8(8))
        }
        add(node.width, to: &hash)
        add(node.height, to: &hash)
        hash.add(node.grow)
        hash.add(node.gap)
        hash.add(node.padding.top)
        hash.add(node.padding.right)
        hash.add(node.padding.bottom)
        hash.add(node.padding.left)
        hash.add(tag(node.align))
        hash.add(tag(node.justify))
        hash.add(node.radius != nil)
        hash.add(node.radius ?? 0)
        for color in [node.fill, node.darkFill, node.color, node.darkColor] {
            hash.add(color != nil)
            if let color { add(color, to: &hash) }
        }
        hash.add(node.stagger != nil)
        hash.add(node.stagger ?? 0)
        // Grid settings and aspect= are hashed only when given, so every other scope is unchanged.
        if let aspect = node.aspect {
            hash.add("aspect")
            hash.add(aspect)
        }
        if let columns = node.columns {
            hash.add("columns")
            hash.add(columns)
        }
        if let rowGap = node.rowGap {
            hash.add("row-gap")
            hash.add(rowGap)
        }
        if node.still { hash.add("still") }
        // A node's own motion (NodeMotion.swift): only when given, like `still`.
        if let motion = node.motion {
            hash.add("motion")
            hash.add(tag(motion.kind))
            for number in [motion.duration, motion.band, motion.angle, motion.interval, motion.pulseFrom,
                           motion.pulseTo, motion.intensity] {
                hash.add(number)
            }
            hash.add(tag(motion.easing))
            hash.add(motion.repeatMode == .reverse)
            hash.add(motion.iterations)
        }
        hash.add(node.children.count)
        for child in node.children { add(child, to: &hash) }
    }

    private static func add(_ length: Length, to hash: inout FNV1a32) {
        switch length {
        case .auto: hash.add(UInt8(0))
        case .points(let value):
            hash.add(UInt8(1))
            hash.add(value)
        case .percent(let value):
            hash.add(UInt8(2))
            hash.add(value)
        }
    }

    private static func add(_ color: RGBA, to hash: inout FNV1a32) {
        hash.add([color.r, color.g, color.b, color.a])
    }

    private static func tag(_ kind: AnimationKind) -> UInt8 {
        switch kind {
        case .none: return 0
        case .gradient: return 1
        case .pulse: return 2
        case .shimmer: return 3
        }
    }

    private static func tag(_ easing: Easing) -> UInt8 {
        switch easing {
        case .linear: return 0
        case .easeIn: return 1
        case .easeOut: return 2
        case .easeInOut: return 3
        }
    }

    private static func tag(_ align: Align) -> UInt8 {
        switch align {
        case .start: return 0
        case .center: return 1
        case .end: return 2
        case .stretch: return 3
        }
    }

    private static func tag(_ justify: Justify) -> UInt8 {
        switch justify {
        case .start: return 0
        case .center: return 1
        case .end: return 2
        case .spaceBetween: return 3
        case .spaceAround: return 4
        case .spaceEvenly: return 5
        }
    }
}
