// Parity of the WebAssembly build with the native core: every frame byte for byte,
// every diagnostic (line, column, message, severity), every component's HTML and CSS.
//
//   node Tests/wasm/render.test.mjs WASM EXPECTED_DIR
//
// EXPECTED_DIR/cases.json and its .rgba files are written by the native side,
// Tests/SkelsiteCLITests/WasmParityTests.swift (run it with
// `swift test --filter WasmParityTests`; it builds the wasm and calls this script):
//   { "frames":      [{ spec, time, scale, theme, width, height, rgba: "file.rgba" }],
//     "diagnostics": [{ spec, diagnostics: [{ line, column, message, severity }] }],
//     "html":        [{ spec, scope, html, css, swiftui, react, webComponent }],
// (the last three from skelsite-exporters.wasm, read from beside WASM),
//     "inherited":   [{ spec, inherit, time, scale, theme, width, height, rgba, scope, html, css }] }
// `spec` is the spec's text. Exit 0 when everything matches, 1 with a report otherwise.
//
// It also loads the module from every kind of source load() takes in node (bytes in
// each form, a compiled Module, a Response, an http URL as string and as URL) and
// checks the ones it rejects (an HTTP error, a file: URL or a path, which node's fetch
// cannot read, a number), the option checks of render(), `into`, and the defaults.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { load } from '../../Templates/assets/skelsite-wasm.js';

const [wasmPath, expectedDir] = process.argv.slice(2);
if (!wasmPath || !expectedDir) {
  console.error('usage: node Tests/wasm/render.test.mjs WASM EXPECTED_DIR');
  process.exit(2);
}
const cases = JSON.parse(readFileSync(join(expectedDir, 'cases.json'), 'utf8'));
const sk = await load(readFileSync(wasmPath));
const failures = [];
const title = (spec) => spec.split('\n').find((l) => l.trim() && !l.trim().startsWith('#'))?.trim() ?? '';

// Specs under a page's settings (the `inherit` option) first: the plain cases that
// follow then prove that `inherit: ''` (the default) drops them again.
for (const c of cases.inherited) {
  const label = `${title(c.spec)} inheriting`;
  const got = sk.render(c.spec, { time: c.time, scale: c.scale, theme: c.theme, inherit: c.inherit });
  const want = readFileSync(join(expectedDir, c.rgba));
  if (got.diagnostics || got.width !== c.width || got.height !== c.height || !Buffer.from(got.pixels).equals(want)) {
    failures.push(`${label}: frame differs from native${got.diagnostics ? ' ' + JSON.stringify(got.diagnostics) : ''}`);
  }
  const component = sk.html(c.spec, { inherit: c.inherit });
  for (const key of ['scope', 'html', 'css']) {
    if (component[key] !== c[key]) failures.push(`${label}: ${key} differs from native`);
  }
}

for (const c of cases.frames) {
  const label = `${title(c.spec)} t=${c.time} scale=${c.scale} ${c.theme}`;
  const got = sk.render(c.spec, { time: c.time, scale: c.scale, theme: c.theme });
  if (got.diagnostics) {
    failures.push(`${label}: wasm reports ${JSON.stringify(got.diagnostics)}`);
    continue;
  }
  if (got.width !== c.width || got.height !== c.height) {
    failures.push(`${label}: wasm size ${got.width}x${got.height}, native ${c.width}x${c.height}`);
    continue;
  }
  const want = readFileSync(join(expectedDir, c.rgba));
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
    const at = first < 0 ? '' : ` first at (${p % c.width}, ${Math.floor(p / c.width)}): wasm ` +
      `${[...got.pixels.subarray(p * 4, p * 4 + 4)]} native ${[...want.subarray(p * 4, p * 4 + 4)]}`;
    failures.push(`${label}: ${differing} bytes differ${at}`);
  }
}

