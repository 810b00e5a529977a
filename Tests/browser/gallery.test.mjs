// The built gallery in headless Chromium, every page of it: search and tag filter,
// theme and motion toggles (and the system's reduced-motion setting), copy buttons,
// accessibility basics of every live component, text contrast in both themes, pages
// without JavaScript, and no console error, exception or failed request anywhere.
//
//   node Tests/browser/gallery.test.mjs SITE_DIR
//
// SITE_DIR is the output of `skelsite build`; pages come from its sitemap.xml. Exit 0 when
// every check passes, 1 with the list of failures otherwise. One browser, one tab.
import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Browser } from '../wasm/cdp.mjs';

const siteDir = process.argv[2];
if (!siteDir || !existsSync(join(siteDir, 'sitemap.xml'))) {
  console.error('usage: node Tests/browser/gallery.test.mjs SITE_DIR (a built site with sitemap.xml)');
  process.exit(2);
}
const started = Date.now();

// The theme colours are the contract in SkeletonCore's Defaults.swift: read them from there
// so this test cannot drift from it.
const defaultsSource = readFileSync(join(dirname(fileURLToPath(import.meta.url)),
  '../../Sources/SkeletonCore/Support/Defaults.swift'), 'utf8');
function defaultColour(name) {
  const match = defaultsSource.match(new RegExp(`static let ${name} = RGBA\\(0x(\\w\\w), 0x(\\w\\w), 0x(\\w\\w)\\)`));
  if (!match) throw new Error(`Defaults.swift: no opaque RGBA for ${name}`);
  return `rgb(${match.slice(1, 4).map((h) => parseInt(h, 16)).join(', ')})`;
}
const COLOURS = {
  light: { base: defaultColour('base'), background: defaultColour('background') },
  dark: { base: defaultColour('darkBase'), background: defaultColour('darkBackground') },
};

