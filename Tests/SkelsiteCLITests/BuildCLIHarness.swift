import Foundation
import SkelSite
import TestSupport

/// Runs the built `skelsite` executable (it sits next to the test bundle in
/// `.build/<triple>/<config>/`) and captures its exit code and output.
enum BuildCLIHarness {
    typealias Result = CLIRunner.Result

    /// The repository's default theme and the files a build copies from it (TestSupport).
    static var templates: URL { Repository.templates }
    static var themeAssets: [String] { DefaultTheme.assets }
    static var themePages: [String] { DefaultTheme.pages }

    /// `skelsite ARGS` in `directory` with the repository's theme (`CLIRunner` runs it).
    static func run(_ arguments: [String], in directory: URL) throws -> Result {
        try CLIRunner.run(arguments, cwd: directory, environment: ["SKELSITE_TEMPLATES": templates.path])
    }

    /// A temp folder with `files` written under it.
    static func folder(_ files: [String: String]) throws -> URL {
        try FileTree.write(files, prefix: "skelsite-cli-")
    }

    static func files(in folder: URL) -> [String] { FileTree.files(in: folder) }
}
