import Foundation

/// The steps of a build, in order; `check` runs the first three. Progress lines read
/// `[index/total] name: summary`.
public enum BuildStep: Int, CaseIterable, Sendable {
    case discoverDocs = 1
    case parseMarkdown
    case parseSpecs
    case keepUnchanged
    case renderComponents
    case writePages
    case writeIndexes
    case swapOutput

    /// The name in progress lines, e.g. "render components".
    public var displayName: String {
        switch self {
        case .discoverDocs: "discover docs"
        case .parseMarkdown: "parse Markdown"
        case .parseSpecs: "parse specs"
        case .keepUnchanged: "keep unchanged"
        case .renderComponents: "render components"
        case .writePages: "write pages"
        case .writeIndexes: "write indexes"
        case .swapOutput: "swap output"
        }
    }

    /// What `skelsite check` runs: validation only, nothing written.
    public static let checkSteps: [BuildStep] = [.discoverDocs, .parseMarkdown, .parseSpecs]
}

/// One finished step of a build, as `[index/total] name: summary (seconds)`.
public struct BuildStepEvent: Sendable, Equatable {
    public var step: BuildStep
    /// Position in the run (1-based) and the run's step count.
    public var index: Int
    public var total: Int
    public var summary: String
    public var seconds: Double

    public var name: String { step.displayName }

    /// The terminal line, e.g. `[5/8] render components: rendered 3, cached 12 (0.42 s)`.
    public var line: String {
        "[\(index)/\(total)] \(name): \(summary) (\(String(format: "%.2f", seconds)) s)"
    }
}

/// What a step hands back: its value for the next steps, and the summary of its
/// progress line.
struct StepResult<Value> {
    var value: Value
    var summary: String
}

/// Runs the steps of a plan in order, timing each and reporting it as it finishes.
struct StepRunner {
    let plan: [BuildStep]
    let progress: @Sendable (BuildStepEvent) -> Void
    private(set) var events: [BuildStepEvent] = []

    init(plan: [BuildStep], progress: @escaping @Sendable (BuildStepEvent) -> Void) {
        self.plan = plan
        self.progress = progress
    }

    /// Runs `step`, which must be the plan's next one (why: the `[i/n]` numbering is
    /// the plan's, so a step run out of order would print a wrong line).
    mutating func run<Value, Failure: Error>(_ step: BuildStep,
                                             _ body: () throws(Failure) -> StepResult<Value>) throws(Failure) -> Value {
        precondition(events.count < plan.count && plan[events.count] == step, "step \(step) run out of plan order")
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let event = BuildStepEvent(step: step, index: events.count + 1, total: plan.count, summary: result.summary,
                                   seconds: seconds)
        events.append(event)
        progress(event)
        return result.value
    }

    /// The plan's steps not run yet.
    var remaining: ArraySlice<BuildStep> { plan.dropFirst(events.count) }
}
