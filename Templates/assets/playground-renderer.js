// Loads the playground's renderer. skelsite.wasm (beside this script) is fetched when
// fetch can work; a page opened from a file: URL cannot fetch it, and a fetch can
// fail, so then the module comes from skelsite.wasm.js, the same bytes as base64 in a
// classic script that `skelsite build` writes beside it. When neither loads, the error
// says why each failed.
import { load } from './skelsite-wasm.js';

export async function loadRenderer(base) {
  const wasmURL = new URL('skelsite.wasm', base);
  let fetchProblem = 'a page opened from a file: URL cannot fetch it';
  if (wasmURL.protocol !== 'file:') {
    try {
      return await load(wasmURL);
    } catch (error) {
      fetchProblem = error.message;
    }
  }
  let bytes;
  try {
    bytes = await embeddedModule(new URL('skelsite.wasm.js', base));
  } catch (error) {
    throw new Error(`assets/skelsite.wasm did not load (${fetchProblem}), nor did its copy assets/skelsite.wasm.js (${error.message})`);
  }
  return load(bytes);
}

/** The bytes skelsite.wasm.js carries: it sets `globalThis.skelsiteWasmBase64`. */
function embeddedModule(url) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url.href;
    script.onload = () => {
      const text = globalThis.skelsiteWasmBase64;
      delete globalThis.skelsiteWasmBase64;
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
