import SkeletonCore

/// What the specs of one file inherit outside a build (`render`, `export`, `verify`), the
/// way a build gives it to them: the project file's settings, then a Markdown doc's front
/// matter (a `.skel` file has none). A front matter error fails the build, so it fails
/// these commands too: `errors` carries it, located in the file's own lines.
public struct DocumentDefaults: Sendable {
    public var settings: InheritedSettings
    /// The front matter's errors (warnings, such as unknown keys, are left to `check`).
    public var errors: [Diagnostic]

    public static func read(project: InheritedSettings, file: String, text: String) -> DocumentDefaults {
        guard !file.lowercased().hasSuffix(".skel") else { return DocumentDefaults(settings: project, errors: []) }
        let front = FrontMatterParser.parse(text)
        return DocumentDefaults(settings: project.overlaid(with: front.frontMatter.settings),
                                errors: front.diagnostics.filter { $0.severity == .error })
    }

    public static func read(project: ProjectConfig?, file: String, bytes: [UInt8]) -> DocumentDefaults {
        read(project: project?.settings ?? InheritedSettings(), file: file, text: String(decoding: bytes, as: UTF8.self))
    }
}
