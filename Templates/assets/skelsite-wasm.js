/**
 * skelsite-wasm.js: the skelsite core renderer, compiled to WebAssembly, as one
 * dependency-free ES module. It paints a skeleton spec to RGBA pixels that equal the
 * `skelsite render` PNGs byte for byte, and emits the same HTML and CSS the site
 * generator ships. It fetches nothing of its own: you say where skelsite.wasm is.
 *
 * ## Loading
 *
 *     import { load } from './skelsite-wasm.js';
 *     const sk = await load(new URL('skelsite.wasm', import.meta.url));   // browser
 *     const sk = await load(fs.readFileSync('skelsite.wasm'));             // node
 *
 * `load(source)` accepts a URL string or `URL` (fetched with `fetch`; streaming
 * compilation when the server sends `application/wasm`), the module's bytes
 * (`ArrayBuffer`, `Uint8Array` or any typed-array view), a `Response`, or an already
 * compiled `WebAssembly.Module`. It resolves to an object `sk`.
 *
 * ## sk.render(specText, { time = 0, scale = 1, theme = 'light', into })
 *
 * Paints one frame. `specText` is the spec's text (what goes inside a ```skeleton
 * fence); `time` is in seconds (the shimmer/pulse phase; 0 is the solid base);
 * `scale` is whole pixels per point, 1 to 4; `theme` is `'light'` or `'dark'`.
 * `into` (optional) is a `Uint8ClampedArray` to write the pixels into, typically
 * the `data` of the `ImageData` of the previous frame: when its length is exactly
 * width·height·4 it is filled and returned as `pixels`, else a new array is.
 * Returns either
 *
 *     { width, height, pixels, warnings, animation, cycleTime }
 *
 * where `pixels` is a `Uint8ClampedArray` of width·height·4 straight-alpha sRGB bytes
 * (ready for `new ImageData(pixels, width, height)`), `warnings` lists non-fatal
 * diagnostics, `animation` is `{ kind, duration, delay, moves, period }` (kind 'none',
 * 'gradient', 'pulse' or 'shimmer'; seconds; `moves` is the core's own answer to
 * whether frames change with time, so a player redraws only when it is true;
 * `period` is the whole cycle: the duration plus the spec's `interval`, doubled by
 * `repeat=reverse`), and `cycleTime` is where in its cycle the frame is (`time` mod
 * `period`, as the painter takes it); or, when the spec does not parse,
 *
 *     { diagnostics: [{ line, column, message, severity }, ...] }
 *
 * with every problem in source order, positions 1-based (columns count UTF-8 bytes),
 * the same as `skelsite check` prints. Bad options (unknown theme, scale outside
 * 1...4, a time that is not a finite number, a spec that is not a string) throw a
 * `TypeError` or `RangeError`.
 *
 * Rendering the same text again reuses the parsed spec and its layout, and, per
 * scale and theme, its backdrop (background and `fill` surfaces) and each shape's
 * recorded edge coverage, so animating a spec repaints only its shapes' colours;
 * the pixels are the same as a whole repaint's.
 *
 * ## Inherited settings: the `inherit` option
 *
 * `render` and `html` take `inherit`, the settings a spec inherits from where it is
 * written (its page's front matter, the project file): `appearance …`, `animation …` and
 * `lang …` lines, as site/reference/appearance.md describes them, e.g.
 * `'appearance base=#F1E4D8\nlang fr\n'`. The default `''` inherits nothing. A line the
 * core cannot read throws a `RangeError` naming its line and column.
 *
 * ## sk.html(specText, { inherit })
 *
 * Returns `{ scope, html, css, warnings, animation }`: the component's scope class
 * (e.g. `sk-3f2a9c1b`), its HTML and its CSS, exactly as `skelsite build` emits them,
 * with warnings and animation as for `render`; or `{ diagnostics }` as above. It paints
 * nothing, so it is the cheap way to validate a spec. Once the exporters module is
 * loaded (below), the object also has `swiftui`, `react` and `webComponent`.
 *
 * ## The exporters: skelsite-exporters.wasm
 *
 * The SwiftUI, React and web-component exporters are a second module, so the first
 * frame does not wait for them. `await sk.loadExporters(source)` starts it (`source` as
 * for `load`; by default `skelsite-exporters.wasm` beside a core module loaded from a
 * URL) and resolves to `sk`; `load(source, { exporters })` starts both at once. Then
 * `sk.frameworks(specText, { inherit })` returns `{ swiftui, react, webComponent }`: the
 * spec as a SwiftUI view, as `skelsite export --format swiftui` writes it (without the
 * shared support file), as a React component (`--format react`'s JSX) and as a custom
 * element (`--format web-component`'s module); or `{ diagnostics }`. Before the module
 * is loaded it throws; `sk.exportersLoaded` says whether it is.
 *
 * ## Errors
 *
 * If the renderer itself fails (out of memory for a huge spec at scale 4, or a bug),
 * the call returns `{ diagnostics }` with one entry at line 1, column 1 whose message
 * starts with "renderer failed:", and the module is restarted so the next call works.
 */

