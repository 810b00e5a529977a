import ArgumentParser
import SkelSite

/// `--config FILE`, as every command that reads the project file takes it
/// (site/reference/command-line.md, "Project file").
struct ProjectOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The project file (default: skelsite.toml in this folder or the nearest parent).",
                               valueName: "file"))
    var config: String?

    /// The project file, or nil when there is none; a bad one is a usage error (exit 2)
    /// with its `path:line:column: error:` lines.
    func load() throws(UsageError) -> ProjectConfig? {
        do {
            return try ProjectConfig.find(explicit: config)
        } catch {
            throw UsageError(error.lines)
        }
    }
}

extension Optional where Wrapped == ProjectConfig {
    /// A path setting: the flag when given, else the file's value (relative to the
    /// file's folder), else `fallback`.
    func path(_ flag: String?, _ key: KeyPath<ProjectConfig, String?>, else fallback: String) -> String {
        path(flag, key) ?? fallback
    }

    func path(_ flag: String?, _ key: KeyPath<ProjectConfig, String?>) -> String? {
        if let flag { return flag }
        guard let config = self, let value = config[keyPath: key] else { return nil }
        return config.path(value)
    }

    /// A plain setting: the flag when given, else the file's value.
    func value<Value>(_ flag: Value?, _ key: KeyPath<ProjectConfig, Value?>) -> Value? {
        flag ?? self?[keyPath: key]
    }
}