// Compared field by field in a fixed order (JSON key order differs between writers).
const canonical = (list) => JSON.stringify((list ?? []).map((d) => [d.line, d.column, d.message, d.severity]));
const same = (a, b) => a !== undefined && canonical(a) === canonical(b);
for (const c of cases.diagnostics) {
  const got = sk.render(c.spec);
  const html = sk.html(c.spec);
  if (!same(got.diagnostics, c.diagnostics)) {
    failures.push(`${title(c.spec)}: render diagnostics\n  wasm   ${JSON.stringify(got.diagnostics)}\n  native ${JSON.stringify(c.diagnostics)}`);
  }
  if (!same(html.diagnostics, c.diagnostics)) {
    failures.push(`${title(c.spec)}: html diagnostics\n  wasm   ${JSON.stringify(html.diagnostics)}\n  native ${JSON.stringify(c.diagnostics)}`);
  }
}

// Without the exporters module, html() is the shippable component alone and
// frameworks() says what to load; with it, both carry the three framework exports.
const exportersPath = join(dirname(wasmPath), 'skelsite-exporters.wasm');
const plainKeys = Object.keys(sk.html(cases.html[0].spec)).join(',');
if (plainKeys !== 'scope,html,css,warnings,animation') failures.push(`html() before loadExporters: keys ${plainKeys}`);
if (sk.exportersLoaded) failures.push('exportersLoaded before loadExporters');
await rejects('frameworks() before loadExporters', () => sk.frameworks(cases.html[0].spec), Error,
  'skelsite-exporters.wasm is not loaded: await sk.loadExporters() first');
await rejects('loadExporters() of a module loaded from bytes', () => sk.loadExporters(), TypeError,
  'loadExporters(source): say where skelsite-exporters.wasm is (the core module was not loaded from a URL)');
if ((await sk.loadExporters(readFileSync(exportersPath))) !== sk) failures.push('loadExporters does not resolve to sk');
if (!sk.exportersLoaded) failures.push('exportersLoaded is false after loadExporters');
for (const c of cases.diagnostics) {
  if (!same(sk.frameworks(c.spec).diagnostics, c.diagnostics)) failures.push(`${title(c.spec)}: frameworks diagnostics differ from native`);
}

for (const c of cases.html) {
  const got = sk.html(c.spec);
  const frameworks = sk.frameworks(c.spec);
  for (const key of ['swiftui', 'react', 'webComponent']) {
    if (frameworks[key] !== c[key]) failures.push(`${title(c.spec)}: frameworks().${key} differs from native`);
  }
  for (const key of ['scope', 'html', 'css', 'swiftui', 'react', 'webComponent']) {
    if (got[key] !== c[key]) {
      const at = [...(got[key] ?? '')].findIndex((ch, i) => ch !== c[key][i]);
      failures.push(`${title(c.spec)}: ${key} differs at character ${at}\n  wasm   ${JSON.stringify((got[key] ?? '').slice(Math.max(0, at - 40), at + 40))}\n  native ${JSON.stringify(c[key].slice(Math.max(0, at - 40), at + 40))}`);
    }
  }
}

