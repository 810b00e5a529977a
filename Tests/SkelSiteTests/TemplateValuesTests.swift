import Mustache
import Testing
@testable import SkelSite

/// A context's wrapped text and numbers (`TemplateValues`) render exactly as the plain
/// values do, in every way a template can use them.
@Suite struct TemplateValuesTests {
    static var context: [String: Any] { [
        "title": "Tom & Jerry's <list>", "empty": "", "count": 3, "zero": 0, "flag": true,
        "tags": ["beta", "alpha", "gamma"],
        "frames": [["time": "0.25 s", "index": 1], ["time": "0 s", "index": 0]],
        "nested": ["name": "inner", "width": 40],
    ] }

    static let templates: [(String, String)] = [
        ("escaped and raw", "{{title}}|{{{title}}}|{{&title}}"),
        ("numbers", "{{count}} {{zero}} {{nested.width}}"),
        ("a section over text and numbers", "{{#title}}[{{title}} {{count}}]{{/title}}{{#empty}}<{{.}}>{{/empty}}{{#zero}}z{{/zero}}"),
        ("inverted sections", "{{^title}}no{{/title}}{{^empty}}none{{/empty}}{{^missing}}missing{{/missing}}{{^zero}}0{{/zero}}"),
        ("dot inside a section of text", "{{#nested.name}}{{.}}/{{title}}{{/nested.name}}"),
        ("lists", "{{#tags}}{{.}},{{/tags}}{{#frames}}{{index}}@{{time}};{{/frames}}"),
        ("transforms", "{{uppercased(title)}} {{plusone(count)}} {{#even(count)}}even{{/even(count)}}{{#odd(count)}}odd{{/odd(count)}}"),
        ("list transforms", "{{#sorted(tags)}}{{.}} {{/sorted(tags)}}{{first(tags)}} {{count(tags)}} {{#reversed(tags)}}{{.}}{{/reversed(tags)}}"),
        ("lookups inside a value go up the stack", "{{#count}}{{title}}{{/count}}{{#title}}{{nested.name}}{{/title}}"),
        ("a flag", "{{#flag}}yes {{count}}{{/flag}}"),
    ]

    @Test(arguments: templates)
    func rendersAsThePlainValuesDo(_ name: String, _ template: String) throws {
        var library = MustacheLibrary()
        try library.register(template, named: "t")
        let plain = library.render(Self.context, withTemplate: "t")
        let wrapped = library.render(TemplateValues.wrapped(Self.context), withTemplate: "t")
        #expect(plain != nil && plain != "", "\(name)")
        #expect(wrapped == plain, "\(name)")
    }

    @Test func everyTextAndNumberIsWrappedAndNothingElse() throws {
        let wrapped = TemplateValues.wrapped(Self.context)
        #expect(wrapped["title"] is TemplateValues.Text && wrapped["count"] is TemplateValues.Number)
        #expect(wrapped["flag"] as? Bool == true)
        #expect((wrapped["tags"] as? [TemplateValues.Text])?.map(\.text) == ["beta", "alpha", "gamma"])
        let frames = try #require(wrapped["frames"] as? [[String: Any]])
        #expect(frames.first?["time"] is TemplateValues.Text && frames.first?["index"] is TemplateValues.Number)
        #expect((wrapped["nested"] as? [String: Any])?["width"] is TemplateValues.Number)
    }
}
