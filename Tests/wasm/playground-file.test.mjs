// The playground opened from a file: URL (a built site opened from disk), in headless
// Chromium: browsers refuse ES modules and fetch there, so the page must run
// playground-file.js with the module from skelsite.wasm.js (site/guides/playground-api.md). Opens a link
// carrying a spec and compares the canvas byte for byte with the native frame, opens the
// code panel and expects the native SwiftUI view (from skelsite-exporters.wasm.js); then
// opens a copy of the site without its module and expects the page to say why.
//
//   node Tests/wasm/playground-file.test.mjs SITE_DIR BROKEN_SITE_DIR CASE_JSON
//
// CASE_JSON, from Tests/SkelsiteCLITests/PlaygroundFileURLTests.swift:
//   { spec, time, scale, theme, width, height, rgba, swiftui, missingStatus }
// with the native frame's pixels in the file `rgba` beside it; BROKEN_SITE_DIR is the
// site without assets/skelsite.wasm and assets/skelsite.wasm.js.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Browser } from './cdp.mjs';
import { encodeBase64URL } from '../../Templates/assets/playground-fragment.js';

const [siteDir, brokenDir, casePath] = process.argv.slice(2);
if (!siteDir || !brokenDir || !casePath) {
  console.error('usage: node Tests/wasm/playground-file.test.mjs SITE_DIR BROKEN_SITE_DIR CASE_JSON');
  process.exit(2);
}
const expected = JSON.parse(readFileSync(casePath, 'utf8'));
const want = readFileSync(join(dirname(casePath), expected.rgba));
const failures = [];

const browser = await Browser.launch();
try {
  const page = await browser.newPage();
  const exceptions = [];
  page.on(({ method, params }) => {
    if (method === 'Runtime.exceptionThrown') {
      exceptions.push(params.exceptionDetails.exception?.description ?? params.exceptionDetails.text);
    }
  });
  await page.send('Runtime.enable');
  await page.send('Page.enable');
  const status = `document.getElementById('pg-status').textContent`;

  const playground = pathToFileURL(join(resolve(siteDir), 'playground.html')).href;
  await page.send('Page.navigate', { url: `${playground}#spec=${encodeBase64URL(expected.spec)}` +
    `&theme=${expected.theme}&scale=${expected.scale}&t=${expected.time}` });
  await page.waitFor(`(() => { const c = document.getElementById('pg-canvas');
    return c && c.width === ${expected.width} && c.height === ${expected.height}; })()`,
    'the canvas at the native size', 15000).catch((error) => failures.push(error.message));
  const canvas = await page.evaluate(`(() => {
    const c = document.getElementById('pg-canvas');
    const data = c.getContext('2d').getImageData(0, 0, Math.max(c.width, 1), Math.max(c.height, 1)).data;
    let binary = '';
    for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return btoa(binary);
  })()`);
  const got = Buffer.from(canvas, 'base64');
  let differing = 0;
  for (let i = 0; i < want.length; i++) if (got[i] !== want[i]) differing++;
  if (got.length !== want.length || differing > 0) {
    failures.push(`file: URL: ${differing} canvas bytes differ from native (${got.length} vs ${want.length} bytes); ` +
      `status: ${await page.evaluate(status)}`);
  }
  const shown = await page.evaluate(status);
  if (shown !== 'Rendered.') failures.push(`file: URL: status '${shown}', expected 'Rendered.'`);

  // The exporters module, from its base64 copy skelsite-exporters.wasm.js, once the code panel opens.
  await page.evaluate(`(() => { document.querySelector('.pg-code-out').open = true; return true; })()`);
  await page.waitFor(`document.getElementById('pg-swiftui').textContent === ${JSON.stringify(expected.swiftui)}`,
    'the native SwiftUI view in the code panel', 15000).catch(async (error) => {
    failures.push(`${error.message}: it shows '${(await page.evaluate(`document.getElementById('pg-swiftui').textContent`)).slice(0, 200)}'`);
  });

  const broken = pathToFileURL(join(resolve(brokenDir), 'playground.html')).href;
  await page.send('Page.navigate', { url: broken });
  await page.waitFor(`document.getElementById('pg-status').dataset.failed === 'true'`,
    'the page to say the module is missing', 15000).catch((error) => failures.push(error.message));
  const missing = await page.evaluate(status);
  if (missing !== expected.missingStatus) {
    failures.push(`without the module: status '${missing}', expected '${expected.missingStatus}'`);
  }
  if (exceptions.length > 0) failures.push(`exceptions: ${exceptions.join('; ')}`);
} finally {
  await browser.close();
}
if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log('playground-file.test: file: URL frame identical to native, SwiftUI view from the exporters module; ' +
  'without the module the page says why');
