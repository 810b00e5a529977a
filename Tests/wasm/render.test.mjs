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
//     "html":        [{ spec, scope, html, css }] }
// `spec` is the spec's text. Exit 0 when everything matches, 1 with a report otherwise.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

for (const c of cases.html) {
  const got = sk.html(c.spec);
  for (const key of ['scope', 'html', 'css']) {
    if (got[key] !== c[key]) {
      const at = [...(got[key] ?? '')].findIndex((ch, i) => ch !== c[key][i]);
      failures.push(`${title(c.spec)}: ${key} differs at character ${at}\n  wasm   ${JSON.stringify((got[key] ?? '').slice(Math.max(0, at - 40), at + 40))}\n  native ${JSON.stringify(c[key].slice(Math.max(0, at - 40), at + 40))}`);
    }
  }
}

if (failures.length > 0) {
  console.error(failures.join('\n'));
  console.error(`render.test: ${failures.length} mismatches`);
  process.exit(1);
}
console.log(`render.test: ${cases.frames.length} frames, ${cases.diagnostics.length} diagnostic lists, ` +
  `${cases.html.length} components identical to native`);
