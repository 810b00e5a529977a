import Foundation

/// Which engines a verify run uses and where their programs are, from the flags and
/// the project file's `verify.browsers` (site/reference/command-line.md).
public struct VerifyBrowserChoice: Equatable, Sendable {
    public var engines: [BrowserEngine] = [.chromium]
    public var executables = BrowserExecutables()

    public init() {}

    /// `verify.browsers`: each entry is an engine (`chromium`, `firefox`, `webkit` or
    /// `all`), or, as before engines existed, a Chromium-family executable (a path or
    /// another name on PATH), which then picks Chromium and that program; the first
    /// such executable wins.
    public static func fromProjectFile(_ entries: [String]) -> VerifyBrowserChoice {
        var choice = VerifyBrowserChoice()
        var engines: [BrowserEngine] = []
        var executable: String?
        for entry in entries {
            if let named = BrowserEngine.parseList([entry]) {
                engines += named
            } else {
                engines.append(.chromium)
                if executable == nil { executable = entry }
            }
        }
        choice.engines = BrowserEngine.parseList(engines.map(\.rawValue)) ?? [.chromium]
        if let executable { choice.executables.chromium = executable }
        return choice
    }
}
