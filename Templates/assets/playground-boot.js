// Starts the playground, as a classic script (the page's only <script>): over http(s)
// it loads playground.js as an ES module; from a file: URL (an _site folder opened
// from disk) the browser refuses ES modules and fetch, so it loads playground-file.js
// instead, the same modules joined into one classic script by `skelsite build`, which
// takes the renderer from skelsite.wasm.js (the module's bytes as base64). Whatever
// fails to load, the status line says what and how to fix it, instead of
// "Loading the renderer…" forever.
(function () {
  'use strict';
  var here = document.currentScript.src;
  var fromFile = location.protocol === 'file:';
  var name = fromFile ? 'playground-file.js' : 'playground.js';
  var script = document.createElement('script');
  if (!fromFile) script.type = 'module';
  script.src = new URL(name, here).href;
  script.onerror = function () {
    var status = document.getElementById('pg-status');
    if (!status) return;
    status.textContent = 'The playground could not start: assets/' + name + ' (or a script it imports) did not load. ' +
      (fromFile
        ? 'Rebuild the site with skelsite build, which writes it, or serve the site over HTTP (skelsite serve).'
        : 'Rebuild the site with skelsite build.');
    status.dataset.failed = 'true';
  };
  document.head.appendChild(script);
})();
