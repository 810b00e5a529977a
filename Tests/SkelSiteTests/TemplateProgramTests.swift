import Foundation
import Mustache
import Testing
@testable import SkelSite

/// The compiled renderer (`TemplateProgram`, `TemplateRenderer`) gives swift-mustache's
/// bytes for every template and value it accepts, and declines the rest.
@Suite struct TemplateProgramTests {
    static var context: [String: Any] { [
        "title": "Tom & Jerry's <list>", "empty": "", "count": 3, "zero": 0, "flag": true, "off": false,
        "tags": ["beta", "alpha"], "none": [String](), "mixed": ["x", 2, true] as [Any],
        "frames": [["time": "0.25 s", "index": 1], ["time": "0 s", "index": 0]] as [[String: Any]],
        "nested": ["name": "inner", "width": 40, "deep": ["leaf": "L"] as [String: Any]] as [String: Any],
        "accent": "<\u{301}a>",
    ] }

    /// Renders `template` (with partials) both ways: (compiled, swift-mustache). The
    /// compiled result is nil when it declines.
    static func both(_ template: String, partials: [String: String] = [:], context: [String: Any] = context) throws -> (String?, String?) {
        var library = MustacheLibrary()
        var programs: [String: TemplateProgram?] = [:]
        for (name, text) in partials.merging(["t": template], uniquingKeysWith: { $1 }) {
            try library.register(text, named: name)
            programs[name] = TemplateProgram.compile(text)
        }
        return (TemplateRenderer(programs: programs).render("t", context), library.render(context, withTemplate: "t"))
    }

    static let exact: [(String, String, String)] = [
        ("escaped, raw and ampersand", "{{title}}|{{{title}}}|{{& title }}", "Tom &amp; Jerry&#39;s &lt;list&gt;|Tom & Jerry's <list>|Tom & Jerry's <list>"),
        ("numbers and flags print", "{{count}} {{zero}} {{flag}} {{off}} {{nested.width}}", "3 0 true false 40"),
        ("a standalone section's lines go", "a\n  {{#flag}}\n  x\n  {{/flag}}\nb", "a\n  x\nb"),
        ("an inline section keeps its blanks", "  {{#flag}}x{{/flag}}  \n", "  x  \n"),
        ("blanks before an inline comment stay", "  {{! note }}x\n{{! alone }}\ny", "  x\ny"),
        ("blanks at the very end go", "x\n  ", "x\n"),
        ("lists push each item", "{{#tags}}<{{.}}>{{/tags}}{{#frames}}{{index}}@{{time}};{{/frames}}", "<beta><alpha>1@0.25 s;0@0 s;"),
        ("present values push, missing and false do not show", "{{#empty}}[{{.}}]{{/empty}}{{#zero}}z{{/zero}}{{#missing}}m{{/missing}}{{#off}}o{{/off}}", "[]z"),
        ("inverted sections", "{{^missing}}1{{/missing}}{{^off}}2{{/off}}{{^none}}3{{/none}}{{^tags}}4{{/tags}}{{^empty}}5{{/empty}}", "123"),
        ("lookups inside a value go up the stack", "{{#count}}{{title}}{{/count}}{{#nested}}{{name}} {{count}}{{/nested}}", "Tom &amp; Jerry&#39;s &lt;list&gt;inner 3"),
        ("a dotted name reads down from its first part", "{{nested.deep.leaf}}{{#nested}}{{deep.leaf}}{{/nested}}{{nested.name.x}}", "LL"),
        ("swift-mustache's escaping keeps a < that carries a mark", "{{accent}}", "<\u{301}a&gt;"),
        ("the fast escaping does not", "{{% CONTENT_TYPE: SKELSITE_HTML}}{{accent}}", "&lt;\u{301}a&gt;"),
        ("TEXT escapes nothing", "{{% CONTENT_TYPE: TEXT}}{{title}}", "Tom & Jerry's <list>"),
    ]

    @Test(arguments: exact)
    func rendersExactlyAsSwiftMustache(_ name: String, _ template: String, _ expected: String) throws {
        FastHTMLEscaping.register()
        let (compiled, mustache) = try Self.both(template)
        #expect(mustache == expected, "swift-mustache: \(name)")
        #expect(compiled == expected, "compiled: \(name)")
    }

