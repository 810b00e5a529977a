// Loads the playground's renderer. skelsite.wasm (beside this script) is fetched when
// fetch can work; a page opened from a file: URL cannot fetch it, and a fetch can
// fail, so then the module comes from skelsite.wasm.js, the same bytes as base64 in a
// classic script that `skelsite build` writes beside it. When neither loads, the error
// says why each failed. The exporters module (skelsite-exporters.wasm, the SwiftUI,
// React and web-component code) loads the same way, when the page first shows that code.
import { load } from './skelsite-wasm.js';

export async function loadRenderer(base) {
  return startModule(base, 'skelsite.wasm', 'skelsiteWasmBase64', (source) => load(source));
}

/** Starts `sk`'s exporters module, from beside this script or from its base64 copy. */
export async function loadExporters(sk, base) {
  return startModule(base, 'skelsite-exporters.wasm', 'skelsiteExportersWasmBase64', (source) => sk.loadExporters(source));
}

/**
 * Starts `name` with `start(source)`: from its URL when fetch can work, else (or when
 * that fails) from the bytes of its base64 copy `name.js`, which sets `globalThis[global]`.
 */
async function startModule(base, name, global, start) {
  const wasmURL = new URL(name, base);
  let fetchProblem = 'a page opened from a file: URL cannot fetch it';
  if (wasmURL.protocol !== 'file:') {
    try {
      return await start(wasmURL);
    } catch (error) {
      fetchProblem = error.message;
    }
  }
  let bytes;
  try {
    bytes = await embeddedModule(new URL(`${name}.js`, base), global);
  } catch (error) {
    throw new Error(`assets/${name} did not load (${fetchProblem}), nor did its copy assets/${name}.js (${error.message})`);
  }
  return start(bytes);
}

/** The bytes a module's base64 copy carries: it sets `globalThis[global]`. */
function embeddedModule(url, global) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url.href;
    script.onload = () => {
      const text = globalThis[global];
      delete globalThis[global];
      script.remove();
      if (typeof text !== 'string') {
        reject(new Error('it does not carry the module'));
        return;
      }
      const binary = atob(text);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      resolve(bytes);
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('missing'));
    };
    document.head.append(script);
  });
}
