import Foundation
import SkelsiteVerify

/// Headless Chromium over the DevTools pipe, as `fit` drives it: the content is put in a
/// shadow root inside a frame the width of the viewport, exactly where `fit` puts it, so
/// the boxes capture reads are the boxes `fit` measures the draft against.
public final class CaptureChromium {
    private let tab: ChromiumTab

    /// Starts `executable` (a path, or a name looked for on PATH); a missing program
    /// throws `ChromiumTab.Missing`, which the command reports as a usage error (exit 2), as `fit` does.
    public init(executable: String = "chromium") throws {
        tab = try ChromiumTab(executable: executable)
    }

    public func shutdown() { tab.shutdown() }

    /// What the page script answers for one width.
    enum Answer: Decodable {
        case snapshot(CaptureSnapshot)
        /// The selector matched nothing, or there is no element to capture.
        case nothing
        /// The selector is not valid CSS (the browser's message).
        case badSelector(String)

        enum Keys: String, CodingKey { case error, message }

        init(from decoder: Decoder) throws {
            let keys = try decoder.container(keyedBy: Keys.self)
            switch try keys.decodeIfPresent(String.self, forKey: .error) {
            case "nothing": self = .nothing
            case "selector": self = .badSelector(try keys.decodeIfPresent(String.self, forKey: .message) ?? "")
            default: self = .snapshot(try CaptureSnapshot(from: decoder))
            }
        }
    }

    /// The content laid out at each of `widths`, its element `selector` (nil: the first).
    func measure(html: String, css: String, selector: String?, widths: [Double]) throws -> [Answer] {
        let widest = widths.max() ?? 0
        try tab.call("Emulation.setDeviceMetricsOverride",
                      ["width": Int(widest.rounded(.up)), "height": 800, "deviceScaleFactor": 1, "mobile": false])
        var input: [String: Any] = ["html": html, "css": css, "widths": widths]
        if let selector { input["selector"] = selector }
        let data = try JSONSerialization.data(withJSONObject: input, options: [])
        let expression = "(" + Self.script + ")(" + String(decoding: data, as: UTF8.self) + ")"
        guard let json = try tab.evaluate(expression, what: "capturing", timeout: 60) as? String else {
            throw CaptureFailure("Chromium answered the capturing script with no boxes")
        }
        do {
            return try JSONDecoder().decode([Answer].self, from: Data(json.utf8))
        } catch {
            throw CaptureFailure("cannot read Chromium's boxes: \(error)")
        }
    }