    @Test func aStandalonePartialIndentsEveryLineItStarts() throws {
        let partials = ["p": "one {{count}}\n{{#flag}}\ntwo\n{{/flag}}\n", "q": "[{{> p}}]"]
        let (compiled, mustache) = try Self.both("a\n  {{> p}}\n  {{> q}}\nb {{> p}}{{> nowhere}}", partials: partials)
        // q's "]" starts a line inside the indented q, so it is indented too; q's own
        // line break went with its standalone tag.
        #expect(mustache == "a\n  one 3\n  two\n  [one 3\n  two\n  ]b one 3\ntwo\n")
        #expect(compiled == mustache)
    }

    static let declined: [(String, String)] = [
        ("a transform", "{{uppercased(title)}}"),
        ("set delimiters", "{{=<% %>=}}<% title %>"),
        ("inheritance", "{{<p}}{{$b}}x{{/b}}{{/p}}"),
        ("a dynamic partial", "{{>*name}}"),
        ("a lookup in the current object only", "{{.title}}"),
        ("a carriage return", "a\r\n{{title}}"),
        ("a mark joining a brace", "{\u{301}{title}}"),
        ("a no-break space", "{{\u{A0}title}}"),
        ("an unclosed section", "{{#flag}}x"),
        ("a close without an open", "x{{/flag}}"),
        ("a lone brace at the end", "x{"),
        ("an empty tag", "{{}}"),
        ("an unknown content type", "{{% CONTENT_TYPE: XML}}"),
    ]

    @Test(arguments: declined)
    func declinesWhatItDoesNotCover(_ name: String, _ template: String) {
        #expect(TemplateProgram.compile(template) == nil, "\(name)")
    }

