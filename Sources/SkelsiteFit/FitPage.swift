import Foundation
import SkelSite
import SkeletonCore
import SkeletonWeb

/// One case of a run: a spec at one width and in one theme, with its content.
public struct FitCase {
    public var path: String
    /// The spec's fence line and column (where its diagnostics point).
    public var line: Int
    public var column: Int
    public var spec: Spec
    public var content: SpecContent
    public var theme: Theme

    /// The width the component is laid out at (a fluid spec: the listed width under test).
    public var width: Double { spec.width }
    /// The container it sits in: the component's own width, or for a fluid one the
    /// container it fills its share of (as `verify` shows it).
    public var containerWidth: Double {
        guard let fluid = spec.fluid else { return spec.width }
        return spec.width * 100 / fluid.percent
    }
}

/// The page a browser is shown: for each case, in turn, a frame the container's width
/// and `FitMeasure.viewportHeight` tall holding the skeleton (the component as the
/// build emits it, frozen at t = 0) with a block after it, the rest of the page. The
/// script measures the boxes, swaps the skeleton for the content (in a shadow root, so
/// the content's CSS and the component's do not meet), and measures again; it also
/// reads the frame's own `layout-shift` entries where the browser has them.
enum FitPage {
    /// The frame's document before the swap.
    static func frame(_ item: FitCase) -> String {
        let layout = LayoutEngine.layout(item.spec)
        let component = ComponentEmitter.emit(item.spec, layout: layout, label: nil, options: EmitOptions(frozenAt: 0))
        let theme = item.theme == .dark ? "dark" : "light"
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<style>\n"
            + "html,body{margin:0;padding:0;overflow:hidden}\n#fit-after{height:" + FitReport.number(FitMeasure.viewportHeight)
            + "px;background:#8E8E93}\n</style>\n<style>\n" + component.css + "</style>\n</head>\n<body>\n"
            + "<div id=\"fit-slot\" data-theme=\"" + theme + "\">\n" + component.html + "</div>\n<div id=\"fit-after\"></div>\n"
            + "</body>\n</html>\n"
    }

    /// The expression that runs `cases` one after another and evaluates to their measures.
    /// `emulatesScheme`: the browser already matches `prefers-color-scheme` to each case's
    /// theme (Chromium); else the script rewrites the content's media rules to it.
    static func expression(_ cases: [FitCase], emulatesScheme: Bool = true) -> String {
        var list: [[String: Any]] = []
        for item in cases {
            var entry: [String: Any] = ["doc": frame(item), "width": item.containerWidth, "html": item.content.html,
                                        "css": item.content.css, "named": FitNames.of(item.spec).keys.sorted()]
            if !emulatesScheme { entry["scheme"] = item.theme == .dark ? "dark" : "light" }
            list.append(entry)
        }
        let data = (try? JSONSerialization.data(withJSONObject: list, options: [])) ?? Data("[]".utf8)
        return "(" + script + ")(" + String(decoding: data, as: UTF8.self) + ")"
    }

