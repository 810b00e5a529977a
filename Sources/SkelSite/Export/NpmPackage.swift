import SkeletonWeb

/// `skelsite export --format npm`: a folder a design system publishes as it is
/// (site/guides/react-and-web-components.md, site/reference/command-line.md):
///
///     package.json
///     README.md                      the components, and how to import them
///     web-components/index.js        the custom elements (also the package's main entry)
///     web-components/index.d.ts
///     react/index.js                 the React components, an ES module without JSX
///     react/index.d.ts
///     react/skeletons.css            the React components' stylesheet
public enum NpmPackage {
    public static let defaultName = "skeletons"
    public static let defaultVersion = "0.1.0"

    /// Why `name` cannot be a new package's name on npm, or nil. The registry's rules
    /// (those of validate-npm-package-name for new packages): at most 214 characters,
    /// lower case, only characters that need no escaping in a URL less `~'!()*` (so
    /// letters, digits, `-`, `.` and `_`), optionally `@scope/` in front; neither part
    /// starts with `.` or `_`; not `node_modules`, `favicon.ico` or a Node.js core
    /// module's name.
    public static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "must not be empty" }
        if name.utf8.count > 214 { return "must be at most 214 characters" }
        var parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if name.hasPrefix("@") {
            guard parts.count == 2, parts[0].count > 1, !parts[1].isEmpty else {
                return "must be NAME or @SCOPE/NAME"
            }
            parts[0].removeFirst()
        } else if parts.count != 1 {
            return "must be NAME or @SCOPE/NAME"
        }
        for part in parts {
            if part.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) { return "must not hold upper-case letters" }
            let allowed = part.utf8.allSatisfy { byte in
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E || byte == 0x5F
            }
            if !allowed { return "may hold only lower-case letters a-z, digits, '-', '.' and '_'" }
            if part.hasPrefix(".") || part.hasPrefix("_") { return "must not start with '.' or '_'" }
        }
        if name == "node_modules" || name == "favicon.ico" { return "is a name npm refuses" }
        if coreModules.contains(name) { return "is the name of a Node.js core module" }
        return nil
    }

    /// Why `version` is not a semantic version (semver.org 2.0.0, as npm reads it: no
    /// leading `v`, no leading zeros), or nil.
    public static func versionProblem(_ version: String) -> String? {
        let problem = "must be a semantic version MAJOR.MINOR.PATCH, like 1.0.0 or 1.0.0-beta.1"
        var rest = Substring(version)
        var build: Substring? = nil
        if let plus = rest.firstIndex(of: "+") {
            build = rest[rest.index(after: plus)...]
            rest = rest[..<plus]
        }
        var prerelease: Substring? = nil
        if let dash = rest.firstIndex(of: "-") {
            prerelease = rest[rest.index(after: dash)...]
            rest = rest[..<dash]
        }
        let core = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard core.count == 3, core.allSatisfy(isNumber) else { return problem }
        if let prerelease {
            for identifier in prerelease.split(separator: ".", omittingEmptySubsequences: false) {
                guard isIdentifier(identifier) else { return problem }
                if identifier.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), !isNumber(identifier) { return problem }
            }
        }
        if let build {
            guard build.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isIdentifier) else { return problem }
        }
        return nil
    }

    /// The package's files; `options` are checked (`nameProblem`, `versionProblem`,
    /// `WebComponentExport.prefixProblem`).
    public static func files(_ specs: [ExportedSpec], options: ExportFormat.Options) -> [ExportFormat.File] {
        let command = "npm"
        return [
            ExportFormat.File(name: "package.json", text: packageJSON(options)),
            ExportFormat.File(name: "README.md", text: readme(specs, options: options)),
            ExportFormat.File(name: "web-components/index.js",
                              text: WebComponentExport.moduleFile(specs, prefix: options.elementPrefix, command: command)),
            ExportFormat.File(name: "web-components/index.d.ts",
                              text: WebComponentExport.declarationsFile(specs, prefix: options.elementPrefix, command: command)),
            ExportFormat.File(name: "react/index.js", text: ReactExport.moduleFile(specs, command: command)),
            ExportFormat.File(name: "react/index.d.ts", text: ReactExport.declarationsFile(specs, command: command)),
            ExportFormat.File(name: "react/skeletons.css", text: ReactExport.stylesheet(specs, command: command)),
        ]
    }

    static func packageJSON(_ options: ExportFormat.Options) -> String {
        let string = { (text: String) in JSONText.string(text) }
        return """
            {
              "name": \(string(options.packageName)),
              "version": \(string(options.packageVersion)),
              "description": "Skeleton loading components, exported by skelsite: custom elements and React components.",
              "type": "module",
              "main": "./web-components/index.js",
              "types": "./web-components/index.d.ts",
              "exports": {
                ".": {
                  "types": "./web-components/index.d.ts",
                  "default": "./web-components/index.js"
                },
                "./web-components": {
                  "types": "./web-components/index.d.ts",
                  "default": "./web-components/index.js"
                },
                "./react": {
                  "types": "./react/index.d.ts",
                  "default": "./react/index.js"
                },
                "./react/skeletons.css": "./react/skeletons.css",
                "./package.json": "./package.json"
              },
              "sideEffects": [
                "./web-components/index.js",
                "./react/skeletons.css"
              ],
              "files": [
                "web-components",
                "react",
                "README.md"
              ],
              "peerDependencies": {
                "react": ">=16.8"
              },
              "peerDependenciesMeta": {
                "react": {
                  "optional": true
                }
              }
            }

            """
    }

    /// Names only (the React component's and the element's, both made of letters,
    /// digits and hyphens): titles and paths are untrusted and Markdown has no escaper here.
    static func readme(_ specs: [ExportedSpec], options: ExportFormat.Options) -> String {
        let name = options.packageName
        let elements = WebComponentExport.elementNames(specs, prefix: options.elementPrefix)
        let components = ReactExport.componentNames(specs)
        let element = elements.first ?? options.elementPrefix + "-skeleton"
        var text = "# " + name + "\n\n"
        text += "Skeleton loading components generated by `skelsite export --format npm`; regenerate "
        text += "instead of editing. Each is a custom element (for plain pages, Vue, Svelte, Angular) "
        text += "and a React component, with the same markup, CSS and accessible label.\n\n"
        text += "## Custom elements\n\n"
        text += "```js\nimport \"" + name + "\";   // defines every element below\n```\n\n"
        text += "```html\n<" + element + " label=\"Loading messages…\"></" + element + ">\n```\n\n"
        text += "Attributes: `label` (the accessible label; default the spec's) and `loading` "
        text += "(`loading=\"false\"` ends the skeleton: it hides, fading out over the spec's `fade`). "
        text += "The CSS lives in each element's shadow root: the page's CSS does not reach it.\n\n"
        text += "## React\n\n"
        text += "```jsx\nimport { " + (components.first ?? "UntitledSkeleton") + " } from \"" + name + "/react\";\n"
        text += "import \"" + name + "/react/skeletons.css\";\n\n"
        text += "<" + (components.first ?? "UntitledSkeleton") + " loading={isLoading} />\n```\n\n"
        text += "Props: `label`, `className`, `style` (the root's) and `loading` (`false` ends the skeleton).\n\n"
        text += "## Components\n\n"
        text += "| React component | Custom element |\n| --- | --- |\n"
        for (component, element) in zip(components, elements) {
            text += "| `" + component + "` | `<" + element + ">` |\n"
        }
        return text
    }

    private static func isNumber(_ text: Substring) -> Bool {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        return text == "0" || !text.hasPrefix("0")
    }

    private static func isIdentifier(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D
        }
    }

    /// Node.js's core modules (`require("module").builtinModules`, Node 20), which npm
    /// refuses as new package names.
    static let coreModules: Set<String> = [
        "assert", "assert/strict", "async_hooks", "buffer", "child_process", "cluster", "console", "constants",
        "crypto", "dgram", "diagnostics_channel", "dns", "dns/promises", "domain", "events", "fs", "fs/promises",
        "http", "http2", "https", "inspector", "inspector/promises", "module", "net", "os", "path", "path/posix",
        "path/win32", "perf_hooks", "process", "punycode", "querystring", "readline", "readline/promises", "repl",
        "stream", "stream/consumers", "stream/promises", "stream/web", "string_decoder", "sys", "timers",
        "timers/promises", "tls", "trace_events", "tty", "url", "util", "util/types", "v8", "vm", "wasi",
        "worker_threads", "zlib",
    ]
}