// --- a static server that remembers what it could not serve --------------------------
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.png': 'image/png', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
};
const root = normalize(siteDir + sep);
const notFound = [];
// Requests the site never makes: Chromium asks every origin for /favicon.ico on its own.
const browserOwn = new Set(['/favicon.ico']);
// A site built without the optional wasm module still links to it; the playground then says
// how to build it (Tests/wasm covers the playground with the module).
const wasmAbsent = !existsSync(join(siteDir, 'assets', 'skelsite.wasm'));
const expectedMissing = (url) => browserOwn.has(url) || (wasmAbsent && url.endsWith('/assets/skelsite.wasm'));
const server = createServer((request, response) => {
  let path = normalize(join(root, decodeURIComponent(new URL(request.url, 'http://x').pathname)));
  if (path.startsWith(root) && existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html');
  if (!path.startsWith(root) || !existsSync(path) || !statSync(path).isFile()) {
    if (!expectedMissing(request.url)) notFound.push(`${request.url} (from ${request.headers.referer ?? 'nowhere'})`);
    response.writeHead(404).end('not found');
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
  response.end(readFileSync(path));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

// Sitemap locations may carry the site's base URL: keep the path relative to the site.
const sitemap = readFileSync(join(siteDir, 'sitemap.xml'), 'utf8');
const pages = [...new Set(['index.html', ...[...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)]
  .map((m) => m[1].replace(/&amp;/g, '&').replace(/^[a-z]+:\/\/[^/]+\//i, '').replace(/^\//, ''))])];

const failures = [];
const fail = (message) => failures.push(message);
const figures = {};

const browser = await Browser.launch();
try {
  const page = await browser.newPage();
  let currentURL = '';
  let loaded = null;
  let readyEvent = 'Page.loadEventFired';
  page.on(({ method, params }) => {
    if (method === readyEvent && loaded) loaded();
    else if (method === 'Runtime.exceptionThrown') {
      fail(`${currentURL}: exception: ${params.exceptionDetails.exception?.description ?? params.exceptionDetails.text}`);
    } else if (method === 'Runtime.consoleAPICalled' && (params.type === 'error' || params.type === 'assert')) {
      fail(`${currentURL}: console.${params.type}: ${params.args.map((a) => a.value ?? a.description).join(' ')}`);
    } else if (method === 'Log.entryAdded' && params.entry.level === 'error'
               && !(params.entry.url && expectedMissing(new URL(params.entry.url).pathname))) {
      fail(`${currentURL}: ${params.entry.source}: ${params.entry.text} ${params.entry.url ?? ''}`.trim());
    } else if (method === 'Network.loadingFailed' && !params.canceled && !params.blockedReason) {
      fail(`${currentURL}: request failed: ${params.errorText} (${params.type})`);
    } else if (method === 'Network.responseReceived' && params.response.status >= 400
               && !expectedMissing(new URL(params.response.url).pathname)) {
      fail(`${currentURL}: HTTP ${params.response.status} for ${params.response.url}`);
    }
  });
  for (const domain of ['Page', 'Runtime', 'Log', 'Network']) await page.send(`${domain}.enable`);
  // Clipboard stub: records what the page writes (no permission prompt, no system clipboard).
  await page.send('Page.addScriptToEvaluateOnNewDocument', { source: `
    window.__copied = [];
    Object.defineProperty(Navigator.prototype, 'clipboard', { configurable: true, get() {
      return { writeText(text) { window.__copied.push(String(text)); return Promise.resolve(); } };
    } });` });
  const media = async (features) => page.send('Emulation.setEmulatedMedia', { media: '', features });
  const systemLight = [{ name: 'prefers-color-scheme', value: 'light' }, { name: 'prefers-reduced-motion', value: 'no-preference' }];
  // The passes over every page run with motion reduced: dozens of endless shimmers per page
  // would otherwise keep both cores busy; motion has its own check below.
  const systemStill = [{ name: 'prefers-color-scheme', value: 'light' }, { name: 'prefers-reduced-motion', value: 'reduce' }];
  await media(systemStill);

  async function visit(path) {
    currentURL = path;
    const done = new Promise((resolve) => { loaded = resolve; });
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(`${path}: no load event in 15 s`)), 15000));
    const result = await page.send('Page.navigate', { url: `${origin}/${path}` });
    if (result.errorText) throw new Error(`${path}: ${result.errorText}`);
    await Promise.race([done, timeout]);
    loaded = null;
    if (process.env.GALLERY_TEST_TIMING) console.log(`${((Date.now() - started) / 1000).toFixed(1)} s: ${path}`);
  }
  const js = (expression) => page.evaluate(expression);

  // In-page helpers, defined once per check (pages do not keep them across navigations).
  const helpers = `
    const shapeAnimations = () => document.getAnimations().filter((a) => a.playState === 'running'
      && a.effect && a.effect.target && a.effect.target.closest('[role="status"]')).length;
    const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 4).map(Number);
    const luminance = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const contrast = (a, b) => { const [x, y] = [luminance(rgb(a)), luminance(rgb(b))].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  `;

  // --- every page: errors, accessibility, contrast, copy buttons ------------------------
  let components = 0, copies = 0;
  for (const path of pages) {
    await visit(path);
    const report = await js(`(() => { ${helpers}
      const problems = [];
      const regions = [...document.querySelectorAll('.component-live')];
      regions.forEach((live, n) => {
        const where = 'component ' + (live.closest('[id]')?.id ?? n);
        const status = live.querySelectorAll('[role="status"]');
        if (status.length !== 1) { problems.push(where + ': ' + status.length + ' role=status regions'); return; }
        const region = status[0];
        if (region.getAttribute('aria-busy') !== 'true') problems.push(where + ': aria-busy is ' + region.getAttribute('aria-busy'));
        const labels = [...region.querySelectorAll(':scope > :not([aria-hidden="true"])')];
        const label = labels.find((el) => el.textContent.trim() !== '');
        if (!label) problems.push(where + ': no text label');
        else {
          const box = label.getBoundingClientRect();
          if (box.width > 1 || box.height > 1) problems.push(where + ': label "' + label.textContent.trim() + '" is visible (' + box.width + 'x' + box.height + ')');
        }
        const exposed = [...region.querySelectorAll('*')].filter((el) => el !== label && !label?.contains(el) && !el.closest('[aria-hidden="true"]'));
        if (exposed.length) problems.push(where + ': ' + exposed.length + ' elements outside aria-hidden, first .' + exposed[0].className);
        const shapes = region.querySelectorAll('[aria-hidden="true"] *');
        if (shapes.length === 0) problems.push(where + ': no shapes');
      });
      const ratios = {};
      for (const theme of ['light', 'dark']) {
        document.documentElement.setAttribute('data-theme', theme);
        const style = getComputedStyle(document.body);
        ratios[theme] = contrast(style.color, style.backgroundColor);
      }
      document.documentElement.removeAttribute('data-theme');
      const buttons = [...document.querySelectorAll('button[data-copy]')];
      return { problems, components: regions.length, ratios, buttons: buttons.length,
               headings: document.querySelectorAll('h1, h2').length };
    })()`);
    components += report.components;
    for (const problem of report.problems) fail(`${path}: ${problem}`);
    for (const [theme, ratio] of Object.entries(report.ratios)) {
      if (!(ratio >= 4.5)) fail(`${path}: body text contrast ${ratio.toFixed(2)} < 4.5 in the ${theme} theme`);
    }
    if (report.headings === 0) fail(`${path}: no h1/h2 heading`);
    if (report.buttons > 0) {
      const copied = await js(`(async () => {
        const results = [];
        for (const button of document.querySelectorAll('button[data-copy]')) {
          if (button.hidden) { results.push({ id: button.dataset.copy, error: 'button still hidden with JS on' }); continue; }
          const before = window.__copied.length;
          button.click();
          await new Promise((r) => setTimeout(r, 0));
          const source = document.getElementById(button.dataset.copy);
          const section = button.closest('section.component');
          const scope = section?.querySelector('.component-live')?.dataset.scope ?? '';
          results.push({ id: button.dataset.copy, kind: source?.className ?? '', writes: window.__copied.length - before,
            same: window.__copied[before] === source?.textContent, text: window.__copied[before] ?? '', scope,
            label: button.textContent });
        }
        return results;
      })()`);
      for (const c of copied) {
        copies += 1;
        if (c.error) { fail(`${path}: copy ${c.id}: ${c.error}`); continue; }
        if (c.writes !== 1) fail(`${path}: copy ${c.id}: ${c.writes} clipboard writes`);
        else if (!c.same) fail(`${path}: copy ${c.id}: clipboard differs from the code shown`);
        if (c.label !== 'Copied') fail(`${path}: copy ${c.id}: button says "${c.label}" after copying`);
        // The shipped code must be this component's: its scope class in both HTML and CSS.
        if (c.kind === 'language-html' && !c.text.includes(`class="${c.scope}"`)) fail(`${path}: copy ${c.id}: HTML lacks class="${c.scope}"`);
        if (c.kind === 'language-css' && !c.text.includes(`.${c.scope}{`)) fail(`${path}: copy ${c.id}: CSS lacks .${c.scope}{`);
        if (c.text.trim() === '') fail(`${path}: copy ${c.id}: empty text`);
      }
    }
  }
  await media(systemLight);
  figures.pages = pages.length;
  figures.components = components;
  figures.copyButtons = copies;

  // --- search and tag filter on the index ------------------------------------------------
  const entries = JSON.parse(readFileSync(join(siteDir, 'search-index.json'), 'utf8'));
  const list = Array.isArray(entries) ? entries : entries.entries ?? entries.components;
  const words = (e) => [e.title, e.doc, e.description, ...e.tags].join(' ').toLowerCase();
  await visit('index.html');
  const visible = () => js(`[...document.querySelectorAll('.card[data-id]')].filter((c) => c.offsetParent !== null).map((c) => c.dataset.id).sort()`);
  const all = await visible();
  if (all.length !== list.length) fail(`index: ${all.length} cards visible before searching, index has ${list.length}`);
  // A query that keeps some but not all cards: the first word of the first title that does.
  const query = list.map((e) => (e.title.toLowerCase().match(/[a-z]{3,}/g) ?? []).at(-1))
    .find((w) => { const n = w && list.filter((e) => words(e).includes(w)).length; return n > 1 && n < list.length / 2; });
  if (!query) fail('index: no title word selects 2 to half the components');
  else {
    await js(`document.getElementById('search-input').focus()`);
    await page.send('Input.insertText', { text: query });
    const expected = list.filter((e) => words(e).includes(query)).map((e) => e.id).sort();
    const shown = await visible();
    if (JSON.stringify(shown) !== JSON.stringify(expected)) fail(`search "${query}": shows [${shown}], expected [${expected}]`);
    const status = await js(`document.querySelector('.search-status').textContent`);
    if (status !== `${expected.length} of ${list.length} components`) fail(`search "${query}": status "${status}"`);
    figures.search = `"${query}" -> ${shown.length} of ${list.length}`;
    await js(`(() => { const i = document.getElementById('search-input'); i.value = ''; i.dispatchEvent(new Event('input')); })()`);
  }
  const tags = [...new Set(list.flatMap((e) => e.tags))].sort();
  const tag = tags.find((t) => { const n = list.filter((e) => e.tags.includes(t)).length; return n > 0 && n < list.length; });
  if (!tag) fail('index: no tag selects some but not all components');
  else {
    await js(`document.querySelector('.tag-filter [data-tag="${tag}"]').click()`);
    const expected = list.filter((e) => e.tags.includes(tag)).map((e) => e.id).sort();
    const shown = await visible();
    if (JSON.stringify(shown) !== JSON.stringify(expected)) fail(`tag "${tag}": shows [${shown}], expected [${expected}]`);
    const pressed = await js(`document.querySelector('.tag-filter [data-tag="${tag}"]').getAttribute('aria-pressed')`);
    if (pressed !== 'true') fail(`tag "${tag}": aria-pressed ${pressed}`);
    figures.tag = `"${tag}" -> ${shown.length} of ${list.length}`;
  }

  // --- theme toggle: page and skeleton colours switch to the dark defaults ------------------
  const componentPage = pages.find((p) => p.startsWith('gallery/')) ?? pages[0];
  await visit(componentPage);
  const colours = () => js(`(() => {
    const shape = document.querySelector('.component-live [role="status"] [aria-hidden="true"] [class*="sk-s"]')
      ?? document.querySelector('.component-live [aria-hidden="true"] *');
    return { body: getComputedStyle(document.body).backgroundColor,
             root: getComputedStyle(document.querySelector('.component-live [role="status"]')).backgroundColor,
             shape: shape ? getComputedStyle(shape).backgroundColor : 'none',
             pressed: document.querySelector('[data-toggle="theme"]').getAttribute('aria-pressed') };
  })()`);
  const expectColours = (got, theme, when) => {
    const want = COLOURS[theme];
    if (got.body !== want.background) fail(`${when}: body background ${got.body}, expected ${want.background}`);
    if (got.root !== want.background) fail(`${when}: component background ${got.root}, expected ${want.background}`);
    if (got.shape !== want.base) fail(`${when}: shape background ${got.shape}, expected ${want.base}`);
    if (got.pressed !== String(theme === 'dark')) fail(`${when}: theme toggle aria-pressed ${got.pressed}`);
  };
  expectColours(await colours(), 'light', `${componentPage} before toggling`);
  await js(`document.querySelector('[data-toggle="theme"]').click()`);
  expectColours(await colours(), 'dark', `${componentPage} after the theme toggle`);
  await visit(componentPage);
  expectColours(await colours(), 'dark', `${componentPage} reloaded after the theme toggle (saved choice)`);
  await js(`document.querySelector('[data-toggle="theme"]').click()`);
  expectColours(await colours(), 'light', `${componentPage} after toggling back`);
  await media([{ name: 'prefers-color-scheme', value: 'dark' }, { name: 'prefers-reduced-motion', value: 'no-preference' }]);
  await js(`localStorage.clear()`);
  await visit(componentPage);
  expectColours(await colours(), 'dark', `${componentPage} with a dark system theme`);
  await media(systemLight);

  // --- motion: the toggle and the system setting both stop every shape animation ----------
  const animatedPage = [];
  for (const path of pages.filter((p) => p.startsWith('gallery/'))) {
    await visit(path);
    if (await js(`(() => { ${helpers} return shapeAnimations(); })()`) > 0) { animatedPage.push(path); break; }
  }
  if (animatedPage.length === 0) fail('no gallery page has a running shape animation to stop');
  else {
    const path = animatedPage[0];
    const running = () => js(`(() => { ${helpers} return shapeAnimations(); })()`);
    const before = await running();
    await js(`document.querySelector('[data-toggle="motion"]').click()`);
    const afterToggle = await running();
    if (afterToggle !== 0) fail(`${path}: ${afterToggle} shape animations still running after the motion toggle`);
    await js(`document.querySelector('[data-toggle="motion"]').click()`);
    const resumed = await running();
    if (resumed !== before) fail(`${path}: ${resumed} animations after resuming, ${before} before`);
    await js(`localStorage.clear()`);
    await media([{ name: 'prefers-color-scheme', value: 'light' }, { name: 'prefers-reduced-motion', value: 'reduce' }]);
    await visit(path);
    const underSystem = await running();
    if (underSystem !== 0) fail(`${path}: ${underSystem} shape animations running with prefers-reduced-motion: reduce`);
    const pressed = await js(`document.querySelector('[data-toggle="motion"]').getAttribute('aria-pressed')`);
    if (pressed !== 'true') fail(`${path}: motion toggle aria-pressed ${pressed} under the system setting`);
    await media(systemLight);
    figures.motion = `${path}: ${before} running -> toggle ${afterToggle}, system ${underSystem}`;
  }

  // --- without JavaScript: headings and components still there, JS-only controls hidden ----
  // Layout and text need no images: skip them (the first pass loaded them all) and the
  // load event, to keep this second pass cheap.
  await media(systemStill);
  await page.send('Emulation.setScriptExecutionDisabled', { value: true });
  await page.send('Network.setBlockedURLs', { urls: ['*.png'] });
  readyEvent = 'Page.domContentEventFired';
  let readable = 0;
  for (const path of pages) {
    await visit(path);
    const state = await js(`({ headings: document.querySelectorAll('h1, h2').length,
      components: document.querySelectorAll('.component-live [role="status"]').length,
      sized: [...document.querySelectorAll('.component-live [role="status"]')].filter((c) => c.getBoundingClientRect().height > 0).length,
      visibleJSOnly: [...document.querySelectorAll('[data-js-only]')].filter((e) => e.offsetParent !== null).length })`);
    const withJS = await js(`document.querySelectorAll('.component-live').length`);
    if (state.headings === 0) fail(`${path} without JS: no heading`);
    if (state.components !== withJS) fail(`${path} without JS: ${state.components} components of ${withJS}`);
    if (state.sized !== state.components) fail(`${path} without JS: ${state.components - state.sized} components have no height`);
    if (state.visibleJSOnly !== 0) fail(`${path} without JS: ${state.visibleJSOnly} JS-only controls visible`);
    readable += 1;
  }
  await page.send('Emulation.setScriptExecutionDisabled', { value: false });
  await page.send('Network.setBlockedURLs', { urls: [] });
  readyEvent = 'Page.loadEventFired';
  figures.noJSPages = readable;
} catch (error) {
  fail(`aborted: ${error.stack ?? error}`);
} finally {
  await browser.close();
  server.close();
}
for (const missing of notFound) fail(`404: ${missing}`);

figures.seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`gallery browser test: ${JSON.stringify(figures)}`);
if (failures.length) {
  console.log(`${failures.length} failures:`);
  for (const f of failures) console.log(`  ${f}`);
  process.exit(1);
}
console.log('all checks passed');
