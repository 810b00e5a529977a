import SkelSite
import Foundation
import SkeletonCore

/// Photographs local HTML files in one browser engine. One implementation per engine
/// (ChromiumCamera, FirefoxCamera, WebKitCamera); sheets, cropping and comparison are
/// shared (VerifyRun). Each starts its browser once per device scale, when first needed.
public protocol BrowserCamera: AnyObject {
    var engine: BrowserEngine { get }

    /// A picture of `file` at `scale` device pixels per CSS pixel, exactly
    /// (width·scale) × (height·scale) pixels: the top-left of a viewport at least
    /// `width` × `height` CSS pixels. Before the picture, the page is checked with
    /// `ViewportCheck` (viewport size, devicePixelRatio, reduced motion off): a browser
    /// that is not set up as asked throws rather than photographs.
    func screenshot(of file: URL, width: Int, height: Int, scale: Int) throws -> RGBAImage

    /// Stops every browser this camera started and removes their profiles.
    func shutdown()

    /// Another camera of the same engine and executables, with browsers of its own, so
    /// one scale's sheets can be walked by two browsers at once (VerifySheets.browsers).
    func twin() throws -> BrowserCamera
}

/// Starts the camera for an engine.
public enum BrowserCameras {
    public static func make(_ engine: BrowserEngine, executables: BrowserExecutables = BrowserExecutables()) throws
        -> BrowserCamera {
        switch engine {
        case .chromium: return try ChromiumCamera(executable: executables.chromium)
        case .firefox: return try FirefoxCamera(executable: executables.firefox)
        case .webkit:
            return try WebKitCamera(driver: executables.webkitDriver, miniBrowser: executables.miniBrowser,
                                    xvfb: executables.xvfb)
        }
    }
}

public struct BrowserFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }

    /// A program that is not there: names the package that provides it.
    static func missing(_ program: String, engine: BrowserEngine, package: String? = nil) -> BrowserFailure {
        BrowserFailure("cannot start headless \(engine.displayName) ('\(program)'): no such program"
                       + " (install it: apt-get install \(package ?? engine.package))")
    }
}

/// The script every camera runs before a capture, and the check of its answer: a
/// browser at the wrong size or scale, or with reduced motion on (which stops the
/// animations), would photograph a different component than the painter paints.
enum ViewportCheck {
    /// Evaluates to `[innerWidth, innerHeight, devicePixelRatio, reducedMotion]`.
    static let expression = "[innerWidth, innerHeight, devicePixelRatio, "
        + "matchMedia('(prefers-reduced-motion: reduce)').matches]"

    /// Throws what is wrong with `answer` (the value of `expression`), if anything.
    static func check(_ answer: Any?, engine: BrowserEngine, width: Int, height: Int, scale: Int) throws {
        guard let values = answer as? [Any], values.count == 4,
              let innerWidth = (values[0] as? NSNumber)?.doubleValue,
              let innerHeight = (values[1] as? NSNumber)?.doubleValue,
              let ratio = (values[2] as? NSNumber)?.doubleValue,
              let reduced = values[3] as? Bool,
              // Finite, so the figures below print without trapping whatever a browser says.
              innerWidth.isFinite, innerHeight.isFinite, ratio.isFinite else {
            throw BrowserFailure("\(engine.displayName) answered the viewport check with \(String(describing: answer))")
        }
        if ratio != Double(scale) {
            throw BrowserFailure("\(engine.displayName) runs at devicePixelRatio \(VerifyReport.number(ratio)), not \(scale)")
        }
        if innerWidth < Double(width) || innerHeight < Double(height) {
            throw BrowserFailure("\(engine.displayName)'s viewport is \(VerifyReport.number(innerWidth))×\(VerifyReport.number(innerHeight)) CSS pixels,"
                                 + " smaller than the \(width)×\(height) asked for")
        }
        if reduced {
            throw BrowserFailure("\(engine.displayName) prefers reduced motion, so its components would not animate")
        }
    }
}


/// A browser's PNG screenshot as the top-left (width·scale) × (height·scale) pixels
/// the camera promises; a smaller picture is an error, never padded.
enum Screenshot {
    static func image(_ png: [UInt8], engine: BrowserEngine, width: Int, height: Int, scale: Int) throws -> RGBAImage {
        let photo: RGBAImage
        let started = Date()
        defer { VerifyTimings.shared.add("decode (all engines)", Date().timeIntervalSince(started)) }
        do {
            photo = try PNGDecoder.decode(png)
        } catch {
            throw BrowserFailure("\(engine.displayName) returned an unreadable screenshot: \(error)")
        }
        let (wanted, high) = (width * scale, height * scale)
        guard photo.width >= wanted, photo.height >= high else {
            throw BrowserFailure("\(engine.displayName) returned a \(photo.width)×\(photo.height) screenshot,"
                                 + " smaller than \(wanted)×\(high)")
        }
        if photo.width == wanted && photo.height == high { return photo }
        return crop(photo, x: 0, y: 0, width: wanted, height: high)
    }

    /// The `width` × `height` pixels at (x, y); parts outside `image` are transparent.
    static func crop(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        var out = RGBAImage(width: width, height: height)
        for row in 0..<height where y + row < image.height {
            let copy = max(0, min(width, image.width - x))
            guard copy > 0 else { break }
            let from = ((y + row) * image.width + x) * 4
            let to = row * width * 4
            out.pixels.replaceSubrange(to..<(to + copy * 4), with: image.pixels[from..<(from + copy * 4)])
        }
        return out
    }
}

/// Turning to another sheet of the book a browser already shows (Chromium sets the
/// fragment the same way, through its own protocol). For WebDriver, one script
/// sets the fragment (`:target` shows that sheet), waits two animation frames, and
/// answers the viewport check. WebDriver's own navigation to a URL that differs only
/// by its fragment did the same with a second round trip and the browser's navigation
/// machinery, which cost WebKit's UI process more than the script (same pixels).
enum SheetTurn {
    /// The page a sheet's URL names, without its fragment.
    static func page(of file: URL) -> String {
        file.absoluteString.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
    }

    /// Shows `file`'s sheet in a WebDriver browser whose loaded book is `loaded`: by its
    /// fragment (`script`) when that book is loaded, else by loading the page (`load`)
    /// and asking the viewport check; `run` runs a script and gives its value. Returns
    /// the viewport check's answer; `loaded` becomes `file`'s book.
    static func show(_ file: URL, loaded: inout String?, run: (String) throws -> Any?,
                     load: (String) throws -> Void) throws -> Any? {
        let page = page(of: file)
        if loaded == page, let fragment = file.fragment { return try run(script(fragment: fragment)) }
        try load(file.absoluteString)
        loaded = page
        return try run("return " + ViewportCheck.expression)
    }

    /// A WebDriver script body (it may return a promise, which the driver awaits).
    static func script(fragment: String) -> String {
        "location.hash = " + JSONText.string("#" + fragment)
            + "; return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done("
            + ViewportCheck.expression + "))))"
    }
}
