/// The script `serve` injects into every HTML page it serves: it listens for
/// server-sent events, reloads on `reload` when the rebuild wrote a file the page shows,
/// and shows the build's diagnostics in an overlay on `error` while the last good page
/// stays visible underneath; the next good build clears it (site/reference/command-line.md,
/// "serve").
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
      // A URL's file in the site ("guides/intro.html"); null for another origin.
      function siteFile(url) {
        var parsed;
        try { parsed = new URL(url, location.href); } catch (e) { return null; }
        if (parsed.origin !== location.origin) return null;
        var path;
        try { path = decodeURIComponent(parsed.pathname); } catch (e) { path = parsed.pathname; }
        path = path.replace(/^\\/+/, '');
        if (path === '' || path.charAt(path.length - 1) === '/') return path + 'index.html';
        return path;
      }
      // The page's own file, as the build names it ("guides/intro.html").
      function ownFile() {
        var path = siteFile(location.href) || 'index.html';
        return /\\.html?$/.test(path) ? path : path + '.html';
      }
      // The files this page shows: itself, and the images, stylesheets, scripts and icons
      // it loads (every srcset candidate too: a lazy or hidden image has loaded none yet).
      function usedFiles() {
        var urls = [];
        var nodes = document.querySelectorAll('img, source, link[href], script[src]');
        for (var i = 0; i < nodes.length; i++) {
          var node = nodes[i];
          ['src', 'href'].forEach(function (name) { var v = node.getAttribute(name); if (v) urls.push(v); });
          var set = node.getAttribute('srcset');
          if (set) set.split(',').forEach(function (c) { var u = c.trim().split(/\\s+/)[0]; if (u) urls.push(u); });
        }
        var files = [ownFile()];
        urls.forEach(function (u) { var f = siteFile(u); if (f && files.indexOf(f) < 0) files.push(f); });
        return files;
      }
      // A 'changed' event comes first and lists the files the rebuild wrote; the
      // 'reload' after it reloads the page when one of them is its own file, a file it
      // loads or a shared asset, and otherwise only clears the error overlay (the page
      // shown is then the current one). A 'reload' without a list reloads every page.
      var changed = null;
      var source = new EventSource('/__skelsite/events');
      source.addEventListener('changed', function (event) {
        changed = event.data === '' ? [] : event.data.split('\\n');
      });
      source.addEventListener('reload', function () {
        var list = changed;
        changed = null;
        if (list) {
          var used = usedFiles();
          var touched = list.some(function (f) { return used.indexOf(f) >= 0 || f.indexOf('assets/') === 0; });
          if (!touched) { hide(); return; }
        }
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
