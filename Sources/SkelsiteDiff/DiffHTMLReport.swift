import SkelSite
import Foundation
import SkeletonWeb

/// The report folder's `index.html` and `report.js`. Every image that is not unchanged
/// gets its baseline, current and diff pictures side by side; changed ones also get an
/// overlay (current over baseline, split at 50%) with a blink toggle that is pure CSS
/// and a slider that `report.js` reveals. Without JavaScript the page keeps the side by
/// side pictures, the 50% split and the blink. No network, no external files.
public enum DiffHTMLReport {
    public static let scriptName = "report.js"

    /// `galleryURL`: where the report links back to when it is inside a built site
    /// (`DiffReportFolder.galleryLink`); nil for no link.
    public static func page(_ result: DirectoryDiffResult, tolerance: DiffTolerance, galleryURL: String? = nil) -> String {
        let summary = DiffTerminalReport.summary(result.summary)
        var out = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>skelsite diff: \(escape(summary))</title>
            <style>\(style)</style>
            <script src="\(scriptName)" defer></script>
            </head>
            <body>

            """
        if let galleryURL {
            out += "<nav class=\"back\"><a href=\"\(escape(galleryURL))\">Back to the gallery</a></nav>\n"
        }
        out += """
            <h1>skelsite diff</h1>
            <p class="\(result.summary.passed ? "passed" : "failed")"><strong>\(escape(summary))</strong></p>

            """
        var index = 0
        for entry in result.entries {
            switch entry {
            case .image(let image) where image.status != .unchanged:
                index += 1
                out += section(image, id: index, tolerance: tolerance)
            case .image:
                continue
            case .broken(let broken):
                index += 1
                out += section(broken, id: index)
            }
        }
        let unchanged = result.images.filter { $0.status == .unchanged }
        if !unchanged.isEmpty {
            out += "<h2>Unchanged (\(unchanged.count))</h2>\n<ul class=\"unchanged\">\n"
            for image in unchanged { out += "<li>\(escape(image.path))</li>\n" }
            out += "</ul>\n"
        }
        out += "</body>\n</html>\n"
        return out
    }

    static func section(_ image: ImageComparison, id: Int, tolerance: DiffTolerance) -> String {
        let verdict = image.failed ? "failed" : "passed"
        var out = "<section id=\"image-\(id)\" class=\"\(verdict)\">\n"
        out += "<h2><span class=\"status\">\(image.status.rawValue)</span> \(escape(image.path))</h2>\n"
        out += "<p>\(escape(DiffTerminalReport.detail(image, tolerance: tolerance)))</p>\n<div class=\"sides\">\n"
        if image.baselineSize != nil { out += figure("baseline/" + image.path, "baseline") }
        if image.currentSize != nil { out += figure("current/" + image.path, "current") }
        if let diff = image.diffImage { out += figure(diff, "diff") }
        out += "</div>\n"
        if image.status == .changed {
            let overlay = "overlay-\(id)"
            out += "<input type=\"checkbox\" class=\"blink\" id=\"blink-\(id)\"><label for=\"blink-\(id)\">blink</label>\n"
            out += "<input type=\"range\" class=\"split\" min=\"0\" max=\"100\" value=\"50\" aria-controls=\"\(overlay)\" "
            out += "aria-label=\"split between baseline (left) and current (right)\" hidden>\n"
            out += "<div class=\"overlay\" id=\"\(overlay)\">"
            out += "<img src=\"\(source("baseline/" + image.path))\" alt=\"baseline\">"
            out += "<img class=\"top\" src=\"\(source("current/" + image.path))\" alt=\"current over baseline\">"
            out += "</div>\n"
        }
        out += "</section>\n"
        return out
    }

    /// A pair that could not be compared: its errors instead of pictures.
    static func section(_ broken: BrokenImage, id: Int) -> String {
        var out = "<section id=\"image-\(id)\" class=\"failed error\">\n"
        out += "<h2><span class=\"status\">error</span> \(escape(broken.path))</h2>\n"
        for error in broken.errors { out += "<p>\(escape(error.text))</p>\n" }
        out += "</section>\n"
        return out
    }

    static func figure(_ path: String, _ caption: String) -> String {
        "<figure><img src=\"\(source(path))\" alt=\"\(caption)\"><figcaption>\(caption)</figcaption></figure>\n"
    }

    /// A relative URL for a report file: each segment percent-encoded, then HTML-escaped.
    static func source(_ path: String) -> String {
        let encoded = path.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/;")))
                ?? String($0)
        }.joined(separator: "/")
        return escape(encoded)
    }

    static func escape(_ text: String) -> String {
        HTMLText.escape(text)
    }

    static let style = """
        body{font:14px/1.45 system-ui,sans-serif;max-width:1200px;margin:0 auto;padding:16px;color:#1c1c1e;background:#fff}\
        @media (prefers-color-scheme:dark){body{color:#f2f2f7;background:#1c1c1e}}\
        section{border-top:1px solid #8886;padding:8px 0 16px}\
        a{color:inherit}.back{font-size:13px}\
        h2{font-size:16px}.status{display:inline-block;padding:0 6px;border-radius:4px;font-size:12px;text-transform:uppercase;color:#fff;background:#34c759}\
        .failed .status{background:#ff3b30}p.failed{color:#ff3b30}\
        .sides{display:flex;flex-wrap:wrap;gap:12px}figure{margin:0}figcaption{font-size:12px;opacity:.7}\
        img{max-width:100%;min-width:160px;outline:1px solid #8886;image-rendering:pixelated;background:repeating-conic-gradient(#ccc 0 25%,#fff 0 50%) 0 0/16px 16px}\
        .overlay{position:relative;width:max-content;max-width:100%;margin-top:8px}.overlay img{display:block}\
        .overlay .top{position:absolute;left:0;top:0;width:100%;clip-path:inset(0 0 0 var(--split,50%))}\
        .blink:checked~.overlay .top{clip-path:none;animation:blink 1s steps(1) infinite}@keyframes blink{50%{opacity:0}}\
        @media (prefers-reduced-motion:reduce){.blink:checked~.overlay .top{animation-duration:2s}}
        """

    public static let script = """
        // skelsite diff report: reveals each overlay's slider; the page works without it.
        document.querySelectorAll('input.split').forEach(function (slider) {
          var overlay = document.getElementById(slider.getAttribute('aria-controls'));
          if (!overlay) return;
          slider.hidden = false;
          slider.addEventListener('input', function () {
            overlay.style.setProperty('--split', slider.value + '%');
          });
        });

        """
}
