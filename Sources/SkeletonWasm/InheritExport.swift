import SkeletonCore

/// Sets what the specs rendered from now on inherit: `appearance …`, `animation …` and
/// `lang …` lines, as a page's settings are written (`InheritedSettings.canonicalText`).
/// Empty text: nothing is inherited. Returns a diagnostics handle, empty when every line
/// was taken; a line with an error is left out, the others still apply.
@_cdecl("inherit")
public func inherit(_ text: UnsafePointer<UInt8>?, _ length: Int32) -> UnsafeMutablePointer<UInt32> {
    let bytes = text.map { Array(UnsafeBufferPointer(start: $0, count: Int(max(length, 0)))) } ?? []
    let read = InheritedSettings.read(canonicalText: bytes)
    SpecCache.inherit(read.settings)
    var writer = ByteWriter()
    writer.diagnostics(read.diagnostics)
    return ResultHandle.make(kind: .diagnostics, data: writer.bytes)
}
