// Save-to-reload of `skelsite serve` in headless Chromium (the edit loop's serve row, site/reference/output-folder.md):
// opens PAGE on a running serve, then RUNS times edits the doc's prose (a new word in
// place of MARK) and measures from the write to the page reloaded with the new word.
//
//   node scripts/bench/serve_reload.mjs ORIGIN DOC_PATH PAGE MARK RUNS
//
// Run by SkeletonBench editloop (scripts/bench.sh build). Prints JSON: every time in
// ms, and their median. The doc is restored at the end.
import { readFileSync, writeFileSync } from 'node:fs';
import { keepEventSources, streamOpen } from '../../Tests/browser/live-reload-spy.mjs';
import { Browser } from '../../Tests/wasm/cdp.mjs';

const [origin, docPath, pagePath, mark, runsText] = process.argv.slice(2);
if (!origin || !docPath || !pagePath || !mark) {
  console.error('usage: node scripts/bench/serve_reload.mjs ORIGIN DOC_PATH PAGE MARK RUNS');
  process.exit(2);
}
const runs = Number(runsText ?? 5);
const original = readFileSync(docPath, 'utf8');
if (!original.includes(mark)) {
  console.error(`${docPath} has no '${mark}'`);
  process.exit(2);
}
const browser = await Browser.launch();
const times = [];
let status = 0;
try {
  const page = await browser.newPage();
  await page.send('Page.enable');
  await page.send('Page.addScriptToEvaluateOnNewDocument', { source: keepEventSources });
  await page.send('Page.navigate', { url: `${origin}/${pagePath}` });
  for (let run = 1; run <= runs; run++) {
    await page.waitFor(`document.readyState === 'complete'`, 'the page');
    await page.evaluate(`window.__benchMark = 1; true`);
    await page.waitFor(streamOpen, 'the live-reload event stream', 30000);
    const word = `Edited${run}x${Date.now() % 100000}`;
    const started = performance.now();
    writeFileSync(docPath, original.replace(mark, word));
    await page.waitFor(`window.__benchMark === undefined && document.readyState === 'complete'`
      + ` && document.body.textContent.includes(${JSON.stringify(word)})`, 'the reloaded page', 30000);
    times.push(Math.round(performance.now() - started));
  }
} catch (error) {
  console.error(String(error?.stack ?? error));
  status = 1;
} finally {
  writeFileSync(docPath, original);
  await browser.close();
}
const sorted = [...times].sort((a, b) => a - b);
console.log(JSON.stringify({ times, median: sorted.length ? sorted[Math.floor(sorted.length / 2)] : null }));
process.exit(status);