    /// For each width: a frame that wide (800 px tall, margins 0) holding a host element
    /// whose shadow root holds the content and its stylesheet, then a block after it.
    /// Walks the chosen element: each box, its padding box, flex direction and grow,
    /// corner radius, whether it paints (a background, or for a box without text a border), and for elements
    /// holding only inline content the rects of their text's line boxes.
    static let script = """
        async (c) => {
          const out = [];
          const q = v => Math.round(v * 64) / 64;
          const MEDIA = ['IMG', 'VIDEO', 'CANVAS', 'PICTURE', 'IFRAME', 'OBJECT', 'EMBED', 'AUDIO'];
          const SKIP = ['STYLE', 'LINK', 'SCRIPT', 'TEMPLATE', 'META', 'TITLE'];
          for (const width of c.widths) {
            const frame = document.createElement('iframe');
            frame.style.cssText = 'position:absolute;left:0;top:0;border:0;margin:0;padding:0;width:' + width + 'px;height:800px';
            const loaded = new Promise(done => frame.onload = done);
            frame.srcdoc = '<!DOCTYPE html>\\n<html lang="en">\\n<head>\\n<meta charset="utf-8">\\n<style>\\n'
              + 'html,body{margin:0;padding:0;overflow:hidden}\\n</style>\\n</head>\\n<body>\\n'
              + '<div id="capture-content"></div>\\n<div id="capture-after" style="height:1px"></div>\\n</body>\\n</html>\\n';
            document.body.appendChild(frame);
            await loaded;
            const w = frame.contentWindow, d = frame.contentDocument;
            const host = d.getElementById('capture-content');
            const shadow = host.attachShadow({mode: 'open'});
            shadow.innerHTML = c.html;
            const sheet = d.createElement('style');
            sheet.textContent = c.css;
            shadow.prepend(sheet);
            await new Promise(done => { const step = k => k ? w.requestAnimationFrame(() => step(k - 1)) : done(); step(4); });
            await d.fonts.ready;
            let root = null;
            if (c.selector !== undefined) {
              try { root = shadow.querySelector(c.selector); } catch (e) { out.push({error: 'selector', message: String(e.message)}); frame.remove(); continue; }
            } else {
              root = [...shadow.children].find(el => !SKIP.includes(el.tagName)) || null;
            }
            if (!root) { out.push({error: 'nothing'}); frame.remove(); continue; }
            const rect = r => [q(r.x), q(r.y), q(r.width), q(r.height)];
            const style = el => w.getComputedStyle(el);
            const alpha = colour => { const m = /rgba?\\(([^)]*)\\)/.exec(colour); if (!m) return colour === 'transparent' ? 0 : 1;
              const parts = m[1].split(/[ ,\\/]+/).filter(Boolean); return parts.length > 3 ? parseFloat(parts[3]) : 1; };
            const filled = s => alpha(s.backgroundColor) > 0 || s.backgroundImage !== 'none';
            const paints = s => filled(s)
              || ['Top', 'Right', 'Bottom', 'Left'].some(side => parseFloat(s['border' + side + 'Width']) > 0
                   && s['border' + side + 'Style'] !== 'none' && alpha(s['border' + side + 'Color']) > 0);
            const inFlow = el => { const s = style(el); return s.display !== 'none' && s.position !== 'absolute' && s.position !== 'fixed'; };
            const kids = el => { const list = [];
              for (const k of el.children) { if (SKIP.includes(k.tagName) || !inFlow(k)) continue;
                if (style(k).display === 'contents') list.push(...kids(k)); else list.push(k); }
              return list; };
            const isMedia = el => MEDIA.includes(el.tagName) || el.tagName.toLowerCase() === 'svg' || el.tagName.toLowerCase() === 'math';
            // Only inline content: text, and elements that are inline and hold no media or boxes.
            const inlineOnly = el => [...el.querySelectorAll('*')].every(k => SKIP.includes(k.tagName) || !inFlow(k)
              || (!isMedia(k) && (style(k).display === 'inline' || k.tagName === 'BR')));
            const hasText = el => /\\S/.test(el.textContent);
            const ownText = el => [...el.childNodes].some(n => n.nodeType === 3 && /\\S/.test(n.textContent));
            const textRects = el => { const rects = [], walker = d.createTreeWalker(el, 4), range = d.createRange();
              for (let n = walker.nextNode(); n; n = walker.nextNode()) {
                if (!/\\S/.test(n.textContent)) continue;
                range.selectNodeContents(n);
                for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) rects.push(rect(r)); }
              return rects; };
            const walk = el => {
              const s = style(el), b = el.getBoundingClientRect(), box = rect(b);
              const bl = parseFloat(s.borderLeftWidth) + parseFloat(s.paddingLeft), br = parseFloat(s.borderRightWidth) + parseFloat(s.paddingRight);
              const bt = parseFloat(s.borderTopWidth) + parseFloat(s.paddingTop), bb = parseFloat(s.borderBottomWidth) + parseFloat(s.paddingBottom);
              const radiusText = s.borderTopLeftRadius.split(' ')[0];
              const radius = radiusText.endsWith('%') ? parseFloat(radiusText) / 100 * Math.min(b.width, b.height) : (parseFloat(radiusText) || 0);
              const node = {tag: el.tagName.toLowerCase(), box, content: [q(b.x + bl), q(b.y + bt), q(b.width - bl - br), q(b.height - bt - bb)],
                            grow: parseFloat(s.flexGrow) || 0, radius: q(radius)};
              if (s.display.includes('flex')) node.flex = s.flexDirection.startsWith('row') ? 'row' : 'column';
              if (isMedia(el)) { node.kind = 'media'; return node; }
              if (hasText(el) && (ownText(el) || inlineOnly(el))) {
                // A filled box of text is a button, a chip, a bubble: one shape. A border
                // alone (a table cell's rule) leaves it text.
                node.kind = filled(s) ? 'surface' : 'text';
                if (node.kind === 'text') node.lines = textRects(el);
                return node;
              }
              const children = kids(el);
              if (!children.length) { node.kind = paints(s) ? 'surface' : 'empty'; return node; }
              node.kind = 'container';
              node.children = children.map(walk);
              return node;
            };
            const after = d.getElementById('capture-after').getBoundingClientRect().top;
            out.push({width, after: q(after), root: walk(root)});
            frame.remove();
          }
          return JSON.stringify(out);
        }
        """
}

public struct CaptureFailure: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
