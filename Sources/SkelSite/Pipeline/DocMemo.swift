import Foundation
import SkeletonCore
import SkelsiteStore

/// What a rebuild needs of a doc whose bytes did not change, so it need not read,
/// render or parse it again: its slug, title and front matter (nav, search index,
/// page keys), and each spec's block, marker and title (component ids, cache keys).
/// The doc's HTML and parsed specs are not kept: a doc with something to make (its
/// page, a PNG, a component not in the cache) is parsed by the build's step 4 (`KeepStep`).
///
/// Docs with errors are never kept. A doc with warnings (and no error) is kept with its
/// warnings, as the build that parsed it found them (position, message and source
/// line, in the order they were found): a build that takes the doc from its memo
/// prints them again exactly, without parsing (why: one warning used to make every
/// build parse the doc in full, and a site with warnings never took a shortcut).
struct DocMemo: Sendable, Equatable {
    struct SpecEntry: Sendable, Equatable {
        /// The parsed spec's own title (nil: "Component N").
        var title: String?
        var block: SpecBlock
        var marker: String
    }

    /// SHA-256 hex of the doc's bytes (`OutputManifest.InputDigest.docs`).
    var digest: String
    var slug: String
    var title: String
    var frontMatter: FrontMatter
    var specs: [SpecEntry]
    /// The doc's own warnings (front matter and specs); `path` is the doc's relative path.
    var warnings: [RecordedWarning] = []
}

/// `<cache>/.docs.memo`: every memo of the last build, in one file (why: one read, not
/// one per doc). Not trusted: the file ends with the SHA-256 of what precedes it, and
/// a file that does not check out, or was made under other settings, holds nothing.
///
/// Settings (`settingsKey`): the renderer fingerprint (tool version and binary),
/// whether raw HTML is allowed, and every discovered doc path (links between docs are
/// rewritten by that list). A change to any of them parses every doc again. Templates,
/// title and base URL do not change what a doc parses to (pages are keyed by them,
/// `PageReuse`).
enum DocMemoStore {
    static let fileName = ".docs.memo"
    private static let magic = "skelsite-doc-memo 2\n"

    /// `specDefaults`: the project file's spec defaults as text (a change may change what
    /// a spec parses to, or whether it parses).
    static func settingsKey(fingerprint: String, allowRawHTML: Bool, paths: [String], specDefaults: String = "") -> String {
        let text = "renderer=\(fingerprint)\nallow-raw-html=\(allowRawHTML)\nspec-defaults=\(specDefaults)\n"
            + paths.sorted().map { "path=\($0)\n" }.joined()
        return SHA256.hex(Array(text.utf8))
    }

    /// The memos by doc path, or none when the file is missing, damaged or of other settings.
    static func read(from directory: URL, settings: String) -> [String: DocMemo] {
        let known = SiteMemory.docMemos.value(at: directory.appendingPathComponent(fileName).path) { bytes in
            decode(bytes).map { (settings: $0.settings, memos: $0.memos) }
        }
        guard let known, known.settings == settings else { return [:] }
        return known.memos
    }

    /// Writes the file under a temporary name, then renames it into place.
    static func write(_ memos: [String: DocMemo], settings: String, to directory: URL) {
        let final = directory.appendingPathComponent(fileName).path
        let temporary = directory.appendingPathComponent("\(fileName).tmp-\(ProcessInfo.processInfo.processIdentifier)").path
        CrashPoint.mutation()
        guard (try? PlainFileWriter.write(encode(memos, settings: settings), to: temporary)) != nil else {
            unlink(temporary)
            return
        }
        CrashPoint.mutation()
        if rename(temporary, final) != 0 { unlink(temporary) } else { SiteMemory.docMemos.remember((settings, memos), at: final) }
    }

    static func encode(_ memos: [String: DocMemo], settings: String) -> [UInt8] {
        var out = FieldWriter()
        out.bytes = Array(magic.utf8)
        out.field(settings)
        out.field(String(memos.count))
        for path in memos.keys.sorted() {
            let memo = memos[path]!
            out.field(path)
            out.field(memo.digest)
            out.field(memo.slug)
            out.field(memo.title)
            out.optional(memo.frontMatter.title)
            out.optional(memo.frontMatter.description)
            out.optional(memo.frontMatter.order.map(String.init))
            out.field(String(memo.frontMatter.tags.count))
            for tag in memo.frontMatter.tags { out.field(tag) }
            out.field(String(memo.specs.count))
            for spec in memo.specs {
                out.optional(spec.title)
                out.field(spec.block.text)
                out.field("\(spec.block.firstLine) \(spec.block.columnOffset) \(spec.block.fenceLine)")
                out.field(spec.marker)
            }
            out.field(String(memo.warnings.count))
            for warning in memo.warnings {
                out.field("\(warning.line) \(warning.column)")
                out.field(warning.message)
                out.optional(warning.sourceLine)
            }
        }
        out.bytes += Array(SHA256.hex(out.bytes).utf8)
        return out.bytes
    }

