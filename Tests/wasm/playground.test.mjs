// The playground in headless Chromium: opens a built site's playground.html from a
// link carrying a spec, types another spec, types a broken one, and checks the canvas
// pixels (byte for byte against the native painter), the shipped HTML/CSS (against the
// native emitter), the diagnostics shown at their lines, the URL fragment, and that
// the console stayed free of errors (CSP violations, failed loads, exceptions).
//
//   node Tests/wasm/playground.test.mjs SITE_DIR CASES_JSON
//
// SITE_DIR holds playground.html and assets/ (skelsite.wasm included); CASES_JSON and
// the .rgba files beside it come from the native side,
// Tests/SkelsiteCLITests/PlaygroundTests.swift:
//   { time, scale, theme,
//     linked:  { spec, width, height, rgba, html, css },
//     typed:   { spec, width, height, rgba, html, css },
//     invalid: { spec, diagnostics: [{ line, column, message, severity }] } }
import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { Browser } from './cdp.mjs';
import { encodeBase64URL, decodeBase64URL } from '../../Templates/assets/playground-fragment.js';

const [siteDir, casesPath] = process.argv.slice(2);
if (!siteDir || !casesPath) {
  console.error('usage: node Tests/wasm/playground.test.mjs SITE_DIR CASES_JSON');
  process.exit(2);
}
const cases = JSON.parse(readFileSync(casesPath, 'utf8'));
const rgba = (name) => readFileSync(join(dirname(casesPath), name));

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.png': 'image/png', '.json': 'application/json', '.svg': 'image/svg+xml',
};
const root = normalize(siteDir + sep);
const server = createServer((request, response) => {
  const path = normalize(join(root, decodeURIComponent(new URL(request.url, 'http://x').pathname)));
  if (!path.startsWith(root) || !existsSync(path) || !statSync(path).isFile()) {
    response.writeHead(404).end('not found');
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
  response.end(readFileSync(path));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const failures = [];
const consoleErrors = [];
const browser = await Browser.launch();
try {
  const page = await browser.newPage();
  page.on(({ method, params }) => {
    if (method === 'Runtime.exceptionThrown') {
      consoleErrors.push(`exception: ${params.exceptionDetails.exception?.description ?? params.exceptionDetails.text}`);
    } else if (method === 'Runtime.consoleAPICalled' && (params.type === 'error' || params.type === 'assert')) {
      consoleErrors.push(`console.${params.type}: ${params.args.map((a) => a.value ?? a.description).join(' ')}`);
    } else if (method === 'Log.entryAdded' && params.entry.level === 'error') {
      consoleErrors.push(`${params.entry.source}: ${params.entry.text} ${params.entry.url ?? ''}`.trim());
    }
  });
  await page.send('Runtime.enable');
  await page.send('Log.enable');
  await page.send('Page.enable');

  const { time, scale, theme } = cases;
  const link = `${origin}/playground.html#spec=${encodeBase64URL(cases.linked.spec)}&theme=${theme}&scale=${scale}&t=${time}`;
  await page.send('Page.navigate', { url: link });

  const settled = `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`;
  const status = `document.getElementById('pg-status').textContent`;

  /** Waits for a rendering of `expected` and compares canvas, HTML and CSS with it. */
  async function checkRendering(label, expected) {
    await page.waitFor(`${status} === 'Rendered.' && document.getElementById('pg-canvas').width === ${expected.width}` +
      ` && document.getElementById('pg-canvas').height === ${expected.height}`, `${label}: a ${expected.width}x${expected.height} rendering`);
    await page.evaluate(settled);
    const canvas = await page.evaluate(`(() => {
      const c = document.getElementById('pg-canvas');
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let binary = '';
      for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return { pixels: btoa(binary), cssWidth: c.style.width, cssHeight: c.style.height };
    })()`);
    const got = Buffer.from(canvas.pixels, 'base64');
    const want = rgba(expected.rgba);
    let differing = 0;
    let first = -1;
    for (let i = 0; i < want.length; i++) {
      if (got[i] !== want[i]) {
        differing++;
        if (first < 0) first = i;
      }
    }
    if (got.length !== want.length || differing > 0) {
      const p = first >> 2;
      failures.push(`${label}: ${differing} canvas bytes differ from native` + (first < 0 ? '' :
        ` (first at ${p % expected.width},${Math.floor(p / expected.width)}: canvas ${[...got.subarray(p * 4, p * 4 + 4)]}` +
        ` native ${[...want.subarray(p * 4, p * 4 + 4)]})`));
    }
    const cssSize = `${expected.width / scale}px x ${expected.height / scale}px`;
    if (`${canvas.cssWidth} x ${canvas.cssHeight}` !== cssSize) {
      failures.push(`${label}: canvas CSS size ${canvas.cssWidth} x ${canvas.cssHeight}, expected ${cssSize}`);
    }
    const shown = await page.evaluate(`({ html: document.getElementById('pg-html').textContent,
      css: document.getElementById('pg-css').textContent,
      theme: document.getElementById('pg-live').shadowRoot.firstElementChild.dataset.theme,
      live: document.getElementById('pg-live').shadowRoot.firstElementChild.childElementCount })`);
    if (shown.html !== expected.html) failures.push(`${label}: the HTML shown is not the native emitter's`);
    if (shown.css !== expected.css) failures.push(`${label}: the CSS shown is not the native emitter's`);
    if (shown.theme !== theme) failures.push(`${label}: live component theme ${shown.theme}, expected ${theme}`);
    if (expected.html.trim() !== '' && shown.live === 0) failures.push(`${label}: the live component is empty`);
  }

  /** Replaces the editor's text the way a user does: select all, type. */
  async function type(text) {
    await page.evaluate(`(() => { const s = document.getElementById('pg-source'); s.focus(); s.select(); return true; })()`);
    await page.send('Input.insertText', { text });
  }

  await checkRendering('linked spec', cases.linked);

  await type(cases.typed.spec);
  await checkRendering('typed spec', cases.typed);

  // The fragment follows the editor (written 250 ms after the last change).
  const expectedHash = `#spec=${encodeBase64URL(cases.typed.spec)}&theme=${theme}&scale=${scale}&t=${time}`;
  const hash = await page.waitFor(`location.hash === ${JSON.stringify(expectedHash)} && location.hash`,
    'the URL fragment to follow the editor').catch((error) => {
    failures.push(error.message);
    return null;
  });
  if (hash && decodeBase64URL(new URLSearchParams(hash.slice(1)).get('spec')) !== cases.typed.spec) {
    failures.push('the fragment does not round-trip the typed spec');
  }

  await type(cases.invalid.spec);
  const expectedItems = cases.invalid.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity}: ${d.message}`);
  const items = await page.waitFor(`(() => {
      const items = [...document.querySelectorAll('#pg-diagnostics li')].map((li) => li.textContent);
      return items.length === ${expectedItems.length} && items;
    })()`, `${expectedItems.length} diagnostics listed`).catch((error) => {
    failures.push(error.message);
    return [];
  });
  if (JSON.stringify(items) !== JSON.stringify(expectedItems) && items.length > 0) {
    failures.push(`diagnostics listed:\n  ${items.join('\n  ')}\nnative:\n  ${expectedItems.join('\n  ')}`);
  }
  const marks = await page.evaluate(`[...document.getElementById('pg-gutter').children]
    .map((n, i) => n.classList.contains('pg-mark') ? (i + 1) + ':' + (n.classList.contains('pg-error') ? 'error' : 'warning') : null)
    .filter(Boolean)`);
  const lastLine = cases.invalid.spec.split('\n').length;
  // One mark per line; diagnostics past the end show on the last line.
  const severityByLine = new Map();
  for (const d of cases.invalid.diagnostics) {
    const line = Math.min(d.line, lastLine);
    severityByLine.set(line, severityByLine.get(line) === 'error' || d.severity === 'error' ? 'error' : 'warning');
  }
  const wantMarks = [...severityByLine].sort((a, b) => a[0] - b[0]).map(([line, severity]) => `${line}:${severity}`);
  if (JSON.stringify(marks) !== JSON.stringify(wantMarks)) {
    failures.push(`gutter marks ${JSON.stringify(marks)}, expected ${JSON.stringify(wantMarks)}`);
  }
  const stale = await page.evaluate(`document.getElementById('pg-canvas').classList.contains('pg-stale')`);
  if (!stale) failures.push('the canvas is not marked stale while the spec has errors');
} catch (error) {
  failures.push(`${error.message}`);
} finally {
  await browser.close();
  server.close();
}

for (const error of consoleErrors) failures.push(`console: ${error}`);
if (failures.length > 0) {
  console.error(failures.join('\n'));
  console.error(`playground.test: ${failures.length} failures`);
  process.exit(1);
}
console.log(`playground.test: linked and typed frames identical to native, ` +
  `${cases.invalid.diagnostics.length} diagnostics at their lines, fragment kept, no console errors`);
