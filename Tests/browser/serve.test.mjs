// `skelsite serve` in headless Chromium: the page served on loopback reloads itself
// after a save, a broken doc puts the build's diagnostic in an overlay over the last
// good page, and fixing the doc reloads the page without the overlay.
//
//   node Tests/browser/serve.test.mjs ORIGIN DOC_PATH
//
// ORIGIN is a running `skelsite serve` (http://127.0.0.1:PORT); DOC_PATH is the
// served docs folder's index.md, which this script edits. Driven by
// Tests/SkelsiteCLITests/ServeBrowserTests.swift. Prints a JSON summary; exit 0 when
// every check passed.
import { readFileSync, writeFileSync } from 'node:fs';
import { keepEventSources, streamOpen } from './live-reload-spy.mjs';
import { Browser } from '../wasm/cdp.mjs';

const [origin, docPath] = process.argv.slice(2);
if (!origin || !docPath) {
  console.error('usage: node Tests/browser/serve.test.mjs ORIGIN DOC_PATH');
  process.exit(2);
}
const original = readFileSync(docPath, 'utf8');
const failures = [];
const check = (ok, message) => { if (!ok) failures.push(message); };
// The doc's own heading (the gallery index also has the site title as an h1).
const heading = (text) => `[...document.querySelectorAll('h1')].some((h) => h.textContent === ${JSON.stringify(text)})`;

const browser = await Browser.launch();
const summary = {};
try {
  const page = await browser.newPage();
  const exceptions = [];
  page.on(({ method, params }) => {
    if (method === 'Runtime.exceptionThrown') exceptions.push(params.exceptionDetails.text);
  });
  await page.send('Runtime.enable');
  await page.send('Page.enable');
  await page.send('Page.addScriptToEvaluateOnNewDocument', { source: keepEventSources });
  await page.send('Page.navigate', { url: `${origin}/index.html` });
  await page.waitFor(`document.readyState === 'complete' && ${heading('Version one')}`,
    'the first page');
  // Mark this document: a reload replaces the window and loses the mark.
  await page.evaluate(`window.__skelsiteMark = 1; true`);
  // Wait until the event stream is open, so the save below cannot beat it.
  await page.waitFor(streamOpen,
    'the live-reload event stream');

  // 1. A save reloads the page with the new text.
  writeFileSync(docPath, original.replace('Version one', 'Version two'));
  await page.waitFor(`document.readyState === 'complete' && ${heading('Version two')}` +
    ` && window.__skelsiteMark === undefined`, 'a reload with the edited heading', 20000);
  await page.evaluate(`window.__skelsiteMark = 2; true`);
  await page.waitFor(streamOpen,
    'the event stream after the reload');

  // 2. A broken spec: the overlay shows the diagnostic; the last good page stays below.
  const broken = original.replace('Version one', 'Version three').replace('circle 24', 'circel 24');
  writeFileSync(docPath, broken);
  await page.waitFor(`document.getElementById('skelsite-error-overlay') !== null`, 'the error overlay', 20000);
  const overlay = await page.evaluate(`(() => {
    const o = document.getElementById('skelsite-error-overlay');
    const style = getComputedStyle(o);
    return { role: o.getAttribute('role'), title: o.querySelector('h2').textContent, text: o.querySelector('pre').textContent,
      position: style.position, box: (() => { const r = o.getBoundingClientRect(); const d = document.documentElement;
        return r.left === 0 && r.top === 0 && r.width >= d.clientWidth && r.height >= d.clientHeight; })(),
      heading: ${heading('Version two')}, mark: window.__skelsiteMark };
  })()`);
  summary.overlay = overlay.text;
  check(overlay.role === 'alert', `overlay role is ${overlay.role}`);
  check(overlay.title === 'skelsite: the build failed; showing the last good page underneath', `overlay title: ${overlay.title}`);
  // The diagnostic as the command line prints it: position, message, line, caret.
  const expected = "docs/index.md:10:5: error: unknown node kind 'circel'; did you mean 'circle'?\n    circel 24\n    ^";
  check(overlay.text === expected, `overlay text: ${JSON.stringify(overlay.text)}`);
  check(overlay.position === 'fixed' && overlay.box, 'the overlay does not cover the page');
  check(overlay.heading === true && overlay.mark === 2, 'the page under the overlay is not the last good one');

  // Dismiss hides it.
  await page.evaluate(`document.querySelector('#skelsite-error-overlay button').click(); true`);
  check(await page.evaluate(`document.getElementById('skelsite-error-overlay') === null`), 'Dismiss left the overlay');

  // 3. Fixing the doc reloads the page, without the overlay.
  writeFileSync(docPath, original.replace('Version one', 'Version four'));
  await page.waitFor(`document.readyState === 'complete' && ${heading('Version four')}` +
    ` && window.__skelsiteMark === undefined`, 'a reload after the fix', 20000);
  check(await page.evaluate(`document.getElementById('skelsite-error-overlay') === null`), 'the overlay survived the fix');
  check(exceptions.length === 0, `exceptions: ${exceptions.join('; ')}`);
} catch (error) {
  failures.push(String(error?.stack ?? error));
} finally {
  writeFileSync(docPath, original);
  await browser.close();
}
summary.failures = failures;
console.log(JSON.stringify(summary));
process.exit(failures.length === 0 ? 0 : 1);
