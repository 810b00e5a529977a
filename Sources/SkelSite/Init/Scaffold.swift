import Foundation
import SkelsiteStore

/// `skelsite init [DIR]`: a project file (skelsite.toml) and a docs folder that builds
/// on the first try with no arguments, with example specs, a .gitignore and a GitHub
/// Actions workflow that builds, diffs against the
/// committed baselines and uploads the report.
public enum Scaffold {
    public struct File: Equatable, Sendable {
        public var path: String
        public var contents: String
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case wouldOverwrite([String])
        case io(String)
        public var description: String {
            switch self {
            case .wouldOverwrite(let paths):
                return "refusing to overwrite existing files: \(paths.joined(separator: ", ")); use --force to replace them"
            case .io(let message):
                return message
            }
        }
    }

    /// Writes the scaffold into `directory` (created when missing). Existing files are
    /// never replaced unless `force` is true, and then only regular files (a link, FIFO or
    /// device is refused: site/reference/limits.md). Returns the paths written, relative.
    @discardableResult
    public static func write(to directory: URL, force: Bool = false) throws(Failure) -> [String] {
        let fm = FileManager.default
        let existing = files.map(\.path).filter { fm.fileExists(atPath: directory.appendingPathComponent($0).path) }
        if !existing.isEmpty && !force { throw .wouldOverwrite(existing) }
        // Even --force replaces only regular files; all are checked before the first write.
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            do { try UserFile.checkReplaceable(url.path) } catch {
                throw .io("cannot write \(url.path): \(error.reason)")
            }
        }
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            do {
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try UserFile.write(file.contents, to: url.path)
            } catch {
                throw .io("cannot write \(url.path): \(FileErrorText.describe(error, path: url.path))")
            }
        }
        return files.map(\.path)
    }

    /// Everything `init` writes, in a stable order.
    public static let files: [File] = [
        File(path: ProjectConfig.fileName, contents: projectFile),
        File(path: "docs/index.md", contents: indexDoc),
        File(path: "docs/components/article-row.md", contents: articleRowDoc),
        File(path: "docs/components/profile-card.md", contents: profileCardDoc),
        File(path: ".gitignore", contents: gitignore),
        File(path: ".github/workflows/skeletons.yml", contents: workflow),
    ]

    /// Every command run in the project's folder or below reads it
    /// (site/reference/command-line.md, "Project file").
    static let projectFile = """
    # skelsite project file: every skelsite command run in this folder or below reads
    # it. Paths are relative to this file; a flag on the command line wins over it.
    # Keys: source, output, base_url, title, templates, [diff], [verify].

    source = "docs"
    output = "_site"
    title = "Our loading skeletons"
    # base_url = "https://example.org/skeletons/"   # for sitemap.xml
    # templates = "theme"                            # a theme instead of the default

    [diff]
    # No threshold: diff counts every pixel whose bytes differ (skelsite's PNGs are
    # the same bytes on every machine), with pixelmatch's count at 0.1 beside it.
    # Set one only to compare pictures from browsers or other machines:
    # threshold = 0.1        # pixelmatch's colour distance, 0 to 1
    # max_diff_pixels = 0
    # max_diff_ratio = 0.001

    [verify]
    enabled = false          # true: the CI workflow installs Chromium and runs verify
    scales = [1, 2]
    threshold = 0.1
    minimum = 0.995          # share of matching pixels that passes
    browsers = ["chromium"]

    """

    static let indexDoc = """
    ---
    title: Our loading skeletons
    description: Every loading placeholder of the app, with its HTML/CSS and reference pictures.
    order: 0
    ---

    # Our loading skeletons

    Each page under `components/` describes placeholders as ```` ```skeleton ```` specs.
    `skelsite build` turns them into shippable HTML/CSS, reference PNGs and this gallery;
    `skelsite serve` previews with live reload (both read `skelsite.toml`).

    ```skeleton
    skeleton "Welcome banner" width=360
      animation pulse duration=1.6s
      column padding=16 gap=10
        rect width=60% height=18 radius=4
        text lines=2 line-height=12 spacing=8 last=50%
    ```

    """

    static let articleRowDoc = """
    ---
    title: Article row
    description: A list row with a thumbnail, a title and a subtitle.
    tags: [list, article]
    order: 1
    ---

    # Article row

    Shown while the feed loads. The thumbnail and the two lines match the real row's layout.

    ```skeleton
    skeleton "Article row" width=360
      animation shimmer duration=1.3s direction=left-to-right
      row padding=16 gap=12
        rect 56x56 radius=8
        column gap=8 grow=1
          text lines=2 line-height=14 spacing=8 last=70%
          rect width=130 height=12 radius=4
    ```

    """

    static let profileCardDoc = """
    ---
    title: Profile card
    description: An avatar, a name and a short bio on a card.
    tags: [profile, card]
    order: 2
    ---

    # Profile card

    ```skeleton
    skeleton "Profile card" width=320
      animation shimmer duration=1.5s direction=top-left-to-bottom-right
      column padding=20 gap=14 radius=12 fill=#F7F7FA dark-fill=#242426 align=center
        circle 72
        rect width=140 height=16 radius=4
        text lines=3 line-height=12 spacing=8 last=60%
    ```

    """

    static let gitignore = """
    # skelsite output (a link to one of its generations) and cache
    /_site
    /._site.skelsite/
    .skelsite-cache/

    """

    /// The CI workflow (site/guides/visual-regression.md, "The CI workflow"). skelsite is
    /// the release archive at `SKELSITE_ARCHIVE_URL` (scripts/package.sh makes it), for
    /// `SKELSITE_VERSION` (the settings at the top; the first step of each job fails naming
    /// them until the URL is set, or when it names another version). The binary is
    /// self-contained, so no Swift toolchain and nothing else is installed for build and
    /// diff; Chromium only for verify. The installed tool is cached per version.
    /// Chromium is installed, and verify run, only when skelsite.toml says
    /// `[verify] enabled = true`: one job per shard of a matrix (`verify --shard`), joined
    /// by `verify merge` into the results the gallery shows. The diff step is skipped with
    /// a notice until `baselines/` exists. Run steps take expressions through `env:`, never
    /// inline, so each is a plain bash script (WorkflowLintTests checks them with
    /// actionlint and bash -n, and runs the install steps against a local archive).
    /// The steps every job of the workflow starts with: check the settings, get and
    /// install skelsite (cached), put it on the PATH. One text, written into each job; the
    /// repository's action.yml runs the same scripts (WorkflowLintTests compares them).
    static let installSteps = """
          - uses: actions/checkout@v5
          - name: Check how skelsite is obtained
            run: |
              archive="skelsite-$SKELSITE_VERSION-linux-x86_64.tar.gz"
              if [ -z "$SKELSITE_ARCHIVE_URL" ] || [ "${SKELSITE_ARCHIVE_URL##*/}" != "$archive" ]; then
                echo "::error file=.github/workflows/skeletons.yml::set SKELSITE_ARCHIVE_URL at the top of this workflow to the URL of skelsite's release archive $archive"
                exit 1
              fi
          - name: Cache skelsite
            id: skelsite-cache
            uses: actions/cache@v5
            with:
              path: ~/.skelsite
              key: skelsite-${{ runner.os }}-${{ runner.arch }}-${{ env.SKELSITE_VERSION }}
          - name: Download skelsite
            if: steps.skelsite-cache.outputs.cache-hit != 'true'
            run: curl --fail --silent --show-error --location --retry 3 --output "$RUNNER_TEMP/skelsite.tar.gz" "$SKELSITE_ARCHIVE_URL"
          - name: Install skelsite
            if: steps.skelsite-cache.outputs.cache-hit != 'true'
            run: |
              mkdir -p "$RUNNER_TEMP/skelsite" "$HOME/.skelsite/bin"
              tar -xzf "$RUNNER_TEMP/skelsite.tar.gz" -C "$RUNNER_TEMP/skelsite" --strip-components=1
              install -m 0755 "$RUNNER_TEMP/skelsite/skelsite" "$HOME/.skelsite/bin/skelsite"
          - name: Put skelsite on the PATH
            run: |
              echo "$HOME/.skelsite/bin" >> "$GITHUB_PATH"
              "$HOME/.skelsite/bin/skelsite" --version
    """

    static let workflow = """
    # Builds the skeleton docs as skelsite.toml says, compares the reference PNGs with
    # the committed baselines and uploads the diff report. When skelsite.toml has
    # [verify] enabled = true, it also checks the CSS components in Chromium, split over
    # the jobs of the verify matrix (skelsite verify --shard I/N), joins their results
    # (skelsite verify merge) and builds the gallery with them.
    #
    # Before the first run:
    #   1. Set SKELSITE_ARCHIVE_URL below to the URL of skelsite's release archive
    #      skelsite-VERSION-linux-x86_64.tar.gz (scripts/package.sh in skelsite's
    #      repository writes it; publish it where your CI can fetch it). SKELSITE_VERSION
    #      is its version (\(SkelSiteInfo.version) when this file was written; change both to
    #      upgrade). Until the URL is set and names that version, the "Check how skelsite
    #      is obtained" step fails and says so.
    #   2. Create the baselines once, check the pictures, and commit them:
    #        skelsite build
    #        skelsite baseline update baselines _site/png
    #      Until baselines/ exists, the diff step is skipped with a notice.
    # Update baselines on purpose the same way after an intended change.
    # More verify machines: add numbers to the verify job's matrix (N is its size).
    name: skeletons
    on: [push, pull_request]
    env:
      # How skelsite is obtained: its self-contained release archive (no Swift toolchain).
      SKELSITE_ARCHIVE_URL: ""
      SKELSITE_VERSION: "\(SkelSiteInfo.version)"
    jobs:
      skeletons:
        runs-on: ubuntu-latest
        outputs:
          verify: ${{ steps.verify.outputs.enabled }}
        steps:
    \(installSteps)
          - name: Read the verify setting
            id: verify
            run: |
              python3 -c 'import tomllib; print("enabled=" + str(tomllib.load(open("skelsite.toml", "rb")).get("verify", {}).get("enabled", False) is True).lower())' >> "$GITHUB_OUTPUT"
          - name: Build
            run: skelsite build --format github
          - name: Diff against baselines
            run: |
              if [ ! -d baselines ]; then
                echo "::notice::no baselines/ folder: diff skipped. Create it with 'skelsite baseline update baselines _site/png' and commit it."
                exit 0
              fi
              skelsite diff baselines _site/png --output diff-report --junit diff-report/junit.xml --format github
          - name: Upload diff report
            if: always() && hashFiles('diff-report/**') != ''
            uses: actions/upload-artifact@v6
            with:
              name: skeleton-diff-report
              path: diff-report
      verify:
        needs: skeletons
        if: needs.skeletons.outputs.verify == 'true'
        runs-on: ubuntu-latest
        strategy:
          # Every shard runs to the end, so the merge sees every failing frame.
          fail-fast: false
          matrix:
            shard: [1, 2, 3]
        steps:
    \(installSteps)
          - name: Install Chromium
            id: chromium
            uses: browser-actions/setup-chrome@v1
          - name: Verify this shard of the CSS components
            env:
              CHROME: ${{ steps.chromium.outputs.chrome-path }}
              SHARD: ${{ matrix.shard }}
              SHARDS: ${{ strategy.job-total }}
            run: skelsite verify --chromium "$CHROME" --shard "$SHARD/$SHARDS" --json "verify-$SHARD.json"
          - name: Upload this shard's results
            if: always() && hashFiles('verify-*.json') != ''
            uses: actions/upload-artifact@v6
            with:
              name: verify-shard-${{ matrix.shard }}
              path: verify-*.json
      verify-merge:
        needs: verify
        # Also when a shard found failing frames: the merged report names them all.
        if: always() && needs.verify.result != 'skipped' && needs.verify.result != 'cancelled'
        runs-on: ubuntu-latest
        steps:
    \(installSteps)
          - name: Download the shards' results
            uses: actions/download-artifact@v7
            with:
              pattern: verify-shard-*
              path: shards
              merge-multiple: true
          - name: Merge the shards' results
            run: skelsite verify merge shards/verify-*.json --json verify-results.json
          - name: Build with the verify results
            if: always() && hashFiles('verify-results.json') != ''
            run: skelsite build --format github --verify-results verify-results.json
          - name: Upload the verify results
            if: always() && hashFiles('verify-results.json') != ''
            uses: actions/upload-artifact@v6
            with:
              name: verify-results
              path: verify-results.json

    """
}
