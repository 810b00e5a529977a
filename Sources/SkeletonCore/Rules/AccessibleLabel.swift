extension Spec {
    /// What assistive technology announces for the component, once (the HTML's status
    /// region, the SwiftUI view's one accessibility element): `label=` as written; else
    /// "Loading <name>…", the name being `name` or the spec's title; else "Loading…"
    /// (a blank name counts as none), in the document language when one is set
    /// (`labelLanguage`). site/reference/skeleton.md documents it.
    public func accessibleLabel(name: String? = nil) -> String {
        if let label { return label }
        let named = (name ?? title).flatMap { $0.utf8.contains(where: { $0 != UInt8(ascii: " ") }) ? $0 : nil }
        guard let words = labelLanguage?.words else {
            // English, written out: the playground's module never looks words up.
            guard let named else { return "Loading…" }
            return "Loading " + named + "…"
        }
        guard let named else { return words.alone }
        return words.before + named + words.after
    }
}

/// A document language and its label words, looked up once when a spec inherits it
/// (so a program that never inherits, the playground's wasm module, carries no table).
/// A class: a spec is copied often, and one reference is cheaper to copy than strings.
public final class LabelLanguage: Hashable, Sendable {
    /// The tag as written (`fr-CA`), less anything but ASCII letters, digits and
    /// hyphens, so it goes into an HTML attribute as it is.
    public let tag: String
    /// nil when there are no built-in words: the label stays English.
    public let words: LoadingWords?

    public init(tag: String) {
        let kept = tag.utf8.filter { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D }
        self.tag = String(decoding: kept, as: UTF8.self)
        words = LoadingWords.forLanguage(self.tag)
    }

    public static func == (a: LabelLanguage, b: LabelLanguage) -> Bool { a.tag == b.tag }
    public func hash(into hasher: inout Hasher) { hasher.combine(tag) }
}

/// The default label's words in one language: `alone` without a name, else
/// `before` + name + `after`. site/reference/skeleton.md lists the languages.
public struct LoadingWords: Equatable, Hashable, Sendable {
    public var alone: String
    public var before: String
    public var after: String
    /// The language is written right to left: the HTML label then says so (`dir="rtl"`),
    /// inside a component that is itself pinned left to right.
    public var rightToLeft: Bool

    static let english = LoadingWords(alone: "Loading…", before: "Loading ", after: "…", rightToLeft: false)

    /// By primary language subtag (`fr` for `fr-CA`), lower case.
    static let table: [(String, LoadingWords)] = [
        ("en", english),
        ("fr", LoadingWords(alone: "Chargement…", before: "Chargement de ", after: "…", rightToLeft: false)),
        ("de", LoadingWords(alone: "Wird geladen…", before: "", after: " wird geladen…", rightToLeft: false)),
        ("es", LoadingWords(alone: "Cargando…", before: "Cargando ", after: "…", rightToLeft: false)),
        ("it", LoadingWords(alone: "Caricamento…", before: "Caricamento di ", after: "…", rightToLeft: false)),
        ("pt", LoadingWords(alone: "Carregando…", before: "Carregando ", after: "…", rightToLeft: false)),
        ("nl", LoadingWords(alone: "Laden…", before: "", after: " wordt geladen…", rightToLeft: false)),
        ("sv", LoadingWords(alone: "Läser in…", before: "Läser in ", after: "…", rightToLeft: false)),
        ("pl", LoadingWords(alone: "Ładowanie…", before: "Ładowanie: ", after: "…", rightToLeft: false)),
        ("ru", LoadingWords(alone: "Загрузка…", before: "Загрузка: ", after: "…", rightToLeft: false)),
        ("uk", LoadingWords(alone: "Завантаження…", before: "Завантаження: ", after: "…", rightToLeft: false)),
        ("tr", LoadingWords(alone: "Yükleniyor…", before: "", after: " yükleniyor…", rightToLeft: false)),
        ("ja", LoadingWords(alone: "読み込み中…", before: "", after: "を読み込み中…", rightToLeft: false)),
        ("zh", LoadingWords(alone: "正在加载…", before: "正在加载", after: "…", rightToLeft: false)),
        ("ko", LoadingWords(alone: "로드 중…", before: "", after: " 로드 중…", rightToLeft: false)),
        ("ar", LoadingWords(alone: "جارٍ التحميل…", before: "جارٍ تحميل ", after: "…", rightToLeft: true)),
        ("he", LoadingWords(alone: "טוען…", before: "טוען את ", after: "…", rightToLeft: true)),
    ]

    /// The words for a language tag (case-insensitive, by its primary subtag), nil when
    /// there are none built in (the label then stays English).
    public static func forLanguage(_ tag: String?) -> LoadingWords? {
        guard let tag else { return nil }
        var primary: [UInt8] = []
        for byte in tag.utf8 {
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") { break }
            primary.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        let key = String(decoding: primary, as: UTF8.self)
        for (name, words) in table where name.hasSameBytes(as: key) { return words }
        return nil
    }

    /// Primary subtags with built-in words, for messages.
    public static var languages: [String] { table.map { $0.0 } }

    /// Is `tag` shaped like a BCP 47 language tag: a primary subtag of 2 or 3 letters,
    /// then subtags of 1 to 8 letters or digits, joined by hyphens (`en`, `pt-BR`,
    /// `zh-Hant-TW`)? Only the shape is checked.
    public static func isLanguageTag(_ tag: String) -> Bool {
        var subtags: [[UInt8]] = [[]]
        for byte in tag.utf8 {
            if byte == UInt8(ascii: "-") { subtags.append([]) } else { subtags[subtags.count - 1].append(byte) }
        }
        func letter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        func digit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy(letter) else { return false }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { letter($0) || digit($0) } }
    }
}
