// The gallery of a big site in headless Chromium (site/reference/limits.md, "Gallery"):
// opens SITE/index.html from file: RUNS times in a fresh tab and measures navigation to
// the load event, then typing QUERY into the search box to the first result shown.
//
//   node scripts/bench/gallery_index.mjs SITE_FOLDER QUERY RUNS
//
// Run by scripts/bench.sh gallery. Prints JSON: index.html's bytes, elements in the DOM
// at load, each run's times in ms and their medians.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Browser } from '../../Tests/wasm/cdp.mjs';

const [folder, query, runsText] = process.argv.slice(2);
if (!folder || !query) {
  console.error('usage: node scripts/bench/gallery_index.mjs SITE_FOLDER QUERY RUNS');
  process.exit(2);
}
const runs = Number(runsText ?? 5);
const index = resolve(folder, 'index.html');
const url = pathToFileURL(index).href;
const browser = await Browser.launch();
const load = [], search = [];
let elements = 0, cards = 0, status = 0;
try {
  for (let run = 1; run <= runs; run++) {
    const page = await browser.newPage();
    await page.send('Page.enable');
    const loaded = new Promise((done) => page.on((m) => { if (m.method === 'Page.loadEventFired') done(); }));
    const started = performance.now();
    await page.send('Page.navigate', { url });
    await loaded;
    load.push(Math.round(performance.now() - started));
    elements = await page.evaluate(`document.getElementsByTagName('*').length`);
    cards = await page.evaluate(`document.querySelectorAll('.card').length`);
    // Typing: the value set and an input event, as a keystroke gives; done when a card
    // whose title has the query is shown and the status counts the matches.
    const typed = performance.now();
    await page.evaluate(`(() => { const i = document.getElementById('search-input');
      i.value = ${JSON.stringify(query)}; i.dispatchEvent(new Event('input')); return true; })()`);
    await page.waitFor(`Array.from(document.querySelectorAll('.card')).some((c) => !c.hidden
      && c.offsetParent !== null && c.textContent.toLowerCase().includes(${JSON.stringify(query.toLowerCase())}))
      && /of/.test(document.querySelector('.search-status').textContent)`, 'the first search result', 30000);
    search.push(Math.round(performance.now() - typed));
  }
} catch (error) {
  console.error(String(error?.stack ?? error));
  status = 1;
} finally {
  await browser.close();
}
const median = (list) => { const s = [...list].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : null; };
console.log(JSON.stringify({ indexBytes: statSync(index).size, elements, cards, loadMs: load, searchMs: search,
  medianLoadMs: median(load), medianSearchMs: median(search) }));
process.exit(status);
