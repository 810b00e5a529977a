import SkeletonCore

/// Swift literals for exported code, written without Foundation so native and wasm
/// builds print the same text. Text from docs goes through `SwiftSourceText`.
enum SwiftLiteral {
    /// A number with up to three decimals, no trailing zeros ("56", "165.2", "0.4").
    static func number(_ value: Double) -> String {
        CSSNumber.format(value)
    }

    /// `SkeletonColor(light: 0xRRGGBBAA, dark: 0xRRGGBBAA)`.
    static func color(light: RGBA, dark: RGBA) -> String {
        "SkeletonColor(light: " + rgba(light) + ", dark: " + rgba(dark) + ")"
    }

    /// 0xRRGGBBAA, upper-case hex digits.
    static func rgba(_ color: RGBA) -> String {
        let value = UInt32(color.r) << 24 | UInt32(color.g) << 16 | UInt32(color.b) << 8 | UInt32(color.a)
        return "0x" + hex(value, digits: 8)
    }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let symbols: [UInt8] = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        var rest = value
        while rest != 0 || bytes.count < digits {
            bytes.append(symbols[Int(rest & 15)])
            rest >>= 4
        }
        return String(decoding: bytes.reversed(), as: UTF8.self)
    }
}