    /// nil when damaged (digest, lengths, numbers) or of other settings.
    static func decode(_ bytes: [UInt8], settings: String) -> [String: DocMemo]? {
        guard let decoded = decode(bytes), decoded.settings == settings else { return nil }
        return decoded.memos
    }

    /// The settings key the file was written under, and its memos; nil when damaged.
    static func decode(_ bytes: [UInt8]) -> (settings: String, memos: [String: DocMemo])? {
        let magicBytes = Array(magic.utf8)
        guard let end = SHA256.checkedContentEnd(bytes, magic: magicBytes) else { return nil }
        let body = Array(bytes[..<end])
        var input = FieldReader(bytes: body, offset: magicBytes.count)
        guard let settings = input.field(), let count = input.int() else { return nil }
        var memos: [String: DocMemo] = [:]
        for _ in 0..<count {
            guard let path = input.field(), let digest = input.field(), let slug = input.field(), let title = input.field(),
                  let fmTitle = input.optional(), let description = input.optional(), let order = input.optional(),
                  let tagCount = input.int() else { return nil }
            var tags: [String] = []
            for _ in 0..<tagCount {
                guard let tag = input.field() else { return nil }
                tags.append(tag)
            }
            guard let specCount = input.int() else { return nil }
            var specs: [DocMemo.SpecEntry] = []
            for _ in 0..<specCount {
                guard let specTitle = input.optional(), let text = input.field(), let lines = input.field(),
                      let marker = input.field() else { return nil }
                let numbers = lines.split(separator: " ").compactMap { Int($0) }
                guard numbers.count == 3 else { return nil }
                specs.append(DocMemo.SpecEntry(title: specTitle, block: SpecBlock(text: text, firstLine: numbers[0],
                    columnOffset: numbers[1], fenceLine: numbers[2]), marker: marker))
            }
            guard let warningCount = input.int(), warningCount >= 0 else { return nil }
            var warnings: [RecordedWarning] = []
            for _ in 0..<warningCount {
                guard let place = input.field(), let message = input.field(), let sourceLine = input.optional() else { return nil }
                let numbers = place.split(separator: " ").compactMap { Int($0) }
                guard numbers.count == 2 else { return nil }
                warnings.append(RecordedWarning(path: path, line: numbers[0], column: numbers[1], message: message,
                                                sourceLine: sourceLine))
            }
            var orderValue: Int?
            if let order {
                guard let number = Int(order) else { return nil }
                orderValue = number
            }
            memos[path] = DocMemo(digest: digest, slug: slug, title: title,
                                  frontMatter: FrontMatter(title: fmTitle, description: description, tags: tags,
                                                           order: orderValue),
                                  specs: specs, warnings: warnings)
        }
        guard input.offset == body.count else { return nil }
        return (settings, memos)
    }

    /// Fields as `<byte count>:<bytes>`; an absent optional is `-`.
    private struct FieldWriter {
        var bytes: [UInt8] = []

        mutating func field(_ text: String) {
            let utf8 = Array(text.utf8)
            bytes += Array("\(utf8.count):".utf8)
            bytes += utf8
        }

        mutating func optional(_ text: String?) {
            if let text { field(text) } else { bytes.append(UInt8(ascii: "-")) }
        }
    }

    private struct FieldReader {
        let bytes: [UInt8]
        var offset: Int

        mutating func field() -> String? {
            var length = 0, digits = 0
            while offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39, digits < 10 {
                length = length * 10 + Int(bytes[offset] - 0x30)
                offset += 1
                digits += 1
            }
            guard digits > 0, offset < bytes.count, bytes[offset] == UInt8(ascii: ":"),
                  bytes.count - offset - 1 >= length else { return nil }
            let start = offset + 1
            offset = start + length
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }

        /// `.some(nil)` for an absent optional, nil when damaged.
        mutating func optional() -> String?? {
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") {
                offset += 1
                return .some(nil)
            }
            return field().map { .some($0) }
        }

        mutating func int() -> Int? { field().flatMap { Int($0) } }
    }
}
