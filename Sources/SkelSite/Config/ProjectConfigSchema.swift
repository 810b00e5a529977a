import SkeletonCore
import TOMLKit

/// The keys `skelsite.toml` may hold and the type of each (site/reference/command-line.md,
/// "Project file"). A key not listed, or a value of the wrong type or range, is a
/// located problem: a typo must not be silently ignored.
enum ProjectConfigSchema {
    static let topKeys = ["source", "output", "base_url", "title", "templates", "lang", "appearance", "animation",
                          "type", "diff", "verify", "build", "serve", "fit"]
    static let diffKeys = ["threshold", "max_diff_pixels", "max_diff_ratio"]
    static let verifyKeys = ["enabled", "threshold", "scales", "minimum", "browsers"]
    static let buildKeys = ["cache"]
    static let serveKeys = ["allowed_hosts"]
    static let fitKeys = ["threshold", "results", "browsers", "parts"]

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
                case "lang":
                    guard let tag = text(value, ["lang"]) else { continue }
                    if let problem = DocumentLanguage.problem(tag) {
                        report(["lang"], atValue: true, problem)
                    } else {
                        config.settings.language = tag
                    }
                case "appearance", "animation":
                    guard let inner = section(value, key) else { continue }
                    let kind: InheritedSettings.Kind = key == "appearance" ? .appearance : .animation
                    // In the file's order (TOMLKit's tables are not), so the settings and
                    // the cache keys made from them are the same on every run.
                    let entries = inner.map { ($0.0, $0.1) }.sorted { a, b in
                        let (p, q) = (locator.key([key, a.0]), locator.key([key, b.0]))
                        return (p.line, p.column, a.0) < (q.line, q.column, b.0)
                    }
                    for (name, value) in entries { setting(kind, name, value, into: &config.settings) }
                case "type":
                    guard let inner = section(value, key) else { continue }
                    // In the file's order, as [appearance]'s (the settings' text is part of cache keys).
                    let entries = inner.map { ($0.0, $0.1) }.sorted { a, b in
                        let (p, q) = (locator.key([key, a.0]), locator.key([key, b.0]))
                        return (p.line, p.column, a.0) < (q.line, q.column, b.0)
                    }
                    for (name, value) in entries { typePreset(name, value, into: &config.settings) }
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
                case "build":
                    guard let inner = section(value, "build") else { continue }
                    for (key, value) in inner {
                        switch key {
                        case "cache": config.build.cache = text(value, ["build", key])
                        default: unknown(["build", key], known: ProjectConfigSchema.buildKeys)
                        }
                    }
                case "serve":
                    guard let inner = section(value, "serve") else { continue }
                    for (key, value) in inner {
                        switch key {
                        case "allowed_hosts": config.serve.allowedHosts = hostNames(value, ["serve", key])
                        default: unknown(["serve", key], known: ProjectConfigSchema.serveKeys)
                        }
                    }
                case "fit":
                    guard let inner = section(value, "fit") else { continue }
                    for (key, value) in inner {
                        switch key {
                        // A layout-shift score: impact fraction times distance fraction, 0...1.
                        case "threshold": config.fit.threshold = fraction(value, ["fit", key])
                        case "results": config.fit.results = text(value, ["fit", key])
                        case "browsers": config.fit.browsers = engines(value, ["fit", key])
                        case "parts":
                            guard let word = text(value, ["fit", key]) else { continue }
                            guard word == "warning" || word == "error" else {
                                report(["fit", key], atValue: true, "fit.parts must be \"warning\" or \"error\", got '\(word)'")
                                continue
                            }
                            config.fit.partsAreErrors = word == "error"
                        default: unknown(["fit", key], known: ProjectConfigSchema.fitKeys)
                        }
                    }
                default: unknown([key], known: ProjectConfigSchema.topKeys)
                }
            }
        }

        /// One key of `[appearance]` or `[animation]`: its value is spec-language text
        /// ("#F1E4D8", "1.2s", "pulse"); a plain TOML number stands for its digits
        /// (`band = 0.4`, `angle = 30`). Checked as the spec's own line checks it.
        private mutating func setting(_ kind: InheritedSettings.Kind, _ name: String, _ value: TOMLValueConvertible,
                                      into settings: inout InheritedSettings) {
            let path = [kind == .appearance ? "appearance" : "animation", name]
            let words: String
            var quoteWidth = 0
            if let string = value.string {
                words = string
                quoteWidth = 1
            } else if value.type == .int, let whole = value.int {
                words = String(whole)
            } else if value.type == .double, let number = value.double {
                words = String(number)
            } else {
                wrongType(value, path, "a string in the spec language, like \"#F1E4D8\" or \"1.2s\"")
                return
            }
            let key = locator.key(path)
            let at = locator.value(path)
            let problems = settings.add(kind, attribute: name, value: Array(words.utf8), line: key.line,
                                        keyColumn: key.column, valueColumn: at.column + quoteWidth)
            for problem in problems where problem.severity == .error {
                self.problems.append(Problem(line: problem.position.line, column: problem.position.column,
                                             message: problem.message))
            }
        }

        /// One key of `[type]`: a preset's name and its words, `"size=16 leading=24"`
        /// (site/reference/text.md, "Type presets"), checked as a `text` line checks them.
        private mutating func typePreset(_ name: String, _ value: TOMLValueConvertible, into settings: inout InheritedSettings) {
            let path = ["type", name]
            guard let words = value.string else {
                wrongType(value, path, "a string of size= and leading=, like \"size=16 leading=24\"")
                return
            }
            let key = locator.key(path)
            let at = locator.value(path)
            let problems = settings.addTypePreset(name: name, words: Array(words.utf8), line: at.line, nameColumn: key.column,
                                                  column: at.column + 1)
            for problem in problems where problem.severity == .error {
                self.problems.append(Problem(line: problem.position.line, column: problem.position.column,
                                             message: problem.message))
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

        /// Engine names only (`fit` takes no executables here: those are flags).
        private mutating func engines(_ value: TOMLValueConvertible, _ path: [String]) -> [BrowserEngine]? {
            guard let names = browsers(value, path) else { return nil }
            guard let engines = BrowserEngine.parseList(names) else {
                report(path, atValue: true, "\(path.joined(separator: ".")) must be an array of chromium, firefox, webkit"
                       + " or all, got \(names.map { "'" + $0 + "'" }.joined(separator: ", "))")
                return nil
            }
            return engines
        }

        /// Host names as `serve --allow-host` takes them; a bad one is located at the array.
        private mutating func hostNames(_ value: TOMLValueConvertible, _ path: [String]) -> [String]? {
            let expected = "an array of host names (strings)"
            guard let array = value.array else { wrongType(value, path, expected); return nil }
            var names: [String] = []
            for item in array {
                guard let name = item.string else {
                    report(path, atValue: true, "\(path.joined(separator: ".")) must be \(expected)")
                    return nil
                }
                if let problem = HostName.problem(with: name) {
                    report(path, atValue: true, "\(path.joined(separator: ".")): \(problem), got '\(name)'")
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
