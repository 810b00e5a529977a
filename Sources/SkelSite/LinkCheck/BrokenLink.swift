/// One local reference in a built site whose target does not exist.
///
/// `file` is relative to the site folder with `/` separators; `line` is 1-based.
public struct BrokenLink: Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// No file at the resolved path (a folder counts only if it has an index.html).
        case missingFile(resolved: String)
        /// The target page exists but has no element with this id (or anchor name).
        case missingFragment(page: String, fragment: String)
        /// The path climbs out of the site folder (`../` past its root).
        case outsideSite
    }

    public var file: String
    public var line: Int
    /// Where the reference sits: `href`, `src`, `srcset`, `poster` or `url()`.
    public var attribute: String
    /// The reference exactly as written (entities decoded).
    public var target: String
    public var reason: Reason

    public init(file: String, line: Int, attribute: String, target: String, reason: Reason) {
        self.file = file
        self.line = line
        self.attribute = attribute
        self.target = target
        self.reason = reason
    }

    public var description: String {
        let why: String
        switch reason {
        case .missingFile(let resolved): why = "no file \(resolved)"
        case .missingFragment(let page, let fragment): why = "\(page) has no id \"\(fragment)\""
        case .outsideSite: why = "points outside the site folder"
        }
        return "\(file):\(line): \(attribute) \"\(target)\": \(why)"
    }
}

/// A reference that needs the network (`http:`, `https:` or protocol-relative `//`).
/// Built pages must work offline, so callers treat these as findings of their own.
public struct ExternalReference: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var attribute: String
    public var target: String

    public init(file: String, line: Int, attribute: String, target: String) {
        self.file = file
        self.line = line
        self.attribute = attribute
        self.target = target
    }

    public var description: String { "\(file):\(line): \(attribute) \"\(target)\": needs the network" }
}

/// Everything one scan of a built site found, each list sorted by file, line, then target.
public struct LinkCheckReport: Hashable, Sendable {
    public var broken: [BrokenLink]
    public var external: [ExternalReference]
    /// How many local references were resolved (broken or not), for summaries.
    public var checkedCount: Int
    /// How many .html and .css files were read.
    public var fileCount: Int
}
