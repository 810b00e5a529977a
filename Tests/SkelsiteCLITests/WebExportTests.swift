import Foundation
import SkelSite
import SkeletonCore
import SkeletonWeb
import Testing
import TestSupport

/// `skelsite export --format react|web-component|npm` end to end
/// (site/guides/react-and-web-components.md, site/reference/command-line.md): every
/// bundled component exports, React renders exactly the HTML export's markup, the custom
/// elements carry it in their shadow roots, the npm folder's entry points import in
/// node, and bad input gets what it gets for the other formats.
@Suite struct WebExportTests {
    /// node, React, ReactDOM and TypeScript (Debian's node-react, node-react-dom and
    /// node-typescript, which scripts/setup.sh --for test installs).
    static let modules = "/usr/share/nodejs"
    static let toolsAvailable = WasmHarness.node != nil
        && ["react", "react-dom", "typescript", "@types/react"].allSatisfy {
            FileManager.default.fileExists(atPath: modules + "/" + $0 + "/package.json")
        }

    /// What one run of Tests/web-export/render.mjs saw.
    struct Rendered {
        var folder: URL
        /// The HTML export's files, in spec order (NAME.html).
        var htmlFiles: [String]
        var components: [String]
        var elements: [String]
        var json: [String: Any]

        func html(_ index: Int) throws -> String {
            try String(contentsOf: folder.appendingPathComponent("html/" + htmlFiles[index]), encoding: .utf8)
        }

        func css(_ index: Int) throws -> String {
            let name = String(htmlFiles[index].dropLast(5)) + ".css"
            return try String(contentsOf: folder.appendingPathComponent("html/" + name), encoding: .utf8)
        }
    }

    static let packageName = "@acme/skeletons"

