// The playground in headless Chromium: opens a built site's playground.html from a
// link carrying a spec, types another spec, works every control (theme, scale, scrub,
// play/pause), types a broken one, follows a link changed in the address bar, opens
// a link without a time, one with bad fields and one with its page's inherited
// settings (then drops them), and checks the canvas pixels (byte for byte against the
// native painter), the shipped HTML/CSS (against the native emitter), that the canvas
// animates while playing and holds still when paused, the diagnostics shown at their
// lines, the URL fragment after each change, and that the console stayed free of
// errors (CSP violations, failed loads, exceptions).
//
//   node Tests/wasm/playground.test.mjs SITE_DIR CASES_JSON
//
// SITE_DIR holds playground.html and assets/ (skelsite.wasm included); CASES_JSON and
// the .rgba files beside it come from the native side,
// Tests/SkelsiteCLITests/PlaygroundTests.swift:
//   { time, scale, theme,
//     linked:  { spec, width, height, rgba, html, css, swiftui, react, webComponent },
//     typed:   { spec, width, height, rgba, html, css, swiftui, react, webComponent },
//     inherited: { spec, inherit, width, height, rgba, html, css },
//     controls: { light, scale1, scrubbed: { time, scale, theme, width, height, rgba },
//                 background: { light: [r, g, b, a], dark: [r, g, b, a] } },
//     invalid: { spec, diagnostics: [{ line, column, message, severity }] } }
// `controls` holds the typed spec's frames with one control moved: theme light, scale
// 1, and time scrubbed to `scrubbed.time`; `background` is its canvas background per theme.
import { serveSite } from './site-server.mjs';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Browser } from './cdp.mjs';
import { encodeBase64URL, decodeBase64URL } from '../../Templates/assets/playground-fragment.js';

const [siteDir, casesPath] = process.argv.slice(2);
if (!siteDir || !casesPath) {
  console.error('usage: node Tests/wasm/playground.test.mjs SITE_DIR CASES_JSON');
  process.exit(2);
}
const cases = JSON.parse(readFileSync(casesPath, 'utf8'));
const rgba = (name) => readFileSync(join(dirname(casesPath), name));

const { server, origin } = await serveSite(siteDir);

