import SkeletonCore
import SkeletonWeb

/// The targets of `skelsite export --format`. Open for more: each case says what files
/// a set of specs becomes (site/reference/command-line.md, site/reference/swiftui-export.md,
/// site/guides/react-and-web-components.md).
public enum ExportFormat: String, CaseIterable, Sendable {
    /// One Swift file of views and the shared support file.
    case swiftui
    /// Per spec, the shippable component: NAME.html and NAME.css, as `build` emits them.
    case html
    /// One JSX file of function components, its TypeScript declarations and one stylesheet.
    case react
    /// One ES module of custom elements and its TypeScript declarations.
    case webComponent = "web-component"
    /// A folder to publish to npm: both of the above, package.json and a README.
    case npm

    /// One file to write: a path inside the output folder ("react/index.js"), and its text.
    public struct File: Equatable, Sendable {
        public var name: String
        public var text: String
    }

    /// What the web formats take besides the specs (`--element-prefix`,
    /// `--package-name`, `--package-version`), already checked.
    public struct Options: Sendable {
        public var elementPrefix: String
        public var packageName: String
        public var packageVersion: String
        public init(elementPrefix: String = WebComponentExport.defaultPrefix,
                    packageName: String = NpmPackage.defaultName, packageVersion: String = NpmPackage.defaultVersion) {
            self.elementPrefix = elementPrefix
            self.packageName = packageName
            self.packageVersion = packageVersion
        }
    }

    /// What `specs` (parsed, with the place each came from) become in this format.
    public func files(_ specs: [ExportedSpec], options: Options = Options()) -> [File] {
        switch self {
        case .swiftui:
            let views = SwiftUIExport.viewsFile(specs)
            return [File(name: "Skeletons.swift", text: views),
                    File(name: SwiftUIExport.supportFileName, text: SwiftUIExport.supportSource)]
        case .html:
            var files: [File] = []
            var used: Set<String> = []
            for item in specs {
                let spec = item.spec
                let base = Slug.make(spec.title ?? "").isEmpty ? "skeleton" : Slug.make(spec.title ?? "")
                var name = base
                var suffix = 2
                while used.contains(name) {
                    name = base + "-" + String(suffix)
                    suffix += 1
                }
                used.insert(name)
                // NAME.html and NAME.css within 255 bytes; a longer title is cut, with a
                // hash of the whole (site/reference/limits.md, "Names skelsite makes").
                name = NameLimits.fitted(name, reserving: 5)
                let component = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec))
                files.append(File(name: name + ".html", text: component.html))
                files.append(File(name: name + ".css", text: component.css))
            }
            return files
        case .react:
            return [File(name: ReactExport.jsxFileName, text: ReactExport.jsxFile(specs)),
                    File(name: ReactExport.declarationsFileName, text: ReactExport.declarationsFile(specs, command: rawValue)),
                    File(name: ReactExport.stylesheetFileName, text: ReactExport.stylesheet(specs, command: rawValue))]
        case .webComponent:
            return [File(name: WebComponentExport.moduleFileName,
                         text: WebComponentExport.moduleFile(specs, prefix: options.elementPrefix, command: rawValue)),
                    File(name: WebComponentExport.declarationsFileName,
                         text: WebComponentExport.declarationsFile(specs, prefix: options.elementPrefix, command: rawValue))]
        case .npm:
            return NpmPackage.files(specs, options: options)
        }
    }
}
