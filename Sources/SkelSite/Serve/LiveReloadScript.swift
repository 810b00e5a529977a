/// The script `serve` injects into every HTML page it serves: it listens for
/// server-sent events, reloads on `reload`, and shows the build's diagnostics in an
/// overlay on `error` while the last good page stays visible underneath.
enum LiveReloadScript {
    static let path = "/__skelsite/live.js"
    static let eventsPath = "/__skelsite/events"
    static let tag = "<script src=\"\(path)\" defer></script>"

    static let source = """
    // skelsite serve: live reload and build-error overlay.
    (function () {
      var overlay = null;
      function hide() { if (overlay) { overlay.remove(); overlay = null; } }
      function show(text) {
        hide();
        overlay = document.createElement('div');
        overlay.id = 'skelsite-error-overlay';
        overlay.setAttribute('role', 'alert');
        overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(20,20,24,.92);' +
          'color:#fff;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;padding:32px;overflow:auto';
        var title = document.createElement('h2');
        title.textContent = 'skelsite: the build failed; showing the last good page underneath';
        title.style.cssText = 'margin:0 0 16px;font:600 16px system-ui,sans-serif;color:#ff6b6b';
        var pre = document.createElement('pre');
        pre.textContent = text;
        pre.style.cssText = 'white-space:pre-wrap;margin:0';
        var close = document.createElement('button');
        close.textContent = 'Dismiss';
        close.style.cssText = 'position:absolute;top:16px;right:16px';
        close.addEventListener('click', hide);
        overlay.append(title, pre, close);
        document.body.appendChild(overlay);
      }
      // The page's own file, as the build names it ("guides/intro.html").
      function ownFile() {
        var path = decodeURIComponent(location.pathname).replace(/^\\/+/, '');
        if (path === '' || path.charAt(path.length - 1) === '/') return path + 'index.html';
        return /\\.html?$/.test(path) ? path : path + '.html';
      }
      // Reload only when this page, or a shared asset, changed (a 'changed' event comes
      // first); a 'reload' without one reloads every page.
      var changed = null;
      var source = new EventSource('/__skelsite/events');
      source.addEventListener('changed', function (event) { changed = event.data.split('\\n'); });
      source.addEventListener('reload', function () {
        var list = changed;
        changed = null;
        if (list && list.indexOf(ownFile()) < 0 && !list.some(function (f) { return f.indexOf('assets/') === 0; })) return;
        location.reload();
      });
      source.addEventListener('error', function (event) { if (event.data) show(event.data); });
    })();
    """

    /// Inserts the script tag before `</body>` (or at the end when there is none).
    static func inject(into html: String) -> String {
        if let range = html.range(of: "</body>", options: .backwards) {
            var copy = html
            copy.insert(contentsOf: tag + "\n", at: range.lowerBound)
            return copy
        }
        return html + "\n" + tag + "\n"
    }
}
