import SkeletonCore
import SkeletonWeb

// The C ABI of skelsite.wasm (and of skelsite-exporters.wasm, which links `frameworks`
// instead of `render` and `html`). JavaScript writes a spec's UTF-8 into memory it got from
// `alloc`, calls `render` or `html`, reads the result through the handle (layout in
// ResultHandle.swift), then calls `release(handle)` and `free(spec)`.
// `alloc` and `free` themselves live in Runtime/malloc.c.

/// Theme codes of `render`'s `theme` argument.
private func theme(_ code: Int32) -> Theme? {
    switch code {
    case 0: return .light
    case 1: return .dark
    default: return nil
    }
}

private func bytes(_ pointer: UnsafePointer<UInt8>?, _ length: Int32) -> [UInt8] {
    guard let pointer, length > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: pointer, count: Int(length)))
}

/// A failure that is not the spec's fault (bad arguments), reported like a diagnostic
/// at line 1, column 1 so callers handle one shape of error.
private func argumentError(_ message: String) -> UnsafeMutablePointer<UInt32> {
    var writer = ByteWriter()
    writer.diagnostics([Diagnostic(.error, message, at: SourcePosition(line: 1, column: 1))])
    return ResultHandle.make(kind: .diagnostics, data: writer.bytes)
}

private func parseFailure(_ diagnostics: [Diagnostic]) -> UnsafeMutablePointer<UInt32> {
    var writer = ByteWriter()
    writer.diagnostics(diagnostics)
    return ResultHandle.make(kind: .diagnostics, data: writer.bytes)
}

/// Paints the spec at `time` seconds, `scale` pixels per point (1...Limits.maxScale),
/// theme 0 = light, 1 = dark. Same pixels as the native Painter, byte for byte.
@_cdecl("render")
public func render(_ spec: UnsafePointer<UInt8>?, _ length: Int32, _ time: Double,
                   _ scale: Int32, _ themeCode: Int32) -> UnsafeMutablePointer<UInt32> {
    guard let theme = theme(themeCode) else {
        return argumentError("theme must be 0 (light) or 1 (dark)")
    }
    guard scale >= 1, Int(scale) <= Limits.maxScale else {
        return argumentError("scale must be between 1 and \(Limits.maxScale)")
    }
    guard time.isFinite else {
        return argumentError("time must be a finite number of seconds")
    }
    let compiled = SpecCache.compile(bytes(spec, length))
    guard let parsed = compiled.result.spec, let layout = compiled.layout else {
        return parseFailure(compiled.result.diagnostics)
    }
    let image = SpecCache.frame(parsed, layout: layout, time: time, scale: Int(scale), theme: theme)
    var writer = ByteWriter()
    writer.diagnostics(compiled.result.diagnostics)
    writer.animation(parsed.animation)
    // Where in its cycle the frame is (`Animation.timeInCycle`), so a player shows
    // the painter's t mod T instead of computing its own.
    writer.f64(parsed.animation.timeInCycle(at: time) ?? 0)
    return ResultHandle.make(kind: .image, width: image.width, height: image.height,
                             pixels: image.pixels, data: writer.bytes)
}

/// The shippable component: scope class, HTML and CSS, as SkeletonWeb emits them.
/// (Its SwiftUI, React and web-component forms come from the second module's
/// `frameworks`, FrameworksExport.swift.)
@_cdecl("html")
public func html(_ spec: UnsafePointer<UInt8>?, _ length: Int32) -> UnsafeMutablePointer<UInt32> {
    let compiled = SpecCache.compile(bytes(spec, length))
    guard let parsed = compiled.result.spec, let layout = compiled.layout else {
        return parseFailure(compiled.result.diagnostics)
    }
    let component = ComponentEmitter.emit(parsed, layout: layout)
    var writer = ByteWriter()
    writer.text(component.scope)
    writer.text(component.html)
    writer.text(component.css)
    writer.diagnostics(compiled.result.diagnostics)
    writer.animation(parsed.animation)
    return ResultHandle.make(kind: .html, data: writer.bytes)
}

/// The spec as the three framework exports write it, for the exporters module
/// (skelsite-exporters.wasm): the SwiftUI view (site/reference/swiftui-export.md), as
/// `skelsite export` writes it, then `export --format react`'s JSX and
/// `--format web-component`'s module (site/guides/react-and-web-components.md).
/// scripts/build-wasm.sh links this export only into that module, so the core module
/// the first frame needs carries none of the exporters.
@_cdecl("frameworks")
public func frameworks(_ spec: UnsafePointer<UInt8>?, _ length: Int32) -> UnsafeMutablePointer<UInt32> {
    let compiled = SpecCache.compile(bytes(spec, length))
    guard let parsed = compiled.result.spec, compiled.layout != nil else {
        return parseFailure(compiled.result.diagnostics)
    }
    let exported = [ExportedSpec(spec: parsed, origin: "the playground")]
    var writer = ByteWriter()
    writer.text(SwiftUIExport.viewsFile(exported))
    writer.text(ReactExport.jsxFile(exported))
    writer.text(WebComponentExport.moduleFile(exported, prefix: WebComponentExport.defaultPrefix, command: "web-component"))
    return ResultHandle.make(kind: .frameworks, data: writer.bytes)
}

/// Frees a handle returned by `render` or `html` and everything it points to.
@_cdecl("release")
public func release(_ handle: UnsafeMutablePointer<UInt32>?) {
    guard let handle else { return }
    ResultHandle.release(handle)
}
