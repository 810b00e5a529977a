import ArgumentParser
import SkelSite

/// `--format`, as `build`, `check`, `render` and `diff` take it
/// (site/reference/command-line.md, "Output for tools").
struct FormatOption: ParsableArguments {
    @Option(parsing: .unconditional,
            help: "Output for people (text), for tools (json: one document on stdout) or as GitHub Actions annotations (github).")
    var format = Checked<FormatRule>(argument: "text")

    func validate() throws {
        try format.check("--format")
    }
}

/// What `build` and `check` both read and how they report.
struct SiteSourceOptions: ParsableArguments {
    @Argument(help: "The docs folder (default: source in skelsite.toml, else site).")
    var source: String?

    @Flag(name: .shortAndLong, help: "Print nothing but diagnostics.")
    var quiet = false

    @OptionGroup var output: FormatOption

    @OptionGroup var project: ProjectOptions

    var format: OutputFormat { output.format.value }
}
