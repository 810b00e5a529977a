import ArgumentParser

/// How the text of one kind of option value reads: the value, or what is wrong with
/// the text as a predicate ("must be a whole number from 1 to 4").
protocol OptionRule {
    associatedtype Value: Sendable
    static func parse(_ text: String) -> Result<Value, OptionProblem>
    /// Every accepted text, for a rule with a closed set (shown in `--help`).
    static var choices: [String] { get }
}

extension OptionRule {
    static var choices: [String] { [] }
}

struct OptionProblem: Error, Equatable {
    var predicate: String
}

/// An option value of kind `Rule`. ArgumentParser stores the text and the parse; the
/// command's `validate()` calls `check(_:)`, so a bad value reads
/// `error: --NAME PREDICATE, got 'TEXT'` and exits 2, in the words scripts already
/// match, instead of ArgumentParser's generic message.
struct Checked<Rule: OptionRule>: ExpressibleByArgument, Sendable {
    let text: String
    let parsed: Result<Rule.Value, OptionProblem>

    /// Defaults are written as text too, so `--help` shows exactly what is parsed.
    init(argument: String) {
        text = argument
        parsed = Rule.parse(argument)
    }

    var defaultValueDescription: String { text }

    static var allValueStrings: [String] { Rule.choices }

    func check(_ name: String) throws(UsageError) {
        if case .failure(let problem) = parsed {
            throw UsageError(message: "\(name) \(problem.predicate), got '\(text)'")
        }
    }

    /// The value; `validate()` has checked it before `run()` reads it.
    var value: Rule.Value {
        switch parsed {
        case .success(let value): return value
        case .failure: preconditionFailure("validate() checks every option before run()")
        }
    }
}
