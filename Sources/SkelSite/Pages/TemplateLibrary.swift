import Foundation
import Mustache

/// A theme's templates in both renderers: compiled (`TemplateRenderer`), tried first, and
/// swift-mustache, which renders what the compiled one declines (site/reference/
/// command-line.md, `--templates`). Registering is the one place a template goes into both.
struct TemplateLibrary: Sendable {
    private(set) var library = MustacheLibrary()
    private var programs: [String: TemplateProgram?] = [:]
    /// false: swift-mustache renders everything (`SKELSITE_TEMPLATE_RENDERER=mustache`).
    let compiles: Bool
    /// Where a template the compiled renderer declined is named, once per template
    /// (`SKELSITE_TEMPLATE_RENDERER=report`); nil: nowhere.
    let fallbacks: FallbackLog?

    init(compiles: Bool, reportingTo fallbacks: FallbackLog? = nil) {
        FastHTMLEscaping.register()
        self.compiles = compiles
        self.fallbacks = fallbacks
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
        if let compiled = renderer.render(name, context) { return compiled }
        if compiles, has(name) { fallbacks?.note(name) }
        return library.render(TemplateValues.wrapped(context), withTemplate: name)
    }

    /// The templates rendered by swift-mustache although compiling was on: the template
    /// itself, or a value it showed, is outside what `TemplateRenderer` covers.
    final class FallbackLog: @unchecked Sendable {
        private let lock = NSLock()
        private var names: Set<String> = []
        private let write: @Sendable (String) -> Void

        /// `write`: given each template's name the first time it falls back.
        init(write: @escaping @Sendable (String) -> Void) { self.write = write }

        /// On standard error, as a note a theme's author can act on.
        static func standardError() -> FallbackLog {
            FallbackLog { name in
                FileHandle.standardError.write(Data(("skelsite: note: template '\(name)' was rendered by swift-mustache: it, "
                    + "or a value it shows, is outside what the compiled renderer covers (Templates/README.md); "
                    + "same output, slower\n").utf8))
            }
        }

        func note(_ name: String) {
            lock.lock()
            let first = names.insert(name).inserted
            lock.unlock()
            if first { write(name) }
        }
    }
}
