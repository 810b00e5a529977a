// axe-core over every page of a built site in headless Chromium, in both themes: light
// by the system setting (prefers-color-scheme: light, no saved choice), then dark by the
// gallery's toggle (its saved choice, data-theme="dark" on <html>) over the light system
// setting. The system's dark setting gives the same colours (gallery.css and each
// component's CSS declare one set for both; gallery.test.mjs checks contrast both ways).
// One browser, one tab, every page in each pass.
//
//   node Tests/browser/axe.test.mjs SITE_DIR AXE_MIN_JS
//
// SITE_DIR is the output of `skelsite build`; every .html file under it is checked (the
// sitemap exists only with a base URL). AXE_MIN_JS is axe-core's axe.min.js (scripts/
// check-pages.sh takes it from the pinned axe-playwright-python wheel). All of axe's rules
// that are not experimental run, best practices included. Exit 0 when no page has a
// violation, 1 with every violation (rule, impact, page, theme, node) otherwise.
import { serveSite } from '../wasm/site-server.mjs';
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { join, sep, relative } from 'node:path';
import { Browser } from '../wasm/cdp.mjs';

const [siteDir, axePath] = process.argv.slice(2);
if (!siteDir || !axePath || !existsSync(join(siteDir, 'index.html')) || !existsSync(axePath)) {
  console.error('usage: node Tests/browser/axe.test.mjs SITE_DIR AXE_MIN_JS (a built site, axe-core\'s axe.min.js)');
  process.exit(2);
}
const started = Date.now();
const axeSource = readFileSync(axePath, 'utf8');
const axeVersion = (axeSource.match(/axe v([0-9.]+)/) ?? [])[1] ?? 'unknown';

function htmlFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...htmlFiles(path));
    else if (entry.name.endsWith('.html')) out.push(relative(siteDir, path).split(sep).join('/'));
  }
  return out;
}
const pages = htmlFiles(siteDir).sort();

const { server, origin } = await serveSite(siteDir);

// The passes: how the theme is chosen (site/guides: the toggle saves its choice in
// localStorage "skelsite-theme" and sets data-theme on <html>; without one the system
// setting applies). Motion is reduced so endless shimmers do not keep the cores busy.
// The light pass runs every rule; the dark passes only the rules that read colours (the
// rest see the same markup whatever the theme), which would double the time.
const colourRules = ['color-contrast', 'link-in-text-block'];
const passes = [
  { name: 'light', scheme: 'light', saved: null, rules: null },
  { name: 'dark', scheme: 'light', saved: 'dark', rules: colourRules },
];

const violations = [];
let checks = 0;
const browser = await Browser.launch();
try {
  const page = await browser.newPage();
  await page.send('Page.enable');
  await page.send('Runtime.enable');
  // A visit is over when the tab shows the page asked for, fully loaded. Polled rather
  // than taken from Page.loadEventFired: a load event of the previous page can arrive
  // after the next navigation starts, and an evaluation then meets a document without
  // its root element.
  const visit = async (path) => {
    const url = `${origin}/${path}`;
    const result = await page.send('Page.navigate', { url });
    if (result.errorText) throw new Error(`${path}: ${result.errorText}`);
    const deadline = Date.now() + 15000;
    for (;;) {
      const state = await page.evaluate(`location.href + ' ' + document.readyState`).catch(() => '');
      if (state === `${url} complete`) return;
      if (Date.now() > deadline) throw new Error(`${path}: not loaded in 15 s (${state})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  for (const pass of passes) {
    await page.send('Emulation.setEmulatedMedia', { media: '', features: [
      { name: 'prefers-color-scheme', value: pass.scheme }, { name: 'prefers-reduced-motion', value: 'reduce' }] });
    // Set on the site's origin before the pass; gallery.js reads it before first paint.
    await visit('index.html');
    await page.evaluate(pass.saved ? `localStorage.setItem('skelsite-theme', '${pass.saved}')`
                                   : `localStorage.removeItem('skelsite-theme')`);
    for (const path of pages) {
      await visit(path);
      const theme = await page.evaluate(`(() => {
        const set = document.documentElement.getAttribute('data-theme');
        return set || (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
      })()`);
      if (theme !== (pass.saved ?? pass.scheme)) {
        violations.push(`${path} [${pass.name}]: the page shows the ${theme} theme`);
      }
      await page.evaluate(axeSource + '\n;0');
      const options = { resultTypes: ['violations'], ...(pass.rules ? { runOnly: { type: 'rule', values: pass.rules } } : {}) };
      const found = await page.evaluate(`axe.run(document, ${JSON.stringify(options)}).then((r) =>
        r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
          nodes: v.nodes.map((n) => n.target.join(' ')) })))`);
      checks++;
      for (const v of found) {
        for (const node of v.nodes) violations.push(`${v.id} (${v.impact}) ${path} [${pass.name}]: ${node}: ${v.help}`);
      }
    }
  }
} finally {
  await browser.close();
  server.close();
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`axe-core ${axeVersion}: ${pages.length} pages x ${passes.length} theme passes (${checks} runs), `
  + `${violations.length} violations, ${seconds} s`);
if (violations.length) {
  const byRule = {};
  for (const v of violations) { const id = v.split(' ')[0]; byRule[id] = (byRule[id] ?? 0) + 1; }
  console.log(`by rule: ${JSON.stringify(byRule)}`);
  for (const v of violations) console.log(`  ${v}`);
  process.exit(1);
}
// Now: the server's idle keep-alive connections would hold the process for seconds more.
process.exit(0);
