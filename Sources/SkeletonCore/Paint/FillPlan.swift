/// Where `Canvas.walk` reports a shape's coverage: a row starts, one pixel at a
/// coverage, or a run of pixels at one coverage.
protocol CoverageSink {
    mutating func startRow(_ j: Int)
    mutating func pixel(_ i: Int, _ coverage: Double)
    mutating func span(_ a: Int, _ b: Int, _ coverage: Double)
}

/// The pixel columns [iStart, iEnd) and rows [jStart, jEnd) a box touches, on a
/// canvas `canvasWidth` pixels wide.
struct PixelBounds: Equatable, Sendable {
    var iStart: Int
    var iEnd: Int
    var jStart: Int
    var jEnd: Int
    var canvasWidth: Int

    /// Whether the two touch a common pixel.
    func meets(_ other: PixelBounds) -> Bool {
        iStart < other.iEnd && other.iStart < iEnd && jStart < other.jEnd && other.jStart < jEnd
    }
}

/// Composites what a walk reports straight into a canvas's pixels.
struct PixelSink: CoverageSink {
    var writer: SpanWriter
    let base: UnsafeMutablePointer<UInt32>
    let width: Int
    private var row: UnsafeMutablePointer<UInt32>

    init(writer: SpanWriter, base: UnsafeMutablePointer<UInt32>, width: Int) {
        self.writer = writer
        self.base = base
        self.width = width
        row = base
    }

    mutating func startRow(_ j: Int) {
        row = base + j * width
        writer.startRow(j)
    }

    @inline(__always)
    mutating func pixel(_ i: Int, _ coverage: Double) {
        writer.pixel(row, i, coverage)
    }

    @inline(__always)
    mutating func span(_ a: Int, _ b: Int, _ coverage: Double) {
        writer.span(row, a, b, coverage)
    }
}

/// A shape's coverage on a canvas of a given size, recorded once (`record`) and
/// replayed for every frame (`Canvas.fill(_:colour:sweep:)`): coverage depends only
/// on geometry, not on time, colour or theme, so an animation integrates its arcs
/// once. Replaying makes the very calls the walk made, so the pixels are the same.
public struct FillPlan: Sendable, CoverageSink {
    private enum Kind: UInt8, Sendable { case row, pixel, span }
    private struct Step: Sendable {
        var kind: Kind
        var a: Int32
        var b: Int32
        var coverage: Double
    }

    let iStart: Int
    let iEnd: Int
    private var steps: [Step] = []

    /// The plan of `box` on a `width` × `height` canvas (empty when it touches no pixel).
    static func record(_ box: RoundedBox, width: Int, height: Int, cache: inout CornerCache) -> FillPlan {
        guard let bounds = Canvas.pixelBounds(box, width: width, height: height) else {
            return .empty
        }
        var plan = FillPlan(iStart: bounds.iStart, iEnd: bounds.iEnd)
        Canvas.walk(box, bounds, cache: &cache, into: &plan)
        return plan
    }

    /// Covers nothing.
    static let empty = FillPlan(iStart: 0, iEnd: 0)

    private init(iStart: Int, iEnd: Int) {
        self.iStart = iStart
        self.iEnd = iEnd
    }

    mutating func startRow(_ j: Int) {
        steps.append(Step(kind: .row, a: Int32(truncatingIfNeeded: j), b: 0, coverage: 0))
    }

    mutating func pixel(_ i: Int, _ coverage: Double) {
        steps.append(Step(kind: .pixel, a: Int32(truncatingIfNeeded: i), b: 0, coverage: coverage))
    }

    mutating func span(_ a: Int, _ b: Int, _ coverage: Double) {
        steps.append(Step(kind: .span, a: Int32(truncatingIfNeeded: a), b: Int32(truncatingIfNeeded: b), coverage: coverage))
    }

    func replay<Sink: CoverageSink>(into sink: inout Sink) {
        for step in steps {
            switch step.kind {
            case .row: sink.startRow(Int(step.a))
            case .pixel: sink.pixel(Int(step.a), step.coverage)
            case .span: sink.span(Int(step.a), Int(step.b), step.coverage)
            }
        }
    }
}
