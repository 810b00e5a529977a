import Testing

/// Every command's `--help`, pinned: a changed option, default or wording shows up
/// here and in review (site/reference/command-line.md describes the same options).
/// COLUMNS=80 fixes the wrapping width whatever the terminal.
@Suite struct HelpTextTests {
    @Test(arguments: HelpTextTests.pinned)
    func helpIsPinned(command: [String], text: String) throws {
        let result = try CLIRunner.run(command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == text, "skelsite \(command.joined(separator: " ")) --help")
    }

    /// `skelsite help COMMAND` prints the same text as `COMMAND --help`.
    @Test func helpSubcommandMatches() throws {
        let viaHelp = try CLIRunner.run(["help", "render"], environment: ["COLUMNS": "80"])
        #expect(viaHelp.status == 0)
        #expect(viaHelp.stdout == Self.pinned.first { $0.0 == ["render"] }?.1)
    }

    static let pinned: [([String], String)] = [
        ([], #"""
            OVERVIEW: Design, document and test skeleton loading components.

            USAGE: skelsite <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              build                   Build a folder of Markdown docs into a gallery site.
              render                  Render one spec to a PNG frame.
              diff                    Compare a baseline folder of reference PNGs with a
                                      current one.
              baseline                Manage the baseline reference PNGs.
              verify                  Compare the CSS components in headless browsers with
                                      the reference frames.
              check                   Validate docs and specs; build nothing.
              serve                   Preview the site locally with live reload.
              init                    Scaffold a project: skelsite.toml, docs with example
                                      specs, a .gitignore and a CI workflow.
              export                  Turn specs into code for another platform (SwiftUI,
                                      React, custom elements) or into bare HTML and CSS.
              fit                     Check that each skeleton has the shape of the content
                                      it stands in for.
              capture                 Draft a skeleton spec from the content it stands in
                                      for.

              See 'skelsite help <subcommand>' for detailed help.

            """#),
        (["build"], #"""
            OVERVIEW: Build a folder of Markdown docs into a gallery site.

            Writes pages, reference PNGs (png/<component-id>/), assets and indexes to a
            staging folder beside the output and swaps it in only when the build has no
            errors. Rendered components are cached in <SOURCE>/.skelsite-cache, or in
            --cache-dir DIR ([build] cache in the project file) when the source folder is
            read-only.

            Settings not given as flags come from the project file, skelsite.toml in this
            folder or the nearest parent (or --config FILE): source, output, templates,
            base_url and title; paths in it are relative to its folder.

            USAGE: skelsite build [<source>] [--quiet] [--format <format>] [--config <file>] [--output <output>] [--templates <templates>] [--base-url <base-url>] [--cache-dir <dir>] [--allow-raw-html] [--verify-results <verify-results>] [--fit-results <fit-results>]

            ARGUMENTS:
              <source>                The docs folder (default: source in skelsite.toml,
                                      else site).

            OPTIONS:
              -q, --quiet             Print nothing but diagnostics.
              --format <format>       Output for people (text), for tools (json: one
                                      document on stdout) or as GitHub Actions annotations
                                      (github). (values: text, json, github; default: text)
              --config <file>         The project file (default: skelsite.toml in this
                                      folder or the nearest parent).
              -o, --output <output>   The output folder, replaced on success (default:
                                      _site).
              --templates <templates> A templates folder to use instead of the default
                                      theme.
              --base-url <base-url>   Absolute URL of the site, for sitemap.xml.
              --cache-dir <dir>       The render cache's folder (default:
                                      SOURCE/.skelsite-cache).
              --allow-raw-html        Pass raw HTML in docs through (off: it is omitted).
              --verify-results <verify-results>
                                      A `skelsite verify --json` file: show each measured
                                      component's CSS-vs-PNG figures on its page.
              --fit-results <fit-results>
                                      A `skelsite fit --json` file: show each component's
                                      fit figures beside its content (default: [fit]
                                      results in the project file).
              --version               Show the version.
              -h, --help              Show help information.


            """#),
        (["render"], #"""
            OVERVIEW: Render one spec to a PNG frame.

            FILE is a .skel file holding one spec, or a Markdown file: its first
            ```skeleton block, or the one whose title is --name. --output is replaced only
            when it is a regular file (not a link, FIFO or device).

            USAGE: skelsite render [<file>] [--name <name>] [--time <seconds>] [--scale <scale>] [--theme <theme>] [--width <points>] [--output <png>] [--format <format>] [--config <file>]

            ARGUMENTS:
              <file>                  A .skel file or a Markdown file.

            OPTIONS:
              --name <name>           Title of the spec to render from a Markdown file
                                      (default: the first).
              --time <seconds>        Time in seconds from when the component shows, at
                                      least 0. (default: 0)
              --scale <scale>         Pixels per point, 1...4. (default: 1)
              --theme <theme>         Which colour set. (values: light, dark; default:
                                      light)
              --width <points>        A fluid spec's width in points, within its min-width
                                      and max-width (default: its reference width).
              --output <png>          Where to write the PNG (a regular file; replaced
                                      atomically).
              --format <format>       Output for people (text), for tools (json: one
                                      document on stdout) or as GitHub Actions annotations
                                      (github). (values: text, json, github; default: text)
              --config <file>         The project file (default: skelsite.toml in this
                                      folder or the nearest parent).
              --version               Show the version.
              -h, --help              Show help information.


            """#),
        (["diff"], #"""
            OVERVIEW: Compare a baseline folder of reference PNGs with a current one.

            PNGs (*.png, searched recursively) are paired by relative path. Each is
            unchanged, changed, added, removed or resized. A line is printed per image that
            is not unchanged, then a summary.

            Measure: by default a pixel differs when any of its RGBA bytes does (exact:
            skelsite's PNGs are deterministic, so any changed byte is a real change), and
            pixelmatch's count at 0.1 is reported beside it. With --threshold T, pixels
            differ as pixelmatch counts them at T (for pictures from browsers or other
            machines). --pixelmatch 7 follows pixelmatch 7.x's arithmetic (translucent
            pixels over a checkerboard) instead of 5.x and 6.x's (over white).

            Tolerance (like Playwright's): a changed image fails when more pixels differ
            than --max-diff-pixels or than --max-diff-ratio of its pixels (the stricter
            when both are given; 0 when neither is). Resized images always fail; added and
            removed ones fail unless --allow-added / --allow-removed.

            Report: an HTML report (index.html: pictures side by side, an overlay slider, a
            blink toggle; readable without JavaScript) with diff PNGs goes to --output DIR.
            Without --output, when CURRENT_DIR is a built site or a folder directly inside
            one (the folder or its parent has index.html; the site builder writes PNGs to
            <site>/png/), the report goes to <site>/diff/, replacing the placeholder the
            build writes there, so the gallery's "Visual diff" link shows it (and the
            report links back to the gallery); otherwise no report is written. A rebuild
            whose inputs are unchanged keeps the report; one that changes them puts the
            placeholder back. A report folder is only replaced when it is empty or holds an
            earlier report or the placeholder. diff never writes into BASELINE_DIR: a
            report folder (or --json, --junit file) there, or a report folder that is or
            contains either folder, is refused. Files are replaced only when they are
            regular files (not links, FIFOs or devices).

            Defaults: --threshold, --max-diff-pixels and --max-diff-ratio not given as
            flags come from the [diff] table of the project file (skelsite.toml in this
            folder or the nearest parent, or --config FILE).

            With GITHUB_STEP_SUMMARY set (GitHub Actions), a Markdown summary is appended
            to that file.

            Exit status: 0 nothing differs beyond tolerance; 1 something does; 2 usage or
            I/O error (missing folder, unreadable or undecodable PNG: `path: error:
            message`). An unreadable PNG does not stop the others: every report is written,
            with that pair as an error, and the exit status is 2.

            USAGE: skelsite diff [<options>] [<baseline>] [<current>]

            ARGUMENTS:
              <baseline>              Folder of baseline PNGs.
              <current>               Folder of current PNGs.

            OPTIONS:
              --threshold <threshold> Count pixels as pixelmatch does, at this colour
                                      distance threshold 0...1 (default: exact, with
                                      pixelmatch's count at 0.1 beside it).
              --pixelmatch <version>  Whose arithmetic the pixelmatch count follows:
                                      pixelmatch 5.x and 6.x's, or 7.x's. (values: 6, 7;
                                      default: 6)
              --include-aa            Count anti-aliased pixels as differences.
              --output <dir>          Folder for the HTML report and diff PNGs (default:
                                      see above).
              --json <file>           Write the results as JSON to this file.
              --junit <file>          Write JUnit XML (one testcase per image) to this file.
              --max-diff-pixels <n>   Differing pixels allowed per image (default 0).
              --max-diff-ratio <ratio>
                                      Fraction 0...1 of an image's pixels allowed to differ.
              --allow-added           Images with no baseline do not fail.
              --allow-removed         Baselines with no current image do not fail.
              --format <format>       Output for people (text), for tools (json: one
                                      document on stdout) or as GitHub Actions annotations
                                      (github). (values: text, json, github; default: text)
              --config <file>         The project file (default: skelsite.toml in this
                                      folder or the nearest parent).
              --version               Show the version.
              -h, --help              Show help information.


            """#),
        (["baseline"], #"""
            OVERVIEW: Manage the baseline reference PNGs.

            USAGE: skelsite baseline <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              update                  Make the baseline folder match the current PNGs.

              See 'skelsite help baseline <subcommand>' for detailed help.

            """#),
        (["baseline", "update"], #"""
            OVERVIEW: Make the baseline folder match the current PNGs.

            Copies every current PNG whose pixels differ from its baseline (any byte of the
            decoded RGBA, or the size) and every new one into BASELINE_DIR, and deletes
            baseline PNGs that have no current image. Only *.png files are touched; PNGs
            whose pixels are identical stay as they are. Prints each file replaced, added
            and removed, then a summary. BASELINE_DIR is created when missing. A baseline
            path that is a link, FIFO or device is refused, not replaced. Exit status: 0
            done; 2 usage or I/O error (an undecodable PNG prints `path: error: message`
            and nothing is written).

            USAGE: skelsite baseline update [<baseline>] [<current>] [--dry-run]

            ARGUMENTS:
              <baseline>              Folder of baseline PNGs to update.
              <current>               Folder of current PNGs.

            OPTIONS:
              --dry-run               Print what would change; write nothing.
              --version               Show the version.
              -h, --help              Show help information.


            """#),
        (["verify"], #"""
            OVERVIEW: Compare the CSS components in headless browsers with the reference
            frames.

            Every ```skeleton spec of every .md file under SOURCE is shown by each browser
            engine asked for (Chromium by default), frozen at t = 0, T/4, T/2 and 3T/4, in
            light and dark, at each scale, and compared with the painter's frame
            (pixelmatch, threshold 0.03; anti-aliased pixels are left out of the match and
            reported in --json).

            SOURCE, --browser, --scale, --threshold, --minimum and --chromium not given as
            flags come from the project file (skelsite.toml in this folder or the nearest
            parent, or --config FILE): source, and verify.browsers, verify.scales,
            verify.threshold and verify.minimum.

            --shard I/N checks only the I-th of N shares of the specs, for a CI job matrix;
            skelsite verify merge SHARD.json... [--json FILE] joins the shards' --json
            files into the report one run writes.

            USAGE: skelsite verify [<options>] [<source>]

            ARGUMENTS:
              <source>                The docs folder (default: source in skelsite.toml,
                                      else site).

            OPTIONS:
              --json <file>           Also write the results as JSON to this file.
              --scale <scale>         Comma-separated scales, each 1...4 (default: 1,2).
              --threshold <threshold> pixelmatch colour threshold per pixel, 0...1
                                      (default: 0.03).
              --minimum <minimum>     Smallest share of matching pixels that passes, 0...1
                                      (default: 0.995).
              --browser <engine>      Engines: chromium, firefox, webkit or all; repeat or
                                      separate with commas (default: chromium).
              --minimum-with-antialiased <share>
                                      Also fail Chromium and WebKit frames whose match,
                                      anti-aliased pixels counted, is below this, 0...1.
              --failures <dir>        Write browser, painter and diff PNGs of failing
                                      frames into this folder.
              --keep-pages <dir>      Keep the frozen HTML pages the browsers were shown in
                                      this folder.
              --chromium <chromium>   The Chromium executable (default: chromium).
              --firefox <path>        The Firefox executable (default: firefox-esr).
              --webkit-driver <path>  WebKitGTK's WebDriver (default: WebKitWebDriver).
              --shard <I/N>           Check only shard I of N (1 <= I <= N <= 1000) of the
                                      specs.
              --host-css <file>       Add this stylesheet to every page, after the
                                      components' CSS.
              --as <form>             Show each component as html (the HTML export) or
                                      web-component (its custom element; default: html).
              --config <file>         The project file (default: skelsite.toml in this
                                      folder or the nearest parent).
              --version               Show the version.
              -h, --help              Show help information.


            """#),
        (["check"], #"""
            OVERVIEW: Validate docs and specs; build nothing.

            USAGE: skelsite check [<source>] [--quiet] [--format <format>] [--config <file>] [--links <SITE_DIR>]

            ARGUMENTS:
              <source>                The docs folder (default: source in skelsite.toml,
                                      else site).

            OPTIONS:
              -q, --quiet             Print nothing but diagnostics.
              --format <format>       Output for people (text), for tools (json: one
                                      document on stdout) or as GitHub Actions annotations
                                      (github). (values: text, json, github; default: text)
              --config <file>         The project file (default: skelsite.toml in this
                                      folder or the nearest parent).
              --links <SITE_DIR>      Also check every link and asset reference of this
                                      built site folder.
              --version               Show the version.
              -h, --help              Show help information.


            """#),
        (["serve"], #"""
            OVERVIEW: Preview the site locally with live reload.

            Builds SOURCE, serves it on http://127.0.0.1:PORT/ and watches the docs and the
            theme in use (the default one, or --templates DIR; assets included): every save
            rebuilds incrementally (unchanged specs come from the cache) and open pages
            reload. A broken doc shows its diagnostics in an overlay while the last good
            site keeps being served. Only files inside the output folder are served. Stop
            with Ctrl-C. SOURCE, --templates and the title default to the project file's
            (skelsite.toml, as for build).

            USAGE: skelsite serve [<source>] [--port <port>] [--host <host>] [--allow-host <name> ...] [--output <output>] [--templates <templates>] [--cache-dir <dir>] [--config <file>]

            ARGUMENTS:
              <source>                The docs folder (default: source in skelsite.toml,
                                      else site).

            OPTIONS:
              --port <port>           The port to listen on (0 picks a free one). (default:
                                      4000)
              --host <host>           The address to bind to. (default: 127.0.0.1)
              --allow-host <name>     Also answer requests whose Host is this name
                                      (repeatable; others get 421).
              -o, --output <output>   Where the served site is built (default: a temporary
                                      folder).
              --templates <templates> A templates folder to use instead of the default
                                      theme (watched too).
              --cache-dir <dir>       The render cache's folder (default:
                                      SOURCE/.skelsite-cache).
              --config <file>         The project file (default: skelsite.toml in this
                                      folder or the nearest parent).
              --version               Show the version.
              -h, --help              Show help information.