const failures = [];
let consoleErrors = [];
const browser = await Browser.launch();
try {
  const page = await browser.newPage();
  consoleErrors = page.collectErrors();
  await page.send('Runtime.enable');
  await page.send('Log.enable');
  await page.send('Page.enable');

  const { time, scale, theme } = cases;
  const link = `${origin}/playground.html#spec=${encodeBase64URL(cases.linked.spec)}&theme=${theme}&scale=${scale}&t=${time}`;
  await page.send('Page.navigate', { url: link });

  const settled = `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`;
  const status = `document.getElementById('pg-status').textContent`;

  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  /** The fragment the page writes for a state; `t` only when paused. */
  const fragment = (spec, theme, scale, t) =>
    `#spec=${encodeBase64URL(spec)}&theme=${theme}&scale=${scale}` + (t === undefined ? '' : `&t=${t}`);

  /** FNV-1a over a frame's size and bytes; the page runs this very function on its canvas. */
  function fingerprint(width, height, data) {
    let h = 0x811c9dc5;
    const mix = (byte) => { h = Math.imul(h ^ byte, 0x01000193) >>> 0; };
    for (const n of [width, height]) for (let k = 0; k < 32; k += 8) mix((n >>> k) & 255);
    for (let i = 0; i < data.length; i++) mix(data[i]);
    return h;
  }
  const canvasFingerprint = `(() => {
    const c = document.getElementById('pg-canvas');
    if (c.width === 0 || c.height === 0) return -1;
    return (${fingerprint})(c.width, c.height, c.getContext('2d').getImageData(0, 0, c.width, c.height).data);
  })()`;

  async function readCanvas() {
    const canvas = await page.evaluate(`(() => {
      const c = document.getElementById('pg-canvas');
      const data = c.getContext('2d').getImageData(0, 0, Math.max(c.width, 1), Math.max(c.height, 1)).data;
      let binary = '';
      for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return { pixels: btoa(binary), width: c.width, height: c.height, cssWidth: c.style.width, cssHeight: c.style.height };
    })()`);
    return { ...canvas, pixels: Buffer.from(canvas.pixels, 'base64') };
  }

  /**
   * Waits (up to 5 s) for the canvas to show the native frame `expected`, then compares
   * it byte for byte, so a frame that never comes is reported by its first differing pixel.
   */
  async function showsFrame(label, expected) {
    const want = rgba(expected.rgba);
    const print = fingerprint(expected.width, expected.height, want);
    await page.waitFor(`${canvasFingerprint} === ${print}`, `${label}: the native frame`, 5000).catch(() => {});
    const got = await readCanvas();
    if (got.width !== expected.width || got.height !== expected.height) {
      failures.push(`${label}: canvas ${got.width}x${got.height}, native ${expected.width}x${expected.height}`);
      return got;
    }
    let differing = 0;
    let first = -1;
    for (let i = 0; i < want.length; i++) {
      if (got.pixels[i] !== want[i]) {
        differing++;
        if (first < 0) first = i;
      }
    }
    if (got.pixels.length !== want.length || differing > 0) {
      const p = first >> 2;
      failures.push(`${label}: ${differing} canvas bytes differ from native` + (first < 0 ? '' :
        ` (first at ${p % expected.width},${Math.floor(p / expected.width)}: canvas ${[...got.pixels.subarray(p * 4, p * 4 + 4)]}` +
        ` native ${[...want.subarray(p * 4, p * 4 + 4)]})`));
    }
    return got;
  }

  /** Waits (up to 5 s) for the address bar's fragment to be `expected`. */
  async function fragmentIs(expected, what) {
    await page.waitFor(`location.hash === ${JSON.stringify(expected)}`, what, 5000).catch(async (error) => {
      failures.push(`${error.message}: it is ${await page.evaluate('location.hash')}, expected ${expected}`);
    });
  }

  /** Waits for a rendering of `expected` and compares canvas, HTML and CSS with it. */
  async function checkRendering(label, expected, { scale: cssScale = scale, theme: liveTheme = theme } = {}) {
    await page.waitFor(`${status} === 'Rendered.' && document.getElementById('pg-canvas').width === ${expected.width}` +
      ` && document.getElementById('pg-canvas').height === ${expected.height}`, `${label}: a ${expected.width}x${expected.height} rendering`);
    await page.evaluate(settled);
    const canvas = await showsFrame(label, expected);
    const cssSize = `${expected.width / cssScale}px x ${expected.height / cssScale}px`;
    if (`${canvas.cssWidth} x ${canvas.cssHeight}` !== cssSize) {
      failures.push(`${label}: canvas CSS size ${canvas.cssWidth} x ${canvas.cssHeight}, expected ${cssSize}`);
    }
    const shown = await page.evaluate(`({ html: document.getElementById('pg-html').textContent,
      css: document.getElementById('pg-css').textContent,
      theme: document.getElementById('pg-live').shadowRoot.firstElementChild.dataset.theme,
      live: document.getElementById('pg-live').shadowRoot.firstElementChild.childElementCount })`);
    if (shown.html !== expected.html) failures.push(`${label}: the HTML shown is not the native emitter's`);
    if (shown.css !== expected.css) failures.push(`${label}: the CSS shown is not the native emitter's`);
    if (shown.theme !== liveTheme) failures.push(`${label}: live component theme ${shown.theme}, expected ${liveTheme}`);
    if (expected.html.trim() !== '' && shown.live === 0) failures.push(`${label}: the live component is empty`);
  }

  /** Replaces the editor's text the way a user does: select all, type. */
  async function type(text) {
    await page.evaluate(`(() => { const s = document.getElementById('pg-source'); s.focus(); s.select(); return true; })()`);
    await page.send('Input.insertText', { text });
  }

  /** A real mouse click (press and release) at the middle of the element `selector`. */
  async function click(selector) {
    const { x, y } = await page.evaluate(`(() => {
      const e = document.querySelector(${JSON.stringify(selector)});
      e.scrollIntoView({ block: 'center' });
      const r = e.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    })()`);
    for (const type of ['mousePressed', 'mouseReleased']) {
      await page.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 });
    }
  }

  /** Picks a scale in the select, as choosing an option does: new value, then `change`. */
  async function chooseScale(value) {
    await page.evaluate(`(() => {
      const select = document.getElementById('pg-scale');
      select.focus();
      select.value = '${value}';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    })()`);
  }

  /** The canvas's fingerprint, the time readout and the play button, after a frame. */
  async function snapshot() {
    await page.evaluate(settled);
    return page.evaluate(`({ print: ${canvasFingerprint}, time: document.getElementById('pg-time').value,
      button: document.getElementById('pg-play').textContent,
      pressed: document.getElementById('pg-play').getAttribute('aria-pressed') })`);
  }

  /** Playing: over half a second, the time readout moves on every read and the canvas changes. */
  async function animates(label) {
    const reads = [await snapshot()];
    for (const ms of [200, 300]) {
      await sleep(ms);
      reads.push(await snapshot());
    }
    const times = reads.map((r) => r.time);
    if (new Set(times).size !== reads.length) failures.push(`${label}: the time readout did not move: ${times.join(', ')}`);
    // Three frames: a pulse may look the same at two times mirrored about its middle, not at three.
    if (new Set(reads.map((r) => r.print)).size < 2) failures.push(`${label}: the canvas did not change in 0.5 s of playing`);
    for (const r of reads) {
      if (r.button !== 'Pause' || r.pressed !== 'true') failures.push(`${label}: play button "${r.button}", aria-pressed ${r.pressed}`);
    }
  }

  /** Paused: two reads 300 ms apart show the same frame and time, and the button offers Play. */
  async function holdsStill(label) {
    const before = await snapshot();
    await sleep(300);
    const after = await snapshot();
    if (before.print !== after.print) failures.push(`${label}: the canvas changed while paused`);
    if (before.time !== after.time) failures.push(`${label}: the time moved while paused: ${before.time}, ${after.time}`);
    if (after.button !== 'Play' || after.pressed !== 'false') {
      failures.push(`${label}: play button "${after.button}", aria-pressed ${after.pressed}`);
    }
    return after;
  }

  await checkRendering('linked spec', cases.linked);
  await holdsStill('a link with t');

  // The SwiftUI, React and web-component code comes from skelsite-exporters.wasm,
  // fetched only when the code panel first opens; then it is the native exporters' text.
  const exportersFetched = `performance.getEntriesByType('resource').some((e) => e.name.endsWith('/assets/skelsite-exporters.wasm'))`;
  if (await page.evaluate(exportersFetched)) failures.push('the exporters module was fetched before the code panel opened');
  await page.evaluate(`(() => { document.querySelector('.pg-code-out').open = true; return true; })()`);
  const frameworksShown = `document.getElementById('pg-swiftui').textContent === ${JSON.stringify(cases.linked.swiftui)}`;
  await page.waitFor(frameworksShown, 'the linked spec\'s SwiftUI view in the code panel', 5000)
    .catch((error) => failures.push(error.message));
  const code = await page.evaluate(`({ react: document.getElementById('pg-react').textContent,
    webComponent: document.getElementById('pg-web-component').textContent })`);
  if (code.react !== cases.linked.react) failures.push('linked spec: the React code shown is not the native exporter\'s');
  if (code.webComponent !== cases.linked.webComponent) {
    failures.push('linked spec: the web-component code shown is not the native exporter\'s');
  }
  if (!(await page.evaluate(exportersFetched))) failures.push('the exporters module was not fetched when the code panel opened');

  await type(cases.typed.spec);
  await checkRendering('typed spec', cases.typed);
  // With the exporters loaded, the code follows the editor.
  const typedSwiftUI = await page.evaluate(`document.getElementById('pg-swiftui').textContent`);
  if (typedSwiftUI !== cases.typed.swiftui) failures.push('typed spec: the SwiftUI view shown is not the native exporter\'s');

  // The fragment follows the editor (written 250 ms after the last change).
  const expectedHash = fragment(cases.typed.spec, theme, scale, time);
  const hash = await page.waitFor(`location.hash === ${JSON.stringify(expectedHash)} && location.hash`,
    'the URL fragment to follow the editor').catch((error) => {
    failures.push(error.message);
    return null;
  });
  if (hash && decodeBase64URL(new URLSearchParams(hash.slice(1)).get('spec')) !== cases.typed.spec) {
    failures.push('the fragment does not round-trip the typed spec');
  }

  // The controls, on the typed spec (paused at `time`, `theme`, `scale`). Each moved
  // control must give the native frame for the new setting and rewrite the fragment.
  const { controls } = cases;
  const typedBytes = rgba(cases.typed.rgba);
  if (rgba(controls.light.rgba).equals(typedBytes) || rgba(controls.scrubbed.rgba).equals(typedBytes)) {
    failures.push('fixture: the light or scrubbed frame is the same as the typed one, so it proves nothing');
  }
  const corner = (image) => [...image.pixels.subarray(0, 4)].join(',');

  // Theme: the radio buttons switch the canvas background (the top-left pixel) and the live component.
  await click('input[name="theme"][value="light"]');
  let shown = await showsFrame('theme light', controls.light);
  if (corner(shown) !== controls.background.light.join(',')) {
    failures.push(`theme light: background pixel ${corner(shown)}, expected ${controls.background.light}`);
  }
  const liveTheme = `document.getElementById('pg-live').shadowRoot.firstElementChild.dataset.theme`;
  if (await page.evaluate(liveTheme) !== 'light') failures.push('theme light: the live component kept its theme');
  await fragmentIs(fragment(cases.typed.spec, 'light', scale, time), 'the fragment to say theme=light');
  await click(`input[name="theme"][value="${theme}"]`);
  shown = await showsFrame(`theme ${theme} again`, cases.typed);
  if (corner(shown) !== controls.background[theme].join(',')) {
    failures.push(`theme ${theme}: background pixel ${corner(shown)}, expected ${controls.background[theme]}`);
  }
  if (await page.evaluate(liveTheme) !== theme) failures.push(`theme ${theme}: the live component kept its theme`);
  await fragmentIs(fragment(cases.typed.spec, theme, scale, time), `the fragment to say theme=${theme}`);

  // Scale: canvas pixels grow with the scale, its CSS size stays the spec's size in points.
  await chooseScale(1);
  const one = await showsFrame('scale 1', controls.scale1);
  const pointSize = `${one.width}px x ${one.height}px`;
  if (`${one.cssWidth} x ${one.cssHeight}` !== pointSize) failures.push(`scale 1: CSS size ${one.cssWidth} x ${one.cssHeight}`);
  await fragmentIs(fragment(cases.typed.spec, theme, 1, time), 'the fragment to say scale=1');
  for (const s of [3, 4]) {
    await chooseScale(s);
    const size = await page.waitFor(`(() => { const c = document.getElementById('pg-canvas');
        return c.width === ${one.width * s} && c.height === ${one.height * s} && c.style.width + ' x ' + c.style.height; })()`,
      `a ${one.width * s}x${one.height * s} canvas at scale ${s}`, 5000).catch((error) => failures.push(error.message));
    if (typeof size === 'string' && size !== pointSize) failures.push(`scale ${s}: CSS size ${size}, expected ${pointSize}`);
  }
  await chooseScale(scale);
  const two = await showsFrame(`scale ${scale} again`, cases.typed);
  if (two.width !== scale * one.width || two.height !== scale * one.height) {
    failures.push(`scale ${scale}: canvas ${two.width}x${two.height}, not ${scale} times ${one.width}x${one.height}`);
  }
  await fragmentIs(fragment(cases.typed.spec, theme, scale, time), `the fragment to say scale=${scale}`);

  // Scrub: the slider's time is the frame shown, the readout and the fragment's t.
  const scrubbed = controls.scrubbed;
  await page.evaluate(`(() => {
    const range = document.getElementById('pg-scrub');
    range.focus();
    range.value = '${scrubbed.time}';
    range.dispatchEvent(new Event('input', { bubbles: true }));
    return true;
  })()`);
  await showsFrame(`scrubbed to ${scrubbed.time} s`, scrubbed);
  const readout = (await holdsStill('scrubbed')).time;
  if (readout !== `${scrubbed.time.toFixed(3)} s`) failures.push(`scrubbed: the readout says ${readout}`);
  await fragmentIs(fragment(cases.typed.spec, theme, scale, scrubbed.time), `the fragment to say t=${scrubbed.time}`);

  // Play: the clock runs on from the scrubbed time and the fragment drops t.
  await click('#pg-play');
  await fragmentIs(fragment(cases.typed.spec, theme, scale), 'the fragment to drop t while playing');
  await animates('playing after the scrub');

  // Pause: the frame holds, and t comes back, at least the 0.5 s played later.
  await click('#pg-play');
  await holdsStill('paused');
  const pausedAt = await page.waitFor(`new URLSearchParams(location.hash.slice(1)).get('t')`,
    'the fragment to carry t once paused', 5000).catch((error) => failures.push(error.message));
  if (typeof pausedAt === 'string' && !(Number(pausedAt) >= scrubbed.time + 0.5)) {
    failures.push(`paused: the fragment says t=${pausedAt}, expected at least ${scrubbed.time + 0.5} (scrubbed, then played 0.5 s)`);
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

  // A link pasted over the current one (hashchange, same document): its spec, theme,
  // scale and time replace everything, the paused frame included...
  const linkedHash = fragment(cases.linked.spec, theme, scale, time);
  await page.evaluate(`location.hash = ${JSON.stringify(linkedHash)}; true`);
  await checkRendering('a link with t, followed in place', cases.linked);
  await holdsStill('a link with t, followed in place');
  // ...and a link without t plays, although the page was paused.
  const playingHash = fragment(cases.linked.spec, 'light', 1);
  await page.evaluate(`location.hash = ${JSON.stringify(playingHash)}; true`);
  await page.waitFor(`document.getElementById('pg-canvas').width === ${cases.linked.width / scale}`,
    'the link\'s scale 1 canvas', 5000).catch((error) => failures.push(error.message));
  await animates('a link without t, followed in place');
  if (await page.evaluate('location.hash') !== playingHash) failures.push('a link without t: the page rewrote its fragment');

  // A fresh page from a link without t animates from the start.
  await page.send('Page.navigate', { url: 'about:blank' });
  await page.send('Page.navigate', { url: `${origin}/playground.html${fragment(cases.linked.spec, theme, scale)}` });
  await page.waitFor(`${status} === 'Rendered.' && document.getElementById('pg-canvas').width === ${cases.linked.width}`,
    'a fresh page from a link without t to render');
  await animates('a fresh page from a link without t');

  // A link with bad fields: they are named in the status (until the spec is edited),
  // the defaults stand in for them (light: the emulated system scheme; scale 1: the
  // device pixel ratio), and the fragment is rewritten valid.
  await page.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'light' }] });
  await page.send('Page.navigate', { url: 'about:blank' });
  await page.send('Page.navigate', { url: `${origin}/playground.html#spec=${encodeBase64URL(cases.linked.spec)}&theme=dim&scale=7` });
  const notice = 'Ignored part of the link: unknown theme "dim"; scale must be 1 to 4, not "7".';
  await page.waitFor(`${status} === ${JSON.stringify(`${notice} Rendered.`)}`, 'the status to name the link\'s bad fields')
    .catch(async (error) => failures.push(`${error.message}: it says ${await page.evaluate(status)}`));
  await fragmentIs(fragment(cases.linked.spec, 'light', 1), 'the fragment to be rewritten with the defaults');
  const width = await page.evaluate(`document.getElementById('pg-canvas').width`);
  if (width !== cases.linked.width / scale) failures.push(`a link with bad fields: canvas ${width} wide, expected scale 1`);
  await type(cases.linked.spec);
  await page.waitFor(`${status} === 'Rendered.'`, 'the notice to go once the spec is edited')
    .catch(async (error) => failures.push(`${error.message}: it says ${await page.evaluate(status)}`));

  // A gallery link with the page's inherited settings: the canvas and the component
  // wear them, the page says so, the fragment keeps them; "Drop" goes back to the spec alone.
  const inherited = cases.inherited;
  await page.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: theme }] });
  await page.send('Page.navigate', { url: 'about:blank' });
  const inheritLink = `#spec=${encodeBase64URL(inherited.spec)}&inherit=${encodeBase64URL(inherited.inherit)}` +
    `&theme=${theme}&scale=${scale}&t=${time}`;
  await page.send('Page.navigate', { url: `${origin}/playground.html${inheritLink}` });
  await checkRendering('a link with inherited settings', inherited);
  const note = await page.evaluate(`({ hidden: document.getElementById('pg-inherit').hidden,
    text: document.querySelector('#pg-inherit code').textContent })`);
  if (note.hidden || note.text !== inherited.inherit.trim()) failures.push(`inherited note: ${JSON.stringify(note)}`);
  await fragmentIs(inheritLink, 'the fragment to keep the inherited settings');
  await click('#pg-inherit-drop');
  await checkRendering('inherited settings dropped', cases.linked);
  await fragmentIs(fragment(cases.linked.spec, theme, scale, time), 'the fragment without the inherited settings');
  if (!(await page.evaluate(`document.getElementById('pg-inherit').hidden`))) failures.push('the inherited note stays after Drop');

  // A fluid spec: its band's place is the custom property --sk-p, which moves smoothly
  // only when registered, and its @property rule does nothing in the live view's shadow
  // root. Held halfway through its 2 s cycle (ease-in-out: progress 0.5), the band must
  // stand at 50%, not at either end, as it would if the property jumped.
  await type('skeleton "Fluid" width=fill\n  animation shimmer duration=2s\n  rect height=20\n');
  await page.waitFor(`${status} === 'Rendered.' && document.getElementById('pg-live').shadowRoot.querySelector('.sk-s') !== null`,
    'a fluid spec to render');
  const band = await page.evaluate(`(() => {
    const live = document.getElementById('pg-live').shadowRoot;
    const animations = live.firstElementChild.getAnimations({ subtree: true });
    for (const animation of animations) { animation.pause(); animation.currentTime = 1000; }
    const shape = live.querySelector('.sk-s');
    return { animations: animations.length, p: getComputedStyle(shape, '::after').getPropertyValue('--sk-p').trim() };
  })()`);
  if (band.animations !== 1 || band.p !== '50%') {
    failures.push(`fluid band halfway through its cycle: ${JSON.stringify(band)}, expected 1 animation at --sk-p 50%`);
  }
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
console.log(`playground.test: linked, typed, themed, rescaled, scrubbed and inherited frames identical to native, ` +
  `SwiftUI, React and web-component code from the exporters module once the code panel opened, ` +
  `plays and pauses, ${cases.invalid.diagnostics.length} diagnostics at their lines, fragment kept, no console errors`);
