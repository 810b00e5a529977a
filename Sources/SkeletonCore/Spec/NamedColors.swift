// The named palette accepted wherever a colour is (`fill=white`, `color=blue`).
//
// Sources: the light-mode values of Apple's iOS system colours as listed in the
// Human Interface Guidelines "Color" page (specifications table, iOS default light).
// The default base is not one of these (see Defaults.swift: systemGray5 is too faint for
// pixelmatch's default threshold on white). Names are
// lower-case and match the HIG names without the "system" prefix.
enum NamedColors {
    /// Name -> colour, in the order the docs list them.
    static let all: [(name: String, color: RGBA)] = [
        ("white", RGBA(0xFF, 0xFF, 0xFF)),        // CSS white
        ("black", RGBA(0x00, 0x00, 0x00)),        // CSS black
        ("clear", RGBA(0x00, 0x00, 0x00, 0x00)),  // UIColor.clear: fully transparent
        ("transparent", RGBA(0x00, 0x00, 0x00, 0x00)), // CSS name for the same
        ("gray", RGBA(0x8E, 0x8E, 0x93)),         // systemGray
        ("gray2", RGBA(0xAE, 0xAE, 0xB2)),        // systemGray2
        ("gray3", RGBA(0xC7, 0xC7, 0xCC)),        // systemGray3
        ("gray4", RGBA(0xD1, 0xD1, 0xD6)),        // systemGray4
        ("gray5", RGBA(0xE5, 0xE5, 0xEA)),        // systemGray5
        ("gray6", RGBA(0xF2, 0xF2, 0xF7)),        // systemGray6 (grouped background)
        ("red", RGBA(0xFF, 0x3B, 0x30)),          // systemRed
        ("orange", RGBA(0xFF, 0x95, 0x00)),       // systemOrange
        ("yellow", RGBA(0xFF, 0xCC, 0x00)),       // systemYellow
        ("green", RGBA(0x34, 0xC7, 0x59)),        // systemGreen
        ("blue", RGBA(0x00, 0x7A, 0xFF)),         // systemBlue
        ("indigo", RGBA(0x58, 0x56, 0xD6)),       // systemIndigo
        ("purple", RGBA(0xAF, 0x52, 0xDE)),       // systemPurple
        ("pink", RGBA(0xFF, 0x2D, 0x55)),         // systemPink
    ]

    static func lookup(_ name: String) -> RGBA? {
        for entry in all where entry.name.hasSameBytes(as: name) { return entry.color }
        return nil
    }

    static var names: [String] { all.map { $0.name } }
}
