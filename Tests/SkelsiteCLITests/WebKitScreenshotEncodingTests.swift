import Foundation
@testable import SkelSite
import SkeletonCore
import Testing

/// verify preloads Sources/PNGWriteSpeed into WebKit's browser so that its screenshots
/// are encoded with no row filter and zlib level 1 (FastScreenshotEncoding); the pixels
/// are the same as with libpng's defaults.
@Suite(.serialized) struct WebKitScreenshotEncodingTests {
    static let webkitAvailable = ExecutableLookup.find("WebKitWebDriver") != nil

    @Test func theLibraryIsFoundBesideTheToolOrInItsInstall() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = folder.appendingPathComponent("bin"), lib = folder.appendingPathComponent("lib/skelsite")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
        let tool = bin.appendingPathComponent("skelsite")
        #expect(FastScreenshotEncoding.library(beside: tool) == nil)
        try Data().write(to: lib.appendingPathComponent(FastScreenshotEncoding.fileName))
        #expect(FastScreenshotEncoding.library(beside: tool) == lib.appendingPathComponent(FastScreenshotEncoding.fileName).path)
        try Data().write(to: bin.appendingPathComponent(FastScreenshotEncoding.fileName))
        #expect(FastScreenshotEncoding.library(beside: tool) == bin.appendingPathComponent(FastScreenshotEncoding.fileName).path)
        // LD_PRELOAD splits at spaces and colons: such a path is not used.
        let spaced = folder.appendingPathComponent("a b/bin")
        try FileManager.default.createDirectory(at: spaced, withIntermediateDirectories: true)
        try Data().write(to: spaced.appendingPathComponent(FastScreenshotEncoding.fileName))
        #expect(FastScreenshotEncoding.library(beside: spaced.appendingPathComponent("skelsite")) == nil)
        // This test's own build has it (swift build builds the library product).
        #expect(FastScreenshotEncoding.library() != nil)
    }

    @Test func theLibraryGoesAheadOfWhatIsPreloaded() {
        #expect(FastScreenshotEncoding.preload("/x/lib.so", existing: nil) == "/x/lib.so")
        #expect(FastScreenshotEncoding.preload("/x/lib.so", existing: "") == "/x/lib.so")
        #expect(FastScreenshotEncoding.preload("/x/lib.so", existing: "/y/a.so") == "/x/lib.so:/y/a.so")
        #expect(FastScreenshotEncoding.preload(nil, existing: "/y/a.so") == "/y/a.so")
        #expect(FastScreenshotEncoding.preload(nil, existing: nil) == nil)
    }

    /// The zlib header's compression level (FLEVEL: 0 fastest, 2 default) and each row's
    /// filter type, from a PNG's chunks.
    static func encoding(of png: [UInt8]) throws -> (level: Int, filters: Set<UInt8>) {
        var at = 8, width = 0, height = 0, channels = 0
        var idat: [UInt8] = []
        while at + 8 <= png.count {
            let length = png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self)
            let data = Array(png[(at + 8)..<(at + 8 + length)])
            if type == "IHDR" {
                width = data[0..<4].reduce(0) { $0 << 8 | Int($1) }
                height = data[4..<8].reduce(0) { $0 << 8 | Int($1) }
                channels = data[9] == 6 ? 4 : 3
                #expect(data[8] == 8)
            }
            if type == "IDAT" { idat += data }
            at += 12 + length
        }
        let rows = try Inflate.zlibDecompress(idat, expectedSize: height * (1 + width * channels))
        let filters = Set((0..<height).map { rows[$0 * (1 + width * channels)] })
        return (Int(idat[1] >> 6), filters)
    }

    @Test(.enabled(if: webkitAvailable, "webkit2gtk-driver not installed"))
    func webKitScreenshotsAreEncodedFastWithTheSamePixels() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("page.html")
        let page = "<!DOCTYPE html>\n<html><head><style>html,body{margin:0;background:#fff}"
            + "div{width:120px;height:40px;background:linear-gradient(90deg,#e0e0e0,#f5f5f5,#e0e0e0);border-radius:8px}"
            + "</style></head><body><div></div></body></html>\n"
        try Data(page.utf8).write(to: file)
        let fast = try WebKitCamera()
        defer { fast.shutdown() }
        #expect(fast.preload != nil)
        let plain = try WebKitCamera(preload: nil)
        defer { plain.shutdown() }
        let fastPNG = try fast.screenshotPNG(of: file, width: 160, height: 60, scale: 1)
        let plainPNG = try plain.screenshotPNG(of: file, width: 160, height: 60, scale: 1)
        let fastEncoding = try Self.encoding(of: fastPNG), plainEncoding = try Self.encoding(of: plainPNG)
        #expect(fastEncoding.level == 0 && fastEncoding.filters == [0])
        #expect(plainEncoding.level == 2)
        let a = try Screenshot.image(fastPNG, engine: .webkit, width: 160, height: 60, scale: 1)
        let b = try Screenshot.image(plainPNG, engine: .webkit, width: 160, height: 60, scale: 1)
        #expect(a == b)
    }
}