const KIND_IMAGE = 0;
const KIND_DIAGNOSTICS = 1;
const KIND_HTML = 2;
const KIND_FRAMEWORKS = 3;
/** The second module, with the SwiftUI, React and web-component exporters. */
const EXPORTERS_FILE = 'skelsite-exporters.wasm';
const HEADER_WORDS = 8;
/** Largest scale the core accepts (SkeletonCore Limits.maxScale). */
const MAX_SCALE = 4;
const THEMES = { light: 0, dark: 1 };
const ANIMATION_KINDS = ['none', 'gradient', 'pulse', 'shimmer'];

/** Compiles `source` (URL, bytes, Response or Module) to a WebAssembly.Module; `name` is for errors. */
async function compile(source, name = 'skelsite.wasm', caller = 'load(source)') {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer) return WebAssembly.compile(source);
  if (ArrayBuffer.isView(source)) {
    return WebAssembly.compile(source.buffer.slice(source.byteOffset, source.byteOffset + source.byteLength));
  }
  if (typeof source === 'string' || source instanceof URL) {
    source = await fetch(source);
  }
  if (typeof Response !== 'undefined' && source instanceof Response) {
    if (!source.ok) throw new Error(`${name}: HTTP ${source.status} for ${source.url}`);
    const type = source.headers.get('content-type') || '';
    if (WebAssembly.compileStreaming && type.startsWith('application/wasm')) {
      return WebAssembly.compileStreaming(source);
    }
    return WebAssembly.compile(await source.arrayBuffer());
  }
  throw new TypeError(`${caller}: expected a URL, bytes, a Response or a WebAssembly.Module`);
}

/** Reads the little-endian encodings written by Sources/SkeletonWasm/ByteWriter.swift. */
class Reader {
  constructor(bytes) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.at = 0;
    this.decoder = new TextDecoder();
  }
  u32() {
    const v = this.view.getUint32(this.at, true);
    this.at += 4;
    return v;
  }
  text() {
    const n = this.u32();
    const s = this.decoder.decode(this.bytes.subarray(this.at, this.at + n));
    this.at += n;
    return s;
  }
  f64() {
    const v = this.view.getFloat64(this.at, true);
    this.at += 8;
    return v;
  }
  animation() {
    const kind = ANIMATION_KINDS[this.u32()];
    return { kind, duration: this.f64(), delay: this.f64(), moves: this.u32() === 1, period: this.f64() };
  }
  diagnostics() {
    const list = [];
    for (let i = this.u32(); i > 0; i--) {
      const line = this.u32();
      const column = this.u32();
      const severity = this.u32() === 0 ? 'error' : 'warning';
      list.push({ line, column, message: this.text(), severity });
    }
    return list;
  }
}

function checkSpec(specText) {
  if (typeof specText !== 'string') throw new TypeError('spec text must be a string');
}

function checkInherit(inherit) {
  if (typeof inherit !== 'string') throw new TypeError('inherit must be a string of settings lines');
}

/**
 * One started module: calls into it with a spec in its memory, and keeps what it was
 * told to inherit. Each module (the core and the exporters) has its own memory, so each
 * has one of these.
 */
async function start(module) {
  let exports = (await WebAssembly.instantiate(module, {})).exports;
  const encoder = new TextEncoder();
  /** What the module was last told to inherit; null: unknown (sent again next call). */
  let inherited = '';

  /** Calls `fn(exports, specPtr, specLen)` with the spec in wasm memory and decodes the handle. */
  function call(specText, fn, decode) {
    const utf8 = encoder.encode(specText);
    try {
      const ptr = exports.alloc(Math.max(utf8.length, 1));
      if (ptr === 0) throw new Error('out of memory');
      new Uint8Array(exports.memory.buffer, ptr, utf8.length).set(utf8);
      let handle = 0;
      try {
        handle = fn(exports, ptr, utf8.length);
        // Views are made after the call: memory may have grown (and moved) during it.
        const memory = exports.memory.buffer;
        const h = new Uint32Array(memory, handle, HEADER_WORDS);
        const data = new Uint8Array(memory, h[5], h[6]);
        if (h[0] === KIND_DIAGNOSTICS) return { diagnostics: new Reader(data).diagnostics() };
        return decode(h, memory, new Reader(data));
      } finally {
        if (handle !== 0) exports.release(handle);
        exports.free(ptr);
      }
    } catch (error) {
      if (!(error instanceof WebAssembly.RuntimeError) && error.message !== 'out of memory') throw error;
      // A trap leaves the module's heap in an unknown state: start a fresh instance.
      exports = new WebAssembly.Instance(module, {}).exports;
      inherited = '';
      return { diagnostics: [{ line: 1, column: 1, message: `renderer failed: ${error.message}`, severity: 'error' }] };
    }
  }

  /** Tells the module what specs inherit, when that changed since the last call. */
  function inheritFrom(text) {
    checkInherit(text);
    if (text === inherited) return;
    inherited = null;
    const result = call(text, (e, ptr, len) => e.inherit(ptr, len), () => null);
    const error = result && result.diagnostics.find((d) => d.severity === 'error');
    if (error) throw new RangeError(`inherit: line ${error.line}, column ${error.column}: ${error.message}`);
    inherited = text;
  }

  return { call, inheritFrom };
}

