import Foundation
import TestSupport

/// The bundled `site/` built once per test process by the real `skelsite build`, shared
/// by the link-check and browser tests (a debug build of it takes ~20 s).
enum GallerySiteBuild {
    /// The repository root, found from this file's path (tests may run from anywhere).
    static let repository = Repository.root

    private static let result: Result<URL, CLIRunner.Failure> = {
        do {
            let output = try CLIRunner.temporaryFolder().appendingPathComponent("site", isDirectory: true)
            // With a base URL: sitemap.xml is written only then, and the tests list pages by it.
            let run = try CLIRunner.run(["build", "site", "--output", output.path, "--base-url", "https://example.org/"],
                                        cwd: repository)
            guard run.status == 0 else {
                return .failure(CLIRunner.Failure(description:
                    "skelsite build site failed (\(run.status)):\n\(run.stdout)\n\(run.stderr)"))
            }
            return .success(output)
        } catch let failure as CLIRunner.Failure {
            return .failure(failure)
        } catch {
            return .failure(CLIRunner.Failure(description: "skelsite build site: \(error)"))
        }
    }()

    /// The built site's folder; it lives until the test process ends (temporary folder).
    static func folder() throws -> URL { try result.get() }
}
