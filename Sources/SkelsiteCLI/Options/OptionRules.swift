import Foundation
import SkelSite
import SkeletonCore

// The kinds of option values, each read and bounded in one place
// (site/reference/command-line.md lists them; site/reference/limits.md the bounds).

/// `render --time`: seconds from when the component shows, so never negative.
enum SecondsRule: OptionRule {
    static func parse(_ text: String) -> Result<Double, OptionProblem> {
        guard let value = Double(text), value.isFinite else {
            return .failure(OptionProblem(predicate: "must be a number of seconds"))
        }
        guard value >= 0 else {
            return .failure(OptionProblem(predicate: "must be at least 0 (seconds from when the component shows)"))
        }
        // + 0 turns -0 into 0, so "-0" paints the same frame as "0".
        return .success(value + 0)
    }
}

/// `render --scale`: pixels per point.
enum ScaleRule: OptionRule {
    static func parse(_ text: String) -> Result<Int, OptionProblem> {
        guard let value = Int(text), (1...Limits.maxScale).contains(value) else {
            return .failure(OptionProblem(predicate: "must be a whole number from 1 to \(Limits.maxScale)"))
        }
        return .success(value)
    }
}

/// `verify --scale 1,2`: several scales, duplicates dropped, in the order given.
enum ScaleListRule: OptionRule {
    static func parse(_ text: String) -> Result<[Int], OptionProblem> {
        let problem = OptionProblem(predicate: "takes comma-separated whole numbers 1...\(Limits.maxScale)")
        var scales: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Int(part.trimmingCharacters(in: .whitespaces)), (1...Limits.maxScale).contains(value) else {
                return .failure(problem)
            }
            if !scales.contains(value) { scales.append(value) }
        }
        return scales.isEmpty ? .failure(problem) : .success(scales)
    }
}

/// `--theme light|dark`.
enum ThemeRule: OptionRule {
    static let choices = ["light", "dark"]

    static func parse(_ text: String) -> Result<Theme, OptionProblem> {
        switch text {
        case "light": return .success(.light)
        case "dark": return .success(.dark)
        default: return .failure(OptionProblem(predicate: "must be light or dark"))
        }
    }
}

/// A share or a colour distance from 0 to 1: `--threshold`, `--max-diff-ratio`.
enum FractionRule: OptionRule {
    static func parse(_ text: String) -> Result<Double, OptionProblem> {
        guard let value = Double(text), value >= 0, value <= 1 else {
            return .failure(OptionProblem(predicate: "must be a number from 0 to 1"))
        }
        return .success(value)
    }
}

/// `verify --minimum`: a fraction, with the wording verify has always printed.
enum MatchShareRule: OptionRule {
    static func parse(_ text: String) -> Result<Double, OptionProblem> {
        FractionRule.parse(text).mapError { _ in OptionProblem(predicate: "takes a number 0...1") }
    }
}

/// `diff --max-diff-pixels`: a count.
enum CountRule: OptionRule {
    static func parse(_ text: String) -> Result<Int, OptionProblem> {
        guard let value = Int(text), value >= 0 else {
            return .failure(OptionProblem(predicate: "must be a whole number of at least 0"))
        }
        return .success(value)
    }
}

/// `--format text|json|github`.
enum FormatRule: OptionRule {
    static let choices = OutputFormat.allCases.map(\.rawValue)

    static func parse(_ text: String) -> Result<OutputFormat, OptionProblem> {
        guard let format = OutputFormat(rawValue: text) else {
            return .failure(OptionProblem(predicate: "must be text, json or github"))
        }
        return .success(format)
    }
}

/// `export --format swiftui|html|react|web-component|npm`: the target the specs become.
enum ExportFormatRule: OptionRule {
    static let choices = ExportFormat.allCases.map(\.rawValue)

    static func parse(_ text: String) -> Result<ExportFormat, OptionProblem> {
        guard let format = ExportFormat(rawValue: text) else {
            return .failure(OptionProblem(predicate: "must be one of: " + choices.joined(separator: ", ")))
        }
        return .success(format)
    }
}

/// `render --width`: a fluid spec's width in points (site/reference/skeleton.md,
/// "Fluid width"); its bounds are checked against the spec once it is read.
enum WidthRule: OptionRule {
    static func parse(_ text: String) -> Result<Double, OptionProblem> {
        guard let value = Double(text), value.isFinite, value > 0, value <= Limits.maxDimension else {
            return .failure(OptionProblem(predicate: "must be a number of points more than 0 and at most \(Int(Limits.maxDimension))"))
        }
        return .success(value)
    }
}
