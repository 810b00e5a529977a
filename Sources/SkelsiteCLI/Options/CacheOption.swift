import ArgumentParser
import Foundation
import SkelSite

/// `--cache-dir DIR`, as `build` and `serve` take it (site/reference/command-line.md,
/// "Project file", `[build] cache`): where the render cache lives, for a source folder
/// the build may not write into. `check` writes no cache and does not take it.
struct CacheOption: ParsableArguments {
    @Option(name: .customLong("cache-dir"),
            help: ArgumentHelp("The render cache's folder (default: SOURCE/.skelsite-cache).", valueName: "dir"))
    var cacheDir: String?

    /// The flag, else `[build] cache` of the project file (relative to its folder), else
    /// nil: the builder's default, `SOURCE/.skelsite-cache`.
    func folder(_ project: ProjectConfig?) -> URL? {
        project.path(cacheDir, \.build.cache).map { URL(fileURLWithPath: $0) }
    }
}
