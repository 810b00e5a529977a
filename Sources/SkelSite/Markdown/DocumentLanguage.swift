import SkeletonCore

/// Checks of a document language (front matter `lang:`, skelsite.toml `lang`): the
/// `<html lang>` of pages and the language of the components' default label
/// (site/reference/skeleton.md, "Label language").
enum DocumentLanguage {
    /// An error for a value that is not shaped like a language tag, else nil.
    static func problem(_ value: String) -> String? {
        LoadingWords.isLanguageTag(value) ? nil
            : "lang '\(value)' is not a language tag; write one like en, fr or pt-BR"
    }

    /// A warning when skelsite has no label words in that language, else nil.
    static func warning(_ value: String) -> String? {
        guard LoadingWords.forLanguage(value) == nil else { return nil }
        return "no built-in label in language '\(value)': the default label stays English (\"Loading …\"); "
            + "give specs a label= in that language, or use one of "
            + LoadingWords.languages.joined(separator: ", ")
    }
}
