import Foundation

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

    /// The CI workflow. skelsite is pinned to `SkelSiteInfo.version` (a tag of its
    /// repository), built and installed by its scripts/install.sh once per version and
    /// cached (actions/cache keyed on the version and on the Swift toolchain's, whose
    /// runtime the tool uses), so later runs skip the build.
    /// Chromium is installed, and verify run, only when skelsite.toml says
    /// `[verify] enabled = true`. Two things need the user and say so instead of failing
    /// obscurely: `SKELSITE_REPOSITORY` (where skelsite's source is; the build step stops
    /// with an annotation naming it until it is set) and `baselines/` (the diff step is
    /// skipped with a notice until it exists).
    static let workflow = """
    # Builds the skeleton docs as skelsite.toml says, compares the reference PNGs with
    # the committed baselines, runs `skelsite verify` when skelsite.toml has
    # [verify] enabled = true, and uploads the diff report.
    #
    # skelsite \(SkelSiteInfo.version) is pinned below (SKELSITE_VERSION, a tag of skelsite's
    # repository): it is built once and cached per version, so change the version to
    # upgrade. Before the first run:
    #   1. Set SKELSITE_REPOSITORY below to the git URL of skelsite. Until it is set,
    #      the "Build skelsite" step fails and says so.
    #   2. Create the baselines once, check the pictures, and commit them:
    #        skelsite build
    #        skelsite baseline update baselines _site/png
    #      Until baselines/ exists, the diff step is skipped with a notice.
    # Update baselines on purpose the same way after an intended change.
    name: skeletons
    on: [push, pull_request]
    env:
      SKELSITE_VERSION: "\(SkelSiteInfo.version)"
      SKELSITE_REPOSITORY: ""
    jobs:
      skeletons:
        runs-on: ubuntu-latest
        steps:
          - uses: actions/checkout@v4
          - name: Install cmark-gfm
            run: |
              sudo apt-get update
              sudo apt-get install -y libcmark-gfm-dev libcmark-gfm-extensions-dev
          - uses: swift-actions/setup-swift@v2
            id: swift
          - name: Cache skelsite
            id: skelsite-cache
            uses: actions/cache@v4
            with:
              path: ~/.skelsite
              key: skelsite-${{ env.SKELSITE_VERSION }}-swift-${{ steps.swift.outputs.version }}-${{ runner.os }}-${{ runner.arch }}
          - name: Build skelsite
            if: steps.skelsite-cache.outputs.cache-hit != 'true'
            run: |
              if [ -z "$SKELSITE_REPOSITORY" ]; then
                echo "::error file=.github/workflows/skeletons.yml::set SKELSITE_REPOSITORY in this workflow to the git URL of skelsite"
                exit 1
              fi
              git clone --depth 1 --branch "$SKELSITE_VERSION" "$SKELSITE_REPOSITORY" "$RUNNER_TEMP/skelsite"
              "$RUNNER_TEMP/skelsite/scripts/install.sh" --prefix "$HOME/.skelsite"
          - name: Put skelsite on the PATH
            run: |
              echo "$HOME/.skelsite/bin" >> "$GITHUB_PATH"
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
          - name: Install Chromium
            id: chromium
            if: steps.verify.outputs.enabled == 'true'
            uses: browser-actions/setup-chrome@v1
          - name: Verify CSS against the reference PNGs
            if: steps.verify.outputs.enabled == 'true'
            run: skelsite verify --chromium "${{ steps.chromium.outputs.chrome-path }}"
          - name: Upload diff report
            if: always() && hashFiles('diff-report/**') != ''
            uses: actions/upload-artifact@v4
            with:
              name: skeleton-diff-report
              path: diff-report

    """
}