    /// Measures each case: the skeleton's root, its shapes (a rect, circle or capsule,
    /// or a whole text node) with their spec node numbers (the `sk-nK` class) and the
    /// block after it; then, after the swap, the content's root (its top elements'
    /// union), its `[data-skeleton]` parts and the block again. The browser's own
    /// `layout-shift` entries are read only where it lists that entry type (Chromium):
    /// elsewhere `browser` is null.
    ///
    /// With `scheme` set, the content's `@media (prefers-color-scheme: …)` conditions
    /// are rewritten in its stylesheet (through the CSS object model, before the first
    /// layout) to always or never match, as the theme under test says.
    static let script = """
        async (cases) => {
          const out = [];
          const box = el => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; };
          const union = boxes => {
            if (!boxes.length) return null;
            let [l, t, r, b] = [Infinity, Infinity, -Infinity, -Infinity];
            for (const [x, y, w, h] of boxes) { l = Math.min(l, x); t = Math.min(t, y); r = Math.max(r, x + w); b = Math.max(b, y + h); }
            return [l, t, r - l, b - t];
          };
          const isBar = el => el && [...el.classList].some(c => /^sk-t[0-9]+$/.test(c));
          const nodeOf = el => { const c = [...el.classList].find(c => /^sk-n[0-9]+$/.test(c)); return c ? +c.slice(4) : -1; };
          const scheme = (rules, wanted) => {
            for (const rule of rules) {
              if (rule.media && rule.media.mediaText) {
                const text = rule.media.mediaText.replace(/\\(\\s*prefers-color-scheme\\s*:\\s*(dark|light)\\s*\\)/gi,
                  (all, value) => value.toLowerCase() === wanted ? '(min-width: 0px)' : '(min-width: 100000px)');
                if (text !== rule.media.mediaText) rule.media.mediaText = text;
              }
              if (rule.cssRules) scheme(rule.cssRules, wanted);
            }
          };
          for (const c of cases) {
            const frame = document.createElement('iframe');
            frame.style.cssText = 'position:absolute;left:0;top:0;border:0;margin:0;padding:0;width:' + c.width + 'px;height:800px';
            const loaded = new Promise(done => frame.onload = done);
            frame.srcdoc = c.doc;
            document.body.appendChild(frame);
            await loaded;
            const w = frame.contentWindow, d = frame.contentDocument;
            const frames = n => new Promise(done => { const step = k => k ? w.requestAnimationFrame(() => step(k - 1)) : done(); step(n); });
            const entries = [];
            let observer = null;
            try {
              if ((w.PerformanceObserver.supportedEntryTypes || []).includes('layout-shift')) {
                observer = new w.PerformanceObserver(list => entries.push(...list.getEntries()));
                observer.observe({type: 'layout-shift', buffered: true});
              }
            } catch (e) { observer = null; }
            await frames(2);
            const slot = d.getElementById('fit-slot'), after = d.getElementById('fit-after');
            const root = slot.firstElementChild;
            const shaped = [...root.querySelectorAll('.sk-c *')]
              .filter(el => (el.classList.contains('sk-s') && !isBar(el)) || isBar(el.firstElementChild));
            const named = [...root.querySelectorAll('.sk-c *')].filter(el => c.named.includes(nodeOf(el)))
              .map(el => [nodeOf(el), box(el)]);
            const before = {root: box(root), after: box(after), shapes: shaped.map(box), nodes: shaped.map(nodeOf), named};
            const swapped = w.performance.now();
            const host = d.createElement('div');
            host.id = 'fit-content';
            const shadow = host.attachShadow({mode: 'open'});
            // The stylesheet as an element's text, so no text in it can end it early.
            shadow.innerHTML = c.html;
            const sheet = d.createElement('style');
            sheet.textContent = c.css;
            shadow.prepend(sheet);
            slot.replaceWith(host);
            if (c.scheme && sheet.sheet) scheme(sheet.sheet.cssRules, c.scheme);
            await frames(4);
            await new Promise(done => w.setTimeout(done, 20));
            if (observer) { entries.push(...observer.takeRecords()); observer.disconnect(); }
            const tops = [...shadow.children].filter(el => !['STYLE', 'LINK', 'SCRIPT', 'TEMPLATE'].includes(el.tagName));
            const parts = [...shadow.querySelectorAll('[data-skeleton]')].map(el => [el.getAttribute('data-skeleton'), box(el)]);
            const browser = observer ? entries.filter(e => e.startTime >= swapped && !e.hadRecentInput)
              .reduce((sum, e) => sum + e.value, 0) : null;
            out.push({before, content: {root: union(tops.map(box)), after: box(after), parts},
                      viewport: [d.documentElement.clientWidth, d.documentElement.clientHeight], browser});
            frame.remove();
          }
          return out;
        }
        """
}