    /// Exports `source` in every web format and as HTML into a fresh folder, then renders
    /// everything in one node process. The caller removes `folder`.
    static func render(_ source: String, cwd: URL, folder: URL) throws -> Rendered {
        let node = try #require(WasmHarness.node)
        let html = try CLIRunner.run(["export", source, "--format", "html", "--output", folder.path + "/html"], cwd: cwd)
        try #require(html.status == 0, "\(html.stderr)")
        for format in ["react", "web-component"] {
            let run = try CLIRunner.run(["export", source, "--format", format, "--output", folder.path + "/" + format], cwd: cwd)
            try #require(run.status == 0, "\(run.stderr)")
            #expect(run.stderr == "")
        }
        let npm = try CLIRunner.run(["export", source, "--format", "npm", "--output", folder.path + "/npm",
                                     "--package-name", packageName, "--package-version", "2.1.0-rc.1"], cwd: cwd)
        try #require(npm.status == 0, "\(npm.stderr)")
        let htmlFiles = html.stdout.split(separator: ":").last!.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { $0.hasSuffix(".html") }
        let reactTypes = try String(contentsOf: folder.appendingPathComponent("react/Skeletons.d.ts"), encoding: .utf8)
        let components = reactTypes.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("export declare function ") else { return nil }
            return String(line.dropFirst(24).prefix { $0 != "(" })
        }
        let elementTypes = try String(contentsOf: folder.appendingPathComponent("web-component/skeleton-elements.d.ts"),
                                      encoding: .utf8)
        let elements = elementTypes.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("    \""), line.hasSuffix("\": SkeletonElement;") else { return nil }
            return String(line.dropFirst(5).prefix { $0 != "\"" })
        }
        // A project beside the exports: node_modules with React, TypeScript and the package.
        let modules = folder.appendingPathComponent("node_modules")
        try FileManager.default.createDirectory(at: modules.appendingPathComponent("@acme"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: modules.appendingPathComponent("@types"), withIntermediateDirectories: true)
        for name in ["react", "react-dom", "scheduler", "loose-envify", "js-tokens", "typescript",
                     "@types/react", "@types/react-dom", "@types/scheduler"]
        where FileManager.default.fileExists(atPath: Self.modules + "/" + name) {
            try FileManager.default.createSymbolicLink(atPath: modules.appendingPathComponent(name).path,
                                                       withDestinationPath: Self.modules + "/" + name)
        }
        try FileManager.default.createSymbolicLink(atPath: modules.appendingPathComponent(packageName).path,
                                                   withDestinationPath: folder.appendingPathComponent("npm").path)
        // A TypeScript user of both declaration files and of the package's.
        let first = try #require(components.first)
        let consumer = """
            import * as React from "react";
            import { \(first), SkeletonProps } from "./react/Skeletons";
            import { \(first) as Packaged } from "\(packageName)/react";
            import { \(first)Element } from "\(packageName)";
            import { \(first)Element as Loose } from "./web-component/skeleton-elements";
            const props: SkeletonProps = { loading: false, label: "x", className: "c", style: { width: 1 } };
            export const a = <\(first) {...props} />;
            export const b = <Packaged loading />;
            export const c: string = \(first)Element.tagName + Loose.tagName;
            export const d: HTMLElement = document.createElement(\(JavaScriptText.stringLiteral(elements[0])));

            """
        try Data(consumer.utf8).write(to: folder.appendingPathComponent("consumer.tsx"))
        let config: [String: Any] = [
            "jsx": folder.appendingPathComponent("react/Skeletons.jsx").path, "package": packageName,
            "components": components, "elements": elements,
            "typecheck": [folder.appendingPathComponent("consumer.tsx").path],
        ]
        let configURL = folder.appendingPathComponent("config.json")
        try JSONSerialization.data(withJSONObject: config).write(to: configURL)
        // NODE_PATH: Debian's packages require each other from /usr/share/nodejs.
        let run = try WasmHarness.run(node, [Repository.url("Tests/web-export/render.mjs").path, configURL.path],
                                      in: folder, environment: ["NODE_PATH": Self.modules])
        try #require(run.status == 0, "\(run.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        return Rendered(folder: folder, htmlFiles: htmlFiles, components: components, elements: elements, json: json)
    }

    /// The shadow root's content: the host rules, the HTML export's CSS, its markup.
    static func shadow(css: String, html: String) -> String {
        "<style>:host{display:block}:host([hidden]){display:none}\n" + css + "</style>" + html
    }

    @Test(.enabled(if: toolsAvailable, "node with Debian's node-react, node-react-dom and node-typescript is needed"))
    func everySiteComponentRendersAsTheHTMLExport() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try Self.render(Repository.url("site").path, cwd: Repository.root, folder: folder)
        #expect(out.json["diagnostics"] as? [String] == [])
        #expect(out.htmlFiles.count > 100)
        #expect(out.components.count == out.htmlFiles.count)
        #expect(out.elements.count == out.htmlFiles.count)
        let jsx = try #require(out.json["jsx"] as? [String: String])
        let module = try #require(out.json["module"] as? [String: String])
        let elements = try #require(out.json["elements"] as? [String: Any])
        for (index, name) in out.components.enumerated() {
            // React renders the markup without the file's final line break.
            let html = try out.html(index)
            #expect(jsx[name].map { $0 + "\n" } == html, "\(name) (\(out.htmlFiles[index]))")
            #expect(module[name].map { $0 + "\n" } == html, "\(name), npm")
            let element = try #require(elements[out.elements[index]] as? [String: Any], "\(out.elements[index])")
            #expect(element["shadow"] as? String == Self.shadow(css: try out.css(index), html: html), "\(out.elements[index])")
            #expect(element["mode"] as? String == "open")
            #expect(element["observed"] as? [String] == ["label", "loading"])
            #expect(element["label"] as? String == "Fetching mail")
            #expect(element["ended"] as? String == "false")
            #expect(element["loading"] as? String == "true")
        }
        #expect(out.components.contains("ArticleRowSkeleton"))
        #expect(out.elements.contains("sk-article-row"))
        let articleRow = try #require(elements["sk-article-row"] as? [String: Any])
        #expect(articleRow["defaultLabel"] as? String == "Loading Article row…")
        // Every prop, on the first component.
        let first = try out.html(0)
        let scope = try #require(first.split(separator: "\"").dropFirst().first)
        var expected = String(first.dropLast())
        expected = expected.replacingOccurrences(of: "class=\"\(scope)\"", with: "class=\"\(scope) extra\"")
        expected = expected.replacingOccurrences(of: "aria-busy=\"true\" aria-live=\"polite\"",
                                                 with: "aria-busy=\"false\" aria-live=\"polite\" style=\"width:120px\"")
        let label = try #require(first.range(of: #"<span class="sk-label"[^>]*>[^<]*<"#, options: .regularExpression))
        let span = String(first[label].prefix { $0 != ">" }) + ">"
        expected.replaceSubrange(try #require(expected.range(of: String(first[label]))),
                                 with: span + "Fetching &lt;mail&gt; &amp; &#x27;more&#x27;<")
        #expect(out.json["props"] as? String == expected)
        // The package: its files, its entry points in node, the same modules as the formats.
        #expect(FileTree.files(in: folder.appendingPathComponent("npm")) == [
            "README.md", "package.json", "react/index.d.ts", "react/index.js", "react/skeletons.css",
            "web-components/index.d.ts", "web-components/index.js",
        ])
        let entries = try #require(out.json["entries"] as? [String: Any])
        #expect(entries["react"] as? [String] == out.components.sorted())
        #expect(entries["main"] as? Bool == true)
        #expect(entries["elements"] as? Int == out.elements.count)
        #expect(entries["defined"] as? Int == out.elements.count)
        #expect(out.json["bare"] as? Int == out.elements.count)
        let stylesheet = try String(contentsOf: folder.appendingPathComponent("react/Skeletons.css"), encoding: .utf8)
        let packagedCSS = try String(contentsOf: folder.appendingPathComponent("npm/react/skeletons.css"), encoding: .utf8)
        #expect(entries["css"] as? Int == packagedCSS.utf8.count)
        let package = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("npm/package.json"))) as? [String: Any])
        #expect(package["name"] as? String == Self.packageName)
        #expect(package["version"] as? String == "2.1.0-rc.1")
        #expect(package["type"] as? String == "module")
        #expect((package["peerDependencies"] as? [String: String])?["react"] == ">=16.8")
        let readme = try String(contentsOf: folder.appendingPathComponent("npm/README.md"), encoding: .utf8)
        for (component, element) in zip(out.components, out.elements) {
            #expect(readme.contains("| `\(component)` | `<\(element)>` |"))
        }
        let dropHeader = { (text: String) in text.split(separator: "\n", maxSplits: 1).last.map(String.init) }
        let loose = try String(contentsOf: folder.appendingPathComponent("web-component/skeleton-elements.js"), encoding: .utf8)
        let packaged = try String(contentsOf: folder.appendingPathComponent("npm/web-components/index.js"), encoding: .utf8)
        #expect(dropHeader(loose) == dropHeader(packaged))
        #expect(dropHeader(stylesheet) == dropHeader(packagedCSS))
    }

    /// Titles and doc paths are untrusted: quotes, comment ends, `</script>`, `${`,
    /// backticks, backslashes, line separators and bidirectional controls stay text.
    @Test(.enabled(if: toolsAvailable, "node with Debian's node-react, node-react-dom and node-typescript is needed"))
    func hostileTitlesAndPathsAreEscaped() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let docs = folder.appendingPathComponent("docs\n*/ export const pwned = 1; /*")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        let doc = """
            # Hostile

            ```skeleton
            skeleton "Say \\"hi\\" */ </script> ${x} `tick` \\\\ O'Neil \u{2028}y\u{202E}z" width=120
              rect height=10
            ```

            ```skeleton
            skeleton "a\u{2029}b" width=80 label="Don't \\"load\\" </span><b>x</b>"
              rect height=10
            ```

            """
        try Data(doc.utf8).write(to: docs.appendingPathComponent("hostile.md"))
        let out = try Self.render(docs.path, cwd: folder, folder: folder.appendingPathComponent("out"))
        #expect(out.json["diagnostics"] as? [String] == [])
        #expect(out.components == ["SayHiScriptXTickONeilYZSkeleton", "ABSkeleton"])
        #expect(out.elements == ["sk-say-hi-script-x-tick-o-neil-y-z", "sk-a-b"])
        let jsx = try #require(out.json["jsx"] as? [String: String])
        let module = try #require(out.json["module"] as? [String: String])
        let elements = try #require(out.json["elements"] as? [String: Any])
        for (index, name) in out.components.enumerated() {
            // React spells an apostrophe &#x27;, HTMLText &#39;: the same character.
            let html = try out.html(index).replacingOccurrences(of: "&#39;", with: "&#x27;")
            #expect(jsx[name].map { $0 + "\n" } == html)
            #expect(module[name].map { $0 + "\n" } == html)
            let element = try #require(elements[out.elements[index]] as? [String: Any])
            #expect(element["shadow"] as? String == Self.shadow(css: try out.css(index), html: try out.html(index)))
        }
        let first = try #require(elements[out.elements[0]] as? [String: Any])
        #expect(first["defaultLabel"] as? String == "Loading Say \"hi\" */ </script> ${x} `tick` \\ O'Neil \u{2028}y\u{202E}z…")
        let second = try #require(elements[out.elements[1]] as? [String: Any])
        #expect(second["defaultLabel"] as? String == "Don't \"load\" </span><b>x</b>")
        // Comments stay one line, and the folder's name cannot close them.
        let types = try String(contentsOf: out.folder.appendingPathComponent("react/Skeletons.d.ts"), encoding: .utf8)
        #expect(types.contains("\n/** Say \"hi\" *\\/ </script> ${x} `tick` \\ O'Neil \\u2028y\\u202Ez: the skeleton of "
                               + folder.path + "/docs\\n*\\/ export const pwned = 1; /\\*\\/hostile.md:4:1. */\n"))
        for file in ["react/Skeletons.jsx", "react/Skeletons.d.ts", "web-component/skeleton-elements.js",
                     "web-component/skeleton-elements.d.ts", "npm/react/index.js", "npm/web-components/index.js"] {
            let text = try String(contentsOf: out.folder.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("\nexport const pwned"), "\(file)")
            #expect(!text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{202E}" }, "\(file)")
        }
    }

    /// The guide shows the exported JSX of its own example: it is what export writes.
    @Test func theGuidesExampleIsTheExport() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let guide = "site/guides/react-and-web-components.md"
        let result = try CLIRunner.run(["export", guide, "--format", "react", "--output", folder.path], cwd: Repository.root)
        #expect(result.status == 0, "\(result.stderr)")
        let jsx = try String(contentsOf: folder.appendingPathComponent("Skeletons.jsx"), encoding: .utf8)
        let text = try String(contentsOf: Repository.url(guide), encoding: .utf8)
        #expect(text.contains("```jsx\n" + jsx + "```\n"))
        let scope = try #require(jsx.range(of: #"sk-[0-9a-f]{8}"#, options: .regularExpression))
        #expect(text.contains("\"<div class=\\\"" + jsx[scope] + "\\\" dir=\\\"ltr\\\""))
        #expect(text.contains("/** <sk-message-row>: Message row: the skeleton of " + guide + ":25:1. */"))
    }

    /// In Chromium: the element's shadow root holds the component with its CSS (a
    /// constructed stylesheet), `label` replaces the label, and `loading="false"` ends it
    /// (aria-busy="false", hidden once the fade is over), set before or after it upgrades.
    @Test(.enabled(if: VerifyCommandTests.chromiumAvailable, "chromium not installed"))
    func theCustomElementWorksInChromium() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let guide = "site/guides/react-and-web-components.md"
        let result = try CLIRunner.run(["export", guide, "--format", "web-component", "--output", folder.path],
                                       cwd: Repository.root)
        #expect(result.status == 0, "\(result.stderr)")
        let module = try String(contentsOf: folder.appendingPathComponent("skeleton-elements.js"), encoding: .utf8)
        // Inline: Chromium loads no module script from a file: URL.
        let page = """
            <!doctype html><title>t</title><div id=out></div>
            <sk-message-row id=a label="Fetching mail"></sk-message-row><sk-message-row id=b loading="false"></sk-message-row>
            <script type="module">
            \(module)
            const a = document.getElementById("a"), b = document.getElementById("b");
            const status = (e) => e.shadowRoot.querySelector("[role=status]");
            await new Promise((resolve) => setTimeout(resolve, 600));
            a.setAttribute("loading", "false");
            const r = [a.shadowRoot.adoptedStyleSheets.length, a.shadowRoot.querySelector(".sk-label").textContent,
              b.shadowRoot.querySelector(".sk-label").textContent, status(a).getAttribute("aria-busy"),
              status(b).getAttribute("aria-busy"), getComputedStyle(status(b)).width, getComputedStyle(a).display,
              getComputedStyle(status(b)).visibility, customElements.get("sk-message-row") === MessageRowSkeletonElement];
            document.getElementById("out").textContent = JSON.stringify(r);
            </script>

            """
        let url = folder.appendingPathComponent("page.html")
        try Data(page.utf8).write(to: url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + folder.path + "/profile",
                             "--virtual-time-budget=5000", "--dump-dom", url.absoluteString]
        let outURL = folder.appendingPathComponent("dom.html")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        let dom = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        let found = try #require(dom.range(of: #"<div id="out">[^<]*"#, options: .regularExpression), "\(dom.prefix(2000))")
        let text = dom[found].dropFirst(#"<div id="out">"#.count).replacingOccurrences(of: "&quot;", with: "\"")
        #expect(text == #"[1,"Fetching mail","Loading Message row…","false","false","320px","block","hidden",true]"#)
    }

    @Test func theJavaScriptEscaper() {
        #expect(JavaScriptText.stringLiteral("plain") == "\"plain\"")
        #expect(JavaScriptText.stringLiteral("a\"b\\c\nd\te\rf") == #""a\"b\\c\nd\te\rf""#)
        #expect(JavaScriptText.stringLiteral("${x} `y` </script>") == "\"${x} `y` </script>\"")
        #expect(JavaScriptText.stringLiteral("a\u{2028}b\u{2029}c\u{202E}d\u{0}e\u{85}") == #""a\u2028b\u2029c\u202Ed\u0000e\u0085""#)
        #expect(JavaScriptText.comment("a */ b /* c\nd\u{2028}") == #"a *\/ b /\* c\nd\u2028"#)
        #expect(JavaScriptText.comment("\"quotes\" and \\ stay") == "\"quotes\" and \\ stay")
    }

    @Test func aBadSpecIsLocatedAndWritesNothing() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("skeleton \"Bad\"\n  rectt 4x4\n".utf8).write(to: folder.appendingPathComponent("bad.skel"))
        for format in ["react", "web-component", "npm"] {
            let result = try CLIRunner.run(["export", "bad.skel", "--format", format, "--output", "out"], cwd: folder)
            #expect(result.status == 1)
            #expect(result.stderr == "bad.skel:2:3: error: unknown node kind 'rectt'; did you mean 'rect'?\n  rectt 4x4\n  ^\n")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        }
    }

    @Test func namesFollowTitlesAndThePrefix() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(ExportCommandTests.card.utf8).write(to: folder.appendingPathComponent("cards.md"))
        let result = try CLIRunner.run(["export", "cards.md", "--format", "web-component", "--element-prefix", "acme-ui",
                                        "--output", "out"], cwd: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "exported 2 specs as web-component into out: skeleton-elements.js, skeleton-elements.d.ts\n")
        let module = try String(contentsOf: folder.appendingPathComponent("out/skeleton-elements.js"), encoding: .utf8)
        #expect(module.contains("export const ProfileCardSkeletonElement = defineSkeleton(\n  \"acme-ui-profile-card\",\n"))
        #expect(module.contains("export const ProfileCardSkeleton2Element = defineSkeleton(\n  \"acme-ui-profile-card-2\",\n"))
        let react = try CLIRunner.run(["export", "cards.md", "--format", "react", "--output", "r"], cwd: folder)
        #expect(react.stdout == "exported 2 specs as react into r: Skeletons.jsx, Skeletons.d.ts, Skeletons.css\n")
        let npm = try CLIRunner.run(["export", "cards.md", "--format", "npm", "--output", "p"], cwd: folder)
        #expect(npm.stdout == "exported 2 specs as npm into p: package.json, README.md, web-components/index.js, "
                + "web-components/index.d.ts, react/index.js, react/index.d.ts, react/skeletons.css\n")
        let package = try String(contentsOf: folder.appendingPathComponent("p/package.json"), encoding: .utf8)
        #expect(package.hasPrefix("{\n  \"name\": \"skeletons\",\n  \"version\": \"0.1.0\",\n"))
        #expect(WebComponentExport.elementName(for: nil, prefix: "sk") == "sk-skeleton")
        #expect(WebComponentExport.elementName(for: "Font face", prefix: "font") == "font-font-face")
        let reserved = ExportedSpec(spec: try #require(SpecParser.parse("skeleton face width=10\n  rect height=2\n").spec),
                                    origin: "a.skel:1:1")
        #expect(WebComponentExport.elementNames([reserved, reserved], prefix: "font") == ["font-face-2", "font-face-3"])
    }

    @Test func badWebOptionsAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--format", "npm", "--package-name", "My-Skeletons"],
             "--package-name must not hold upper-case letters, got 'My-Skeletons'"),
            (["--format", "npm", "--package-name", "_private"], "--package-name must not start with '.' or '_', got '_private'"),
            (["--format", "npm", "--package-name", "a b"],
             "--package-name may hold only lower-case letters a-z, digits, '-', '.' and '_', got 'a b'"),
            (["--format", "npm", "--package-name", "@acme"], "--package-name must be NAME or @SCOPE/NAME, got '@acme'"),
            (["--format", "npm", "--package-name", "fs"], "--package-name is the name of a Node.js core module, got 'fs'"),
            (["--format", "npm", "--package-name", String(repeating: "a", count: 215)],
             "--package-name must be at most 214 characters, got '\(String(repeating: "a", count: 215))'"),
            (["--format", "npm", "--package-version", "1.0"],
             "--package-version must be a semantic version MAJOR.MINOR.PATCH, like 1.0.0 or 1.0.0-beta.1, got '1.0'"),
            (["--format", "npm", "--package-version", "01.0.0"],
             "--package-version must be a semantic version MAJOR.MINOR.PATCH, like 1.0.0 or 1.0.0-beta.1, got '01.0.0'"),
            (["--format", "web-component", "--element-prefix", "Sk"],
             "--element-prefix must start with a lower-case letter a-z, got 'Sk'"),
            (["--format", "web-component", "--element-prefix", "sk-"],
             "--element-prefix must not end with a hyphen or hold two in a row, got 'sk-'"),
            (["--format", "react", "--element-prefix", "acme"], "--element-prefix needs --format web-component or npm"),
            (["--format", "web-component", "--package-name", "acme"], "--package-name needs --format npm"),
            (["--package-version", "1.0.0"], "--package-version needs --format npm"),
        ]
        for (arguments, message) in cases {
            let result = try CLIRunner.run(["export", "x.md"] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == "error: \(message)\n", "\(arguments)")
        }
        #expect(NpmPackage.nameProblem("@acme/skeletons") == nil)
        #expect(NpmPackage.nameProblem("skeletons.ui-kit_2") == nil)
        #expect(NpmPackage.versionProblem("2.1.0-rc.1+build.5") == nil)
        #expect(NpmPackage.versionProblem("1.0.0-01") != nil)
    }

    /// A file where a subfolder of the package goes is refused before anything is written.
    @Test func aFileWhereAPackageFolderGoesIsRefused() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(ExportCommandTests.card.utf8).write(to: folder.appendingPathComponent("cards.md"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("p"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("p/react"))
        let result = try CLIRunner.run(["export", "cards.md", "--format", "npm", "--output", "p"], cwd: folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: cannot create folder "))
        #expect(result.stderr.hasSuffix("p/react is not a folder\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("p/package.json").path))
    }
}
