import Mustache

/// A theme's templates, rendered by swift-mustache, the one template engine
/// (site/reference/command-line.md, `--templates`).
///
/// Why one: a second, compiled renderer kept byte-identical to swift-mustache saved
/// about 4% of a cold 5000-spec build's CPU instructions (site/reference/output-folder.md,
/// "What a cold build costs"), too little for ~500 lines that every template feature
/// had to be written twice for.
struct TemplateLibrary: Sendable {
    private(set) var library = MustacheLibrary()

    init() {
        FastHTMLEscaping.register()
    }

    /// Registers `text` behind the pragma that selects `FastHTMLEscaping`.
    mutating func register(_ text: String, named name: String) throws {
        try register(asWritten: FastHTMLEscaping.pragma + text, named: name)
    }

    /// Registers `text` as it is (a parse error then points at the file's own positions).
    mutating func register(asWritten text: String, named name: String) throws {
        try library.register(text, named: name)
    }

    func has(_ name: String) -> Bool { library.getTemplate(named: name) != nil }

    /// nil when there is no such template.
    func render(_ name: String, _ context: [String: Any]) -> String? {
        library.render(TemplateValues.wrapped(context), withTemplate: name)
    }
}
