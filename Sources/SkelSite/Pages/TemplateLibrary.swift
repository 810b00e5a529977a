import Mustache

/// A theme's templates in both renderers: compiled (`TemplateRenderer`), tried first, and
/// swift-mustache, which renders what the compiled one declines (site/reference/
/// command-line.md, `--templates`). Registering is the one place a template goes into both.
struct TemplateLibrary: Sendable {
    private(set) var library = MustacheLibrary()
    private var programs: [String: TemplateProgram?] = [:]
    /// false: swift-mustache renders everything (`SKELSITE_TEMPLATE_RENDERER=mustache`).
    let compiles: Bool

    init(compiles: Bool) {
        FastHTMLEscaping.register()
        self.compiles = compiles
    }

    var renderer: TemplateRenderer { TemplateRenderer(programs: programs) }

    /// Registers `text` behind the pragma that selects `FastHTMLEscaping`.
    mutating func register(_ text: String, named name: String) throws {
        try register(asWritten: FastHTMLEscaping.pragma + text, named: name)
    }

    /// Registers `text` as it is (a parse error then points at the file's own positions).
    mutating func register(asWritten text: String, named name: String) throws {
        try library.register(text, named: name)
        programs[name] = compiles ? TemplateProgram.compile(text) : nil
    }

    func has(_ name: String) -> Bool { library.getTemplate(named: name) != nil }

    /// nil when there is no such template.
    func render(_ name: String, _ context: [String: Any]) -> String? {
        renderer.render(name, context) ?? library.render(TemplateValues.wrapped(context), withTemplate: name)
    }
}
