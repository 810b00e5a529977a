import SkeletonCore
import SkeletonWeb

/// The targets of `skelsite export --format`. Open for more: each case says what files
/// a set of specs becomes (site/reference/command-line.md, site/reference/swiftui-export.md).
public enum ExportFormat: String, CaseIterable, Sendable {
    /// One Swift file of views and the shared support file.
    case swiftui
    /// Per spec, the shippable component: NAME.html and NAME.css, as `build` emits them.
    case html

    /// One file to write: a name inside the output folder, and its text.
    public struct File: Equatable, Sendable {
        public var name: String
        public var text: String
    }

    /// What `specs` (parsed, with the place each came from) become in this format.
    public func files(_ specs: [ExportedSpec]) -> [File] {
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
        }
    }
}