    @Test func declinesValuesOutsideTheSubsetAndTheThemeFallsBack() throws {
        struct Card { let title = "struct" }
        let title: String? = "optional"
        let odd: [(String, Any)] = [("optional", title as Any), ("string table", ["title": "t"] as [String: String]),
                                    ("struct", Card()), ("double", 1.5)]
        for (name, value) in odd {
            let (compiled, mustache) = try Self.both("{{#v}}{{title}}{{/v}}{{v}}", context: ["v": value])
            #expect(compiled == nil, "\(name)")
            #expect(mustache != nil, "\(name)")
        }
        // A list or table printed as a variable: Swift's description, left to swift-mustache.
        #expect(try Self.both("{{tags}}").0 == nil)
        #expect(try Self.both("{{#nested}}{{.}}{{/nested}}").0 == nil)

        // Through the theme: the compiled renderer declines, swift-mustache renders.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("template-program-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in TemplateSet.required {
            try Data("<p>{{title}}</p>{{#v}}[{{.}}]{{/v}}\n".utf8).write(to: folder.appendingPathComponent(name + ".mustache"))
        }
        let theme = try TemplateSet.load(from: folder)
        #expect(theme.templates.renderer.render("page", ["title": "a<b", "v": title as Any]) == nil)
        #expect(theme.render("page", ["title": "a<b", "v": title as Any]) == "<p>a&lt;b</p>[optional]\n")
        #expect(theme.templates.renderer.render("page", ["title": "a<b", "v": "x"]) == "<p>a&lt;b</p>[x]\n")
    }

    @Test func everyDefaultThemeTemplateCompiles() throws {
        let theme = try TemplateSet.load(from: TemplateSet.locate(explicit: nil))
        #expect(theme.templates.renderer.programs.count >= 9)
        for (name, program) in theme.templates.renderer.programs {
            #expect(program != nil, "\(name).mustache is rendered by swift-mustache")
        }
        let gallery = try #require(GalleryCardTemplate(theme: theme))
        #expect(gallery.templates.renderer.programs.values.allSatisfy { $0 != nil })
        // A card and the page around the cards render compiled, as swift-mustache does.
        let card: [String: Any] = ["id": "avatar", "title": "Avatar <b>", "url": "docs/a.html#avatar", "docTitle": "Docs & more",
                                   "docURL": "docs/a.html", "thumb": "png/avatar/light@1x.png", "darkThumb": "png/avatar/dark@1x.png",
                                   "thumb2x": "png/avatar/light@2x.png", "darkThumb2x": "png/avatar/dark@2x.png", "width": 48,
                                   "height": 48, "tagList": "people round", "searchText": "avatar docs people round",
                                   "tags": ["people", "round"], "hasTags": true]
        let compiledCard = try #require(gallery.templates.renderer.render(GalleryCardTemplate.cardName, card))
        #expect(compiledCard == gallery.templates.library.render(card, withTemplate: GalleryCardTemplate.cardName))
        #expect(compiledCard.contains("Avatar &lt;b&gt;"))
        let page: [String: Any] = ["siteTitle": "Site", "root": "", "lang": "en", "componentCount": 1, "isIndex": true,
                                   GalleryCardTemplate.placeholder: "CARDS", "components": [card]]
        let compiledPage = try #require(gallery.templates.renderer.render(GalleryCardTemplate.pageName, page))
        #expect(compiledPage == gallery.templates.library.render(page, withTemplate: GalleryCardTemplate.pageName))
    }

    /// Random templates from tags, text, blanks and line breaks (sections nested and
    /// closed), rendered both ways against one context. Seeded: the same cases every run.
    @Test func randomTemplatesRenderAsSwiftMustache() throws {
        FastHTMLEscaping.register()
        var random = SeededPicks(seed: 0x5EED_7E3A)
        // Shown names are mostly ones that print (a list or table printed is declined);
        // sections open any of them.
        let shown = ["title", "empty", "count", "zero", "flag", "off", "missing", "nested.name", "nested.deep.leaf",
                     "time", "index", "name", "accent", "leaf", "."]
        let sections = ["title", "empty", "count", "zero", "flag", "off", "tags", "none", "mixed", "frames", "nested",
                        "missing", "nested.deep", "deep"]
        let texts = ["a", "<&>", " ", "  ", "\t", "\n", "\n", "é", "{", "}", "x y", "'\""]
        // `partial`: a piece of the partial itself, which does not include itself.
        func piece(_ depth: Int, partial: Bool = false) -> String {
            let name = shown[random.below(shown.count)]
            let pad = [" ", "", "", "  "][random.below(4)]
            switch random.below(depth < 3 ? 12 : 9) {
            case 0, 1: return texts[random.below(texts.count)]
            case 2: return "{{\(pad)\(name)\(pad)}}"
            case 3: return "{{{\(name)}}}"
            case 4: return "{{& \(name)}}"
            case 5: return "{{! a comment }}"
            case 6: return partial ? "{{> nowhere}}" : "{{> p}}"
            case 7: return "\n" + pad
            case 8: return ["{{% CONTENT_TYPE: SKELSITE_HTML}}", "{{% CONTENT_TYPE: TEXT}}", "{{.}}"][random.below(3)]
            default:
                let sigil = random.below(2) == 0 ? "#" : "^"
                let section = sections[random.below(sections.count)]
                let lines = random.below(2) == 0 ? "\n" + pad : ""
                let body = (0..<random.below(5)).map { _ in piece(depth + 1, partial: partial) }.joined()
                return pad + "{{\(sigil)\(section)}}" + lines + body + lines + "{{/\(section)}}" + lines
            }
        }
        var compared = 0, declined = 0, unparsed = 0
        for _ in 0..<3000 {
            let template = (0..<(1 + random.below(8))).map { _ in piece(0) }.joined()
            let partial = (0..<random.below(4)).map { _ in piece(2, partial: true) }.joined()
            let parsed = (try? MustacheTemplate(string: template)) != nil && (try? MustacheTemplate(string: partial)) != nil
            guard parsed else {
                // What swift-mustache cannot parse, the compiler declines too.
                #expect(TemplateProgram.compile(template) == nil || TemplateProgram.compile(partial) == nil, "\(template.debugDescription)")
                unparsed += 1
                continue
            }
            let (compiled, mustache) = try Self.both(template, partials: ["p": partial])
            guard let compiled else {
                declined += 1
                continue
            }
            compared += 1
            #expect(compiled == mustache, "template \(template.debugDescription) partial \(partial.debugDescription)")
        }
        // Declines are values printed as descriptions (lists, tables): most cases compare.
        #expect(compared > 2000, "compared \(compared), declined \(declined), unparsed \(unparsed)")
    }
}

/// Picks from a seeded linear congruential sequence (Knuth's MMIX constants), so the
/// random cases are the same on every run.
struct SeededPicks {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func below(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
