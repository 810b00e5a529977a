import SkeletonCore
import TOMLKit

/// The keys `skelsite.toml` may hold and the type of each (site/reference/command-line.md,
/// "Project file"). A key not listed, or a value of the wrong type or range, is a
/// located problem: a typo must not be silently ignored.
enum ProjectConfigSchema {
    static let topKeys = ["source", "output", "base_url", "title", "templates", "diff", "verify"]
    static let diffKeys = ["threshold", "max_diff_pixels", "max_diff_ratio"]
    static let verifyKeys = ["enabled", "threshold", "scales", "minimum", "browsers"]

    struct Problem {
        var line: Int
        var column: Int
        var message: String
    }

    struct Reader {
        let locator: TOMLKeyLocator
        var problems: [Problem] = []

        mutating func read(_ table: TOMLTable, into config: inout ProjectConfig) {
            for (key, value) in table {
                switch key {
                case "source": config.source = text(value, ["source"])
                case "output": config.output = text(value, ["output"])
                case "base_url": config.baseURL = text(value, ["base_url"])
                case "title": config.title = text(value, ["title"])
                case "templates": config.templates = text(value, ["templates"])
                case "diff":
                    guard let inner = section(value, "diff") else { continue }
                    for (key, value) in inner {
                        let path = ["diff", key]
                        switch key {
                        case "threshold": config.diff.threshold = fraction(value, path)
                        case "max_diff_pixels": config.diff.maxDiffPixels = count(value, path)
                        case "max_diff_ratio": config.diff.maxDiffRatio = fraction(value, path)
                        default: unknown(path, known: ProjectConfigSchema.diffKeys)
                        }
                    }
                case "verify":
                    guard let inner = section(value, "verify") else { continue }
                    for (key, value) in inner {
                        let path = ["verify", key]
                        switch key {
                        case "enabled": config.verify.enabled = flag(value, path)
                        case "threshold": config.verify.threshold = fraction(value, path)
                        case "scales": config.verify.scales = scales(value, path)
                        case "minimum": config.verify.minimum = fraction(value, path)
                        case "browsers": config.verify.browsers = browsers(value, path)
                        default: unknown(path, known: ProjectConfigSchema.verifyKeys)
                        }
                    }
                default: unknown([key], known: ProjectConfigSchema.topKeys)
                }
            }
        }

        private mutating func report(_ path: [String], atValue: Bool, _ message: String) {
            let at = atValue ? locator.value(path) : locator.key(path)
            problems.append(Problem(line: at.line, column: at.column, message: message))
        }

        private mutating func unknown(_ path: [String], known: [String]) {
            report(path, atValue: false, "unknown key '\(path.joined(separator: "."))'; known keys here: "
                   + known.joined(separator: ", "))
        }

        private mutating func wrongType(_ value: TOMLValueConvertible, _ path: [String], _ expected: String) {
            report(path, atValue: true, "\(path.joined(separator: ".")) must be \(expected), got \(Self.describe(value.type))")
        }

        private mutating func text(_ value: TOMLValueConvertible, _ path: [String]) -> String? {
            guard let string = value.string else { wrongType(value, path, "a string"); return nil }
            guard !string.isEmpty else {
                report(path, atValue: true, "\(path.joined(separator: ".")) must not be empty")
                return nil
            }
            return string
        }

        private mutating func flag(_ value: TOMLValueConvertible, _ path: [String]) -> Bool? {
            guard let flag = value.bool else { wrongType(value, path, "true or false"); return nil }
            return flag
        }

        private mutating func section(_ value: TOMLValueConvertible, _ name: String) -> TOMLTable? {
            guard let table = value.table else { wrongType(value, [name], "a table ([\(name)])"); return nil }
            return table
        }

        private mutating func number(_ value: TOMLValueConvertible) -> Double? {
            if value.type == .int, let whole = value.int { return Double(whole) }
            if value.type == .double { return value.double }
            return nil
        }

        private mutating func fraction(_ value: TOMLValueConvertible, _ path: [String]) -> Double? {
            guard let number = number(value) else { wrongType(value, path, "a number from 0 to 1"); return nil }
            guard number >= 0, number <= 1 else {
                report(path, atValue: true, "\(path.joined(separator: ".")) must be a number from 0 to 1, got \(number)")
                return nil
            }
            return number
        }

        private mutating func count(_ value: TOMLValueConvertible, _ path: [String]) -> Int? {
            guard value.type == .int, let whole = value.int else {
                wrongType(value, path, "a whole number of at least 0")
                return nil
            }
            guard whole >= 0 else {
                report(path, atValue: true, "\(path.joined(separator: ".")) must be a whole number of at least 0, got \(whole)")
                return nil
            }
            return whole
        }

        private mutating func scales(_ value: TOMLValueConvertible, _ path: [String]) -> [Int]? {
            let expected = "an array of whole numbers from 1 to \(Limits.maxScale)"
            guard let array = value.array, !array.isEmpty else { wrongType(value, path, expected); return nil }
            var scales: [Int] = []
            for item in array {
                guard item.type == .int, let scale = item.int, (1...Limits.maxScale).contains(scale) else {
                    report(path, atValue: true, "\(path.joined(separator: ".")) must be \(expected)")
                    return nil
                }
                if !scales.contains(scale) { scales.append(scale) }
            }
            return scales
        }

        private mutating func browsers(_ value: TOMLValueConvertible, _ path: [String]) -> [String]? {
            let expected = "an array of browser engines or executables (strings)"
            guard let array = value.array, !array.isEmpty else { wrongType(value, path, expected); return nil }
            var names: [String] = []
            for item in array {
                guard let name = item.string, !name.isEmpty else {
                    report(path, atValue: true, "\(path.joined(separator: ".")) must be \(expected)")
                    return nil
                }
                names.append(name)
            }
            return names
        }

        static func describe(_ type: TOMLType) -> String {
            switch type {
            case .table: return "a table"
            case .array: return "an array"
            case .string: return "a string"
            case .int: return "an integer"
            case .double: return "a number with a fraction"
            case .bool: return "a boolean"
            case .date: return "a date"
            case .time: return "a time"
            case .dateTime: return "a date-time"
            }
        }
    }
}