            """#),
        (["init"], #"""
            OVERVIEW: Scaffold a project: skelsite.toml, docs with example specs, a
            .gitignore and a CI workflow.

            Writes skelsite.toml, docs/index.md, docs/components/*.md, .gitignore and
            .github/workflows/skeletons.yml into DIR (default: the current folder).
            Existing files are never replaced unless --force is given. Then, in DIR:
            skelsite build, or skelsite serve (both read skelsite.toml). The workflow
            installs this version's release archive and caches it between runs; before its
            first run, set SKELSITE_ARCHIVE_URL in it (a placeholder) and create the
            baselines: skelsite baseline update baselines _site/png after a build.

            USAGE: skelsite init [<directory>] [--force]

            ARGUMENTS:
              <directory>             The folder to scaffold into. (default: .)

            OPTIONS:
              --force                 Replace files that already exist (regular files only:
                                      never a link, FIFO or device).
              --version               Show the version.
              -h, --help              Show help information.


            """#),
        (["export"], #"""
            OVERVIEW: Turn specs into code for another platform (SwiftUI, React, custom
            elements) or into bare HTML and CSS.

            SOURCE is a .skel file, a Markdown doc (its ```skeleton blocks) or a docs
            folder (every doc the build reads). swiftui writes Skeletons.swift (one View
            per spec, named from its title) and SkeletonSupport.swift; html writes
            NAME.html and NAME.css per spec; react writes Skeletons.jsx, Skeletons.d.ts and
            Skeletons.css; web-component writes skeleton-elements.js and .d.ts; npm writes
            a package folder with both. Files in DIR are replaced only when they are
            regular files. See reference/swiftui-export and guides/react-and-web-components.

            USAGE: skelsite export [<source>] [--format <format>] [--output <dir>] [--element-prefix <prefix>] [--package-name <name>] [--package-version <version>] [--config <file>]

            ARGUMENTS:
              <source>                A .skel file, a Markdown doc or a docs folder.

            OPTIONS:
              --format <format>       What to write. (values: swiftui, html, react,
                                      web-component, npm; default: swiftui)
              --output <dir>          The folder to write into (created when missing).
                                      (default: skelsite-export)
              --element-prefix <prefix>
                                      The custom elements' name prefix (web-component, npm;
                                      default sk).
              --package-name <name>   The npm package's name (npm; default skeletons).
              --package-version <version>
                                      The npm package's version (npm; default 0.1.0).
              --config <file>         The project file (default: skelsite.toml in this
                                      folder or the nearest parent).
              --version               Show the version.
              -h, --help              Show help information.


            """#),
        (["fit"], #"""
            OVERVIEW: Check that each skeleton has the shape of the content it stands in
            for.

            For every ```skeleton spec of every .md file under SOURCE that has content (an
            ```html block, and optionally a ```css block, right after it, or content=FILE
            on its skeleton line), each browser engine asked for (Chromium by default) lays
            out the component and, in its place, the content, at each of the spec's widths
            and in light and dark, and fit reports the size difference of the two roots,
            the layout-shift score of swapping one for the other (the Layout Instability
            API's, on a viewport the container's width by 800 CSS pixels, with the page
            continuing below), Chromium's own layout-shift entries (Chromium only), and
            each part the content marks with data-skeleton whose box is more than 0.5 px
            from its shape's: a warning at the shape's spec node, an error under
            --strict-parts.

            USAGE: skelsite fit [<source>] [--browser <engine> ...] [--json <file>] [--threshold <score>] [--strict-parts] [--chromium <path>] [--firefox <path>] [--webkit-driver <path>] [--config <file>]

            ARGUMENTS:
              <source>                The docs folder (default: source in skelsite.toml,
                                      else site).

            OPTIONS:
              --browser <engine>      Engines: chromium, firefox, webkit or all; repeat or
                                      separate with commas (default: [fit] browsers in
                                      skelsite.toml, else chromium).
              --json <file>           Also write the figures as JSON to this file.
              --threshold <score>     The largest layout-shift score that passes, 0...1
                                      (default: [fit] threshold in skelsite.toml, else 0).
              --strict-parts          Fail when a marked part does not fit its shape
                                      (default: [fit] parts in skelsite.toml, else a
                                      warning).
              --chromium <path>       The Chromium executable (default: chromium).
              --firefox <path>        The Firefox executable (default: firefox-esr).
              --webkit-driver <path>  WebKitGTK's WebDriver (default: WebKitWebDriver).
              --config <file>         The project file (default: skelsite.toml in this
                                      folder or the nearest parent).
              --version               Show the version.
              -h, --help              Show help information.


            """#),
        (["capture"], #"""
            OVERVIEW: Draft a skeleton spec from the content it stands in for.

            Headless Chromium lays out FILE (its <style> elements and <link rel=stylesheet>
            files apply, as for fit's content=FILE) at each --width, and capture writes a
            spec of the chosen element's boxes: text lines from the line boxes, images,
            video, svg and painted boxes as rects, circles and capsules, rows and columns
            with their gaps and padding, repeated children as repeat, width=fill where the
            element's width follows the viewport. The draft is as tall as the content at
            the first width, so fit scores it at zero shift there; it is a starting point
            to edit.

            USAGE: skelsite capture <file> [--selector <css>] [--width <w> ...] [--output <file>] [--chromium <path>]

            ARGUMENTS:
              <file>                  The HTML file of the content.

            OPTIONS:
              --selector <css>        The element to capture, a CSS selector matched in the
                                      content (default: its first element).
              --width <w>             A viewport width in CSS pixels; repeat it for more
                                      (default: 360).
              -o, --output <file>     Write the draft to this file (default: standard
                                      output).
              --chromium <path>       The Chromium executable (default: chromium).
              --version               Show the version.
              -h, --help              Show help information.


            """#),
    ]
}
