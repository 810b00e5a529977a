import SkeletonCore

/// What the specs of one file inherit outside a build (`render`, `export`), the way a
/// build gives it to them: the project file's settings, then a Markdown doc's front
/// matter (a `.skel` file has none). Front matter problems are the build's and
/// `check`'s to report; a bad setting is simply not inherited here.
public enum DocumentDefaults {
    public static func settings(project: ProjectConfig?, file: String, bytes: [UInt8]) -> InheritedSettings {
        let base = project?.settings ?? InheritedSettings()
        guard !file.lowercased().hasSuffix(".skel") else { return base }
        return base.overlaid(with: FrontMatterParser.parse(String(decoding: bytes, as: UTF8.self)).frontMatter.settings)
    }
}