/** Where the exporters module is when the caller did not say: beside a core module given as a URL. */
function exportersBeside(source) {
  if (typeof source === 'string' || source instanceof URL) return new URL(EXPORTERS_FILE, source);
  if (typeof Response !== 'undefined' && source instanceof Response && source.url) {
    return new URL(EXPORTERS_FILE, source.url);
  }
  return null;
}

export async function load(source, { exporters = null } = {}) {
  const core = await start(await compile(source));
  /** The exporters module: null until loadExporters starts it, then a promise of it. */
  let frameworks = null;
  /** The started exporters module, once that promise has resolved. */
  let started = null;

  function loadExporters(from = exporters ?? exportersBeside(source)) {
    if (frameworks) return frameworks;
    if (from === null) {
      return Promise.reject(new TypeError(`loadExporters(source): say where ${EXPORTERS_FILE} is (the core module was not loaded from a URL)`));
    }
    frameworks = compile(from, EXPORTERS_FILE, 'loadExporters(source)').then(start).then((module) => {
      started = module;
      return sk;
    }, (error) => {
      frameworks = null; // a later call may try again
      throw error;
    });
    return frameworks;
  }

  /** The three framework exports of `specText`, from the started exporters module. */
  function exportFrameworks(specText, inherit) {
    started.inheritFrom(inherit);
    return started.call(specText, (e, ptr, len) => e.frameworks(ptr, len), (h, memory, reader) => {
      if (h[0] !== KIND_FRAMEWORKS) throw new Error(`${EXPORTERS_FILE}: unexpected result kind ${h[0]}`);
      return { swiftui: reader.text(), react: reader.text(), webComponent: reader.text() };
    });
  }

  const sk = {
    render(specText, { time = 0, scale = 1, theme = 'light', into = null, inherit = '' } = {}) {
      checkSpec(specText);
      checkInherit(inherit);
      if (typeof theme !== 'string' || !Object.hasOwn(THEMES, theme)) {
        throw new RangeError(`theme must be 'light' or 'dark', not ${JSON.stringify(theme)}`);
      }
      if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE) {
        throw new RangeError(`scale must be a whole number from 1 to ${MAX_SCALE}, not ${scale}`);
      }
      if (typeof time !== 'number' || !Number.isFinite(time)) {
        throw new RangeError(`time must be a finite number of seconds, not ${time}`);
      }
      core.inheritFrom(inherit);
      return core.call(specText, (e, ptr, len) => e.render(ptr, len, time, scale, THEMES[theme]), (h, memory, reader) => {
        if (h[0] !== KIND_IMAGE) throw new Error(`skelsite.wasm: unexpected result kind ${h[0]}`);
        // A copy: the wasm buffer is freed on release and detached when memory grows.
        // Into the caller's array when it fits, which spares an allocation per frame.
        const source = new Uint8ClampedArray(memory, h[3], h[4]);
        const reuse = into instanceof Uint8ClampedArray && into.length === h[4];
        const pixels = reuse ? into : new Uint8ClampedArray(h[4]);
        pixels.set(source);
        const warnings = reader.diagnostics();
        const animation = reader.animation();
        return { width: h[1], height: h[2], pixels, warnings, animation, cycleTime: reader.f64() };
      });
    },

    html(specText, { inherit = '' } = {}) {
      checkSpec(specText);
      core.inheritFrom(inherit);
      const result = core.call(specText, (e, ptr, len) => e.html(ptr, len), (h, memory, reader) => {
        if (h[0] !== KIND_HTML) throw new Error(`skelsite.wasm: unexpected result kind ${h[0]}`);
        const scope = reader.text();
        const html = reader.text();
        const css = reader.text();
        return { scope, html, css, warnings: reader.diagnostics(), animation: reader.animation() };
      });
      if (started === null || result.diagnostics) return result;
      const more = exportFrameworks(specText, inherit);
      return more.diagnostics ? more : Object.assign(result, more);
    },

    loadExporters,

    get exportersLoaded() {
      return started !== null;
    },

    frameworks(specText, { inherit = '' } = {}) {
      checkSpec(specText);
      checkInherit(inherit);
      if (started === null) throw new Error(`${EXPORTERS_FILE} is not loaded: await sk.loadExporters() first`);
      return exportFrameworks(specText, inherit);
    },
  };
  if (exporters !== null) await loadExporters(exporters);
  return sk;
}