// Sources. Each module loaded must paint the first frame (the defaults: t=0, scale 1,
// light) exactly as the native painter did.
const first = cases.frames[0];
const firstBytes = readFileSync(join(expectedDir, first.rgba));
if (first.time !== 0 || first.scale !== 1 || first.theme !== 'light') failures.push('fixture: frames[0] is not the default frame');
const wasmBytes = readFileSync(wasmPath);
const server = createServer((request, response) => {
  if (request.url === '/skelsite-exporters.wasm') {
    response.writeHead(200, { 'content-type': 'application/wasm' }).end(readFileSync(exportersPath));
  } else if (request.url === '/skelsite.wasm' || request.url === '/untyped.wasm') {
    const type = request.url === '/skelsite.wasm' ? 'application/wasm' : 'application/octet-stream';
    response.writeHead(200, { 'content-type': type }).end(wasmBytes);
  } else {
    response.writeHead(404).end('not found');
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
// The bytes at an offset inside a larger buffer: load() must copy just the view.
const padded = new Uint8Array(wasmBytes.length + 24).fill(0xEE);
padded.set(wasmBytes, 16);
const sources = {
  'Buffer (node)': wasmBytes,
  'ArrayBuffer': wasmBytes.buffer.slice(wasmBytes.byteOffset, wasmBytes.byteOffset + wasmBytes.byteLength),
  'Uint8Array at an offset': new Uint8Array(padded.buffer, 16, wasmBytes.length),
  'DataView': new DataView(padded.buffer, 16, wasmBytes.length),
  'WebAssembly.Module': new WebAssembly.Module(wasmBytes),
  'Response (application/wasm)': new Response(wasmBytes, { headers: { 'content-type': 'application/wasm' } }),
  'Response (other type)': new Response(wasmBytes, { headers: { 'content-type': 'application/octet-stream' } }),
  'http URL string': `${origin}/skelsite.wasm`,
  'http URL object': new URL('/skelsite.wasm', origin),
  'http URL, not application/wasm': `${origin}/untyped.wasm`,
};
let loaded = 0;
for (const [name, source] of Object.entries(sources)) {
  try {
    const other = await load(source);
    const got = other.render(first.spec);
    if (got.diagnostics || got.width !== first.width || got.height !== first.height || !Buffer.from(got.pixels).equals(firstBytes)) {
      failures.push(`load(${name}): the default frame is not the native one`);
    } else {
      loaded++;
    }
  } catch (error) {
    failures.push(`load(${name}) failed: ${error.message}`);
  }
}
/** Expects `promiseOrCall` to reject (or throw) a `type` whose message is `message` (or matches it). */
async function rejects(label, run, type, message) {
  try {
    await run();
    failures.push(`${label}: did not fail`);
  } catch (error) {
    const text = error.message;
    const matches = message instanceof RegExp ? message.test(text) : text === message;
    if (!(error instanceof type) || !matches) failures.push(`${label}: ${error.constructor.name}: ${text}`);
  }
}
// A core module loaded from a URL finds the exporters beside it; load's `exporters`
// option starts both at once.
try {
  const beside = await load(`${origin}/skelsite.wasm`);
  await beside.loadExporters();
  const both = await load(wasmBytes, { exporters: readFileSync(exportersPath) });
  const want = cases.html[0];
  if (beside.frameworks(want.spec).swiftui !== want.swiftui) failures.push('loadExporters() beside a URL: SwiftUI differs from native');
  if (both.html(want.spec).react !== want.react) failures.push('load(bytes, { exporters }): html().react differs from native');
} catch (error) {
  failures.push(`the exporters module beside a URL, or load's exporters option: ${error.message}`);
}
await rejects('loadExporters(HTTP 404)', async () => (await load(wasmBytes)).loadExporters(`${origin}/missing.wasm`), Error,
  `skelsite-exporters.wasm: HTTP 404 for ${origin}/missing.wasm`);
await rejects('load(HTTP 404)', () => load(`${origin}/missing.wasm`), Error, `skelsite.wasm: HTTP 404 for ${origin}/missing.wasm`);
// Node's fetch reads no file: URLs, and a path is not a URL: in node, pass the bytes.
await rejects('load(file: URL)', () => load(pathToFileURL(wasmPath)), TypeError, /fetch failed/);
await rejects('load(path)', () => load(wasmPath), TypeError, /Failed to parse URL/);
await rejects('load(42)', () => load(42), TypeError, 'load(source): expected a URL, bytes, a Response or a WebAssembly.Module');
server.close();

// Options: bad values throw before anything is painted.
const spec = first.spec;
const badOptions = [
  [{ theme: 'blue' }, RangeError, `theme must be 'light' or 'dark', not "blue"`],
  [{ theme: 'Dark' }, RangeError, `theme must be 'light' or 'dark', not "Dark"`],
  [{ scale: 0 }, RangeError, 'scale must be a whole number from 1 to 4, not 0'],
  [{ scale: 5 }, RangeError, 'scale must be a whole number from 1 to 4, not 5'],
  [{ scale: 1.5 }, RangeError, 'scale must be a whole number from 1 to 4, not 1.5'],
  [{ time: NaN }, RangeError, 'time must be a finite number of seconds, not NaN'],
  [{ time: Infinity }, RangeError, 'time must be a finite number of seconds, not Infinity'],
  [{ time: '1' }, RangeError, 'time must be a finite number of seconds, not 1'],
];
for (const [options, type, message] of badOptions) {
  await rejects(`render(spec, ${JSON.stringify(options)})`, () => sk.render(spec, options), type, message);
}
await rejects('render(42)', () => sk.render(42), TypeError, 'spec text must be a string');
await rejects('render(spec, { inherit: 7 })', () => sk.render(spec, { inherit: 7 }), TypeError,
  'inherit must be a string of settings lines');
await rejects('html(spec, { inherit: bad })', () => sk.html(spec, { inherit: 'lang en\nappearance bsae=#fff' }), RangeError,
  "inherit: line 2, column 12: unknown attribute 'bsae' on appearance; did you mean 'base'?");
await rejects('html(null)', () => sk.html(null), TypeError, 'spec text must be a string');

// `into`: filled and returned when its length is exactly width·height·4, else left alone.
const into = new Uint8ClampedArray(first.width * first.height * 4);
const reused = sk.render(spec, { into });
if (reused.pixels !== into || !Buffer.from(into).equals(firstBytes)) failures.push('render({ into }): not filled and returned');
const short = new Uint8ClampedArray(4);
const fresh = sk.render(spec, { into: short });
if (fresh.pixels === short || short.some((b) => b !== 0) || !Buffer.from(fresh.pixels).equals(firstBytes)) {
  failures.push('render({ into: too short }): not a new array, or the short one was written');
}

// What the results carry besides pixels: animation (seconds) and warnings.
const pulse = 'skeleton "Timing" width=40\n  animation pulse duration=2s delay=250ms\n  rect 10x10\n';
for (const [name, result] of [['render', sk.render(pulse)], ['html', sk.html(pulse)]]) {
  const want = JSON.stringify({ kind: 'pulse', duration: 2, delay: 0.25, moves: true, period: 2 });
  if (JSON.stringify(result.animation) !== want) failures.push(`${name}: animation ${JSON.stringify(result.animation)}, expected ${want}`);
  if (JSON.stringify(result.warnings) !== '[]') failures.push(`${name}: warnings ${JSON.stringify(result.warnings)}`);
}

// `moves` is the core's Animation.moves: the emitted CSS has sweep or pulse @keyframes
// exactly when it is true, for every kind (the native CSS of the fixtures, and these).
const kinds = ['none', 'gradient', 'pulse', 'shimmer'].map((kind) => `skeleton "${kind}" width=40\n  animation ${kind}\n  rect 10x10\n`);
for (const spec of [...cases.html.map((c) => c.spec), ...kinds]) {
  const { scope, css, animation } = sk.html(spec);
  const keyframes = css.includes(`@keyframes ${scope}-sweep{`) || css.includes(`@keyframes ${scope}-pulse{`);
  if (animation.moves !== keyframes) failures.push(`${title(spec)}: moves ${animation.moves} but keyframes ${keyframes}`);
}
const movingKinds = kinds.map((spec) => sk.html(spec).animation.moves);
if (JSON.stringify(movingKinds) !== '[false,false,true,true]') failures.push(`moves by kind: ${movingKinds}`);

// period: the whole cycle, duration plus interval, doubled by a shimmer's repeat=reverse.
for (const [line, want] of [['animation pulse duration=2s interval=0.5s', 2.5], ['animation shimmer duration=1s interval=250ms repeat=reverse', 2.5],
                            ['animation pulse duration=2s repeat=reverse', 2]]) {
  const got = sk.html(`skeleton "Period" width=40\n  ${line}\n  rect 10x10\n`).animation.period;
  if (got !== want) failures.push(`${line}: period ${got}, expected ${want}`);
}
const rested = 'skeleton "Rest" width=40\n  animation shimmer duration=1s interval=1s\n  rect 10x10\n';
if (sk.render(rested, { time: 3.5 }).cycleTime !== 1.5) failures.push('cycleTime with an interval: not t mod (duration + interval)');

// cycleTime: the painter's t mod T for the frame.
for (const [time, want] of [[0, 0], [0.5, 0.5], [2.5, 0.5], [4, 0]]) {
  const got = sk.render(pulse, { time }).cycleTime;
  if (got !== want) failures.push(`render(pulse, { time: ${time} }).cycleTime ${got}, expected ${want}`);
}

if (failures.length > 0) {
  console.error(failures.join('\n'));
  console.error(`render.test: ${failures.length} mismatches`);
  process.exit(1);
}
console.log(`render.test: ${cases.frames.length} frames, ${cases.diagnostics.length} diagnostic lists, ` +
  `${cases.html.length} components identical to native; ${cases.inherited.length} specs under inherited settings identical; ` +
  `${loaded} sources load, 4 refused; ${badOptions.length + 4} bad arguments throw`);
