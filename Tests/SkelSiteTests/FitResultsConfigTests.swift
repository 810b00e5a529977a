import Foundation
import Testing
@testable import SkelSite

/// `[fit] results` in skelsite.toml names the `skelsite fit --json` file `build` shows on
/// the component pages, as `build --fit-results` (site/reference/command-line.md).
@Suite struct FitResultsConfigTests {
    static func parse(_ text: String) -> Result<ProjectConfig, ProjectConfigError> {
        Result { () throws(ProjectConfigError) in
            try ProjectConfig.parse(text, file: URL(fileURLWithPath: "/p/skelsite.toml"), shown: "skelsite.toml")
        }
    }

    @Test func aPathIsRead() throws {
        let config = try Self.parse("[fit]\nresults = \"reports/fit.json\"\n").get()
        #expect(config.fit.results == "reports/fit.json")
        #expect(config.path("reports/fit.json", currentDirectory: "/p") == "reports/fit.json")
    }

    @Test func aBadValueIsLocated() {
        #expect(throws: ProjectConfigError(lines: ["skelsite.toml:2:11: error: fit.results must be a string, got an integer"])) {
            try Self.parse("[fit]\nresults = 3\n").get()
        }
        #expect(throws: ProjectConfigError(lines: ["skelsite.toml:2:11: error: fit.results must not be empty"])) {
            try Self.parse("[fit]\nresults = \"\"\n").get()
        }
    }
}
