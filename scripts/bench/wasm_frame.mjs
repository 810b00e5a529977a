// Time per animation frame of the WebAssembly renderer in node: a 390×844-point phone
// screen holding a feed of 8 skeleton cards, at scale 2 (780×1688 pixels), with the
// shimmer band mid-cycle (every shape is partly under the band, the costly case).
// Target: under 4 ms a frame, so a 60 Hz playground spends under a quarter of its
// frame budget painting.
//
//   node scripts/bench/wasm_frame.mjs [WASM=.build-wasm/skelsite.wasm] [FRAMES=300]
//
// Three figures: `sk.render` returning a fresh Uint8ClampedArray (paint + copy out),
// `sk.render` writing into the previous frame's array as the playground does, and
// the bare `render` export (paint only).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from '../../Templates/assets/skelsite-wasm.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const wasmPath = process.argv[2] ?? `${repo}.build-wasm/skelsite.wasm`;
const frames = Number(process.argv[3] ?? 300);
// Mid-cycle: duration 1.5 s, so 0.75 s puts the band's centre mid-screen; a
// millisecond of jitter per frame keeps every frame a fresh computation.
const DURATION = 1.5;
const MID = DURATION / 2;

const FEED = `skeleton "Phone feed" width=390 height=844
  appearance background=#F2F2F7
  animation shimmer duration=${DURATION}s
  column padding=12 gap=12
    row gap=12 align=center
      rect height=28 width=50% radius=6
      spacer
      circle 28
    repeat 8
      row padding=12 gap=12 radius=12 fill=#FFFFFF align=center
        circle 40
        column gap=8 grow=1
          rect height=12 width=40% radius=4
          text lines=2 line-height=12 spacing=8 last=60%
`;

const bytes = readFileSync(wasmPath);
const sk = await load(bytes);

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { mean, median: at(0.5), p95: at(0.95), min: sorted[0] };
}
const ms = (x) => x.toFixed(3);

// The JS API, as the playground uses it.
const first = sk.render(FEED, { time: MID, scale: 2 });
if (first.diagnostics) {
  console.error('the benchmark spec does not parse:', first.diagnostics);
  process.exit(1);
}
for (let i = 0; i < 30; i++) sk.render(FEED, { time: MID + i * 0.001, scale: 2 });
const api = [];
for (let i = 0; i < frames; i++) {
  const start = performance.now();
  sk.render(FEED, { time: MID + (i % 10) * 0.001, scale: 2 });
  api.push(performance.now() - start);
}

// As the playground does it: the pixels go into the previous frame's array.
let into = first.pixels;
const reused = [];
for (let i = 0; i < frames; i++) {
  const start = performance.now();
  into = sk.render(FEED, { time: MID + (i % 10) * 0.001, scale: 2, into }).pixels;
  reused.push(performance.now() - start);
}

// The bare export: same spec bytes kept in wasm memory, handle released, no copy.
const { instance } = await WebAssembly.instantiate(bytes, {});
const wasm = instance.exports;
const utf8 = new TextEncoder().encode(FEED);
const ptr = wasm.alloc(utf8.length);
new Uint8Array(wasm.memory.buffer, ptr, utf8.length).set(utf8);
for (let i = 0; i < 30; i++) wasm.release(wasm.render(ptr, utf8.length, MID, 2, 0));
const bare = [];
for (let i = 0; i < frames; i++) {
  const start = performance.now();
  const handle = wasm.render(ptr, utf8.length, MID + (i % 10) * 0.001, 2, 0);
  bare.push(performance.now() - start);
  wasm.release(handle);
}

const a = stats(api);
const r = stats(reused);
const b = stats(bare);
console.log(`wasm frame: 390x844 pt feed of 8 cards, scale 2 (${first.width}x${first.height} px), shimmer mid-cycle, ${frames} frames`);
console.log(`  sk.render (paint + copy out): mean ${ms(a.mean)} ms, median ${ms(a.median)} ms, p95 ${ms(a.p95)} ms, min ${ms(a.min)} ms`);
console.log(`  sk.render into last frame:    mean ${ms(r.mean)} ms, median ${ms(r.median)} ms, p95 ${ms(r.p95)} ms, min ${ms(r.min)} ms`);
console.log(`  render export (paint only):   mean ${ms(b.mean)} ms, median ${ms(b.median)} ms, p95 ${ms(b.p95)} ms, min ${ms(b.min)} ms`);
console.log(`  target < 4 ms per frame (mean of sk.render into last frame, the playground's call): ${r.mean < 4 ? 'met' : 'NOT met'}`);
