// The built gallery in headless Chromium, every page of it: search and tag filter,
// theme toggle, copy buttons, pages without JavaScript, and no console error, exception
// or failed request anywhere. On every page: the accessibility basics of every component
// (one status region, aria-busy, a hidden text label, aria-hidden shapes); WCAG contrast of
// every visible piece of text (4.5:1, 3:1 when large) against its composited background,
// light and dark, by the system setting and by the toggle, also in every :hover and
// :focus style; and motion: nothing moves with
// prefers-reduced-motion: reduce or with the motion toggle, and every component meant to
// animate does without them.
//
//   node Tests/browser/gallery.test.mjs SITE_DIR
//
// SITE_DIR is the output of `skelsite build --base-url URL` (a sitemap needs a base URL:
// the pages come from its sitemap.xml, whose URLs must have no path). Exit 0 when
// every check passes, 1 with the list of failures otherwise. One browser, one tab.
import { serveSite } from '../wasm/site-server.mjs';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Browser } from '../wasm/cdp.mjs';
import { contrastCheckExpression, stateContrastCheckExpression } from './wcag-contrast.mjs';

const siteDir = process.argv[2];
if (!siteDir || !existsSync(join(siteDir, 'sitemap.xml'))) {
  console.error('usage: node Tests/browser/gallery.test.mjs SITE_DIR (a site built with --base-url, so with sitemap.xml)');
  process.exit(2);
}
const started = Date.now();

// A component's colours per theme, as the built CSS declares them: the custom properties
// of its scope's `[data-theme="light"]` and `[data-theme="dark"]` rules in the page's own
// HTML (--sk-b: base, --sk-bg: background), as CSS rgb() text.
function builtThemeColours(pagePath, scope) {
  const html = readFileSync(join(siteDir, pagePath), 'utf8');
  const colours = {};
  for (const theme of ['light', 'dark']) {
    const rule = html.match(new RegExp(`\\[data-theme="${theme}"\\] \\.${scope}\\{([^}]*)\\}`));
    if (!rule) throw new Error(`${pagePath}: no [data-theme="${theme}"] rule for .${scope} in the built CSS`);
    const property = (name) => {
      const m = rule[1].match(new RegExp(`(?:^|;)--${name}:#([0-9a-f]{6})(?:;|$)`));
      if (!m) throw new Error(`${pagePath}: .${scope} declares no opaque --${name} for ${theme}`);
      return `rgb(${[0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16)).join(', ')})`;
    };
    colours[theme] = { base: property('sk-b'), background: property('sk-bg') };
  }
  return colours;
}

// --- a static server that remembers what it could not serve --------------------------
const notFound = [];
// Requests the site never makes: Chromium asks every origin for /favicon.ico on its own.
const browserOwn = new Set(['/favicon.ico']);
// A site built without the optional wasm module still links to it; the playground then says
// how to build it (Tests/wasm covers the playground with the module).
const wasmAbsent = !existsSync(join(siteDir, 'assets', 'skelsite.wasm'));
// Its base64 copy (skelsite.wasm.js, for file: URLs and failed fetches) is absent with it.
const expectedMissing = (url) => browserOwn.has(url)
  || (wasmAbsent && (url.endsWith('/assets/skelsite.wasm') || url.endsWith('/assets/skelsite.wasm.js')));
const { server, origin } = await serveSite(siteDir, {
  folderIndex: true,
  missing: (request) => {
    if (!expectedMissing(request.url)) notFound.push(`${request.url} (from ${request.headers.referer ?? 'nowhere'})`);
  },
});

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
  //
  // Components: a component's root is the parent of its shape container (.sk-c), wherever
  // it is (gallery sections, docs, the playground's shadow root); every .component-live
  // must hold exactly one.
  //
  // Motion: an animation "moves" unless it is a component's appearance
  // (`<scope>-in`, opacity only: a delay, shown at once or faded in over `fade=`), which
  // StyleSheet.reducedMotionRules keeps on purpose: it is an appearance, played once, not
  // motion. The pulse is opacity too, but endless: it moves.
  // A component is meant to animate when its own stylesheet gives .sk-s or .sk-s::after an
  // endless animation outside the reduced-motion rules.
  const helpers = `
    const componentRoots = () => {
      const scopes = [document, ...[...document.querySelectorAll('#pg-live')].map((h) => h.shadowRoot).filter(Boolean)];
      return [...new Set(scopes.flatMap((s) => [...s.querySelectorAll('.sk-c')].map((c) => c.parentElement)))];
    };
    const scopeOf = (root) => [...root.classList].find((c) => /^sk-[0-9a-z]+$/.test(c) && c !== 'sk-c') ?? '';
    const keptAppearance = (a) => {
      const target = a.effect && a.effect.target;
      const root = target && target.closest('.sk-c') ? target.closest('.sk-c').parentElement : target;
      return !!root && a.animationName === scopeOf(root) + '-in' && a.effect.getTiming().iterations === 1
        && a.effect.getKeyframes().every((k) => Object.keys(k).every((p) => ['offset', 'computedOffset', 'easing', 'composite', 'opacity'].includes(p)));
    };
    const moving = () => document.getAnimations().filter((a) => a.playState === 'running' && !keptAppearance(a));
    const describeAnimation = (a) => (a.animationName || a.transitionProperty || a.constructor.name) + ' on '
      + (a.effect && a.effect.target ? a.effect.target.tagName.toLowerCase() + '.' + [...a.effect.target.classList].join('.') : '?')
      + (a.effect && a.effect.pseudoElement ? a.effect.pseudoElement : '');
    const animatedScopes = () => {
      const scopes = new Set();
      const walk = (rules, reduced) => {
        for (const rule of rules) {
          // Group rules (@media, @supports); style rules have cssRules too (nesting).
          if (rule.selectorText === undefined && rule.cssRules) {
            walk(rule.cssRules, reduced || /reduced-motion/.test(rule.conditionText || '')); continue;
          }
          const m = !reduced && rule.selectorText && rule.selectorText.match(/^\\.(sk-[0-9a-z]+) \\.sk-s(::after)?$/);
          // A finite count (iterations=, site/reference/animation.md) runs too when the page opens.
          if (m && rule.style.animationName && rule.style.animationName !== 'none'
              && rule.style.animationIterationCount !== '0') scopes.add(m[1]);
        }
      };
      for (const sheet of document.styleSheets) { try { walk(sheet.cssRules, false); } catch (e) {} }
      return scopes;
    };
  `;

  // WCAG contrast of every visible piece of text, and again under every :hover and
  // :focus style: Tests/browser/wcag-contrast.mjs.
  const contrastCheck = contrastCheckExpression;
  const stateContrastCheck = stateContrastCheckExpression;

  // Runs the contrast check in the four ways a reader gets a theme: the system's light and
  // dark (emulated prefers-color-scheme) without a choice, and the toggle's choice
  // (data-theme, as gallery.js sets it) against the opposite system theme.
  const themeModes = [
    { label: 'light system theme', system: 'light', attribute: null },
    { label: 'dark system theme', system: 'dark', attribute: null },
    { label: 'dark by the toggle', system: 'light', attribute: 'dark' },
    { label: 'light by the toggle', system: 'dark', attribute: 'light' },
  ];
  let contrastChecked = 0, lowestContrast = Infinity, stateRules = 0, stateChecked = 0;
  let contrastMs = 0;
  async function checkContrast(where, motion) {
    const begun = Date.now();
    const saved = await js(`document.documentElement.getAttribute('data-theme')`);
    for (const mode of themeModes) {
      await media([{ name: 'prefers-color-scheme', value: mode.system }, { name: 'prefers-reduced-motion', value: motion }]);
      await js(mode.attribute ? `document.documentElement.setAttribute('data-theme', '${mode.attribute}')`
        : `document.documentElement.removeAttribute('data-theme')`);
      const result = await js(contrastCheck);
      const states = await js(stateContrastCheck);
      stateRules = Math.max(stateRules, states.rules);
      stateChecked += states.checked;
      result.failures.push(...states.failures);
      result.unknown.push(...states.unknown);
      result.lowest = Math.min(result.lowest, states.lowest);
      contrastChecked += result.checked;
      lowestContrast = Math.min(lowestContrast, result.lowest);
      // One line per selector and colour pair, with how many elements share it.
      const grouped = new Map();
      for (const f of result.failures) {
        const key = `${f.selector}: ${f.fg} on ${f.bg}, ${f.ratio}:1 < ${f.need}:1 (${f.size}px)`;
        grouped.set(key, { count: (grouped.get(key)?.count ?? 0) + 1, text: grouped.get(key)?.text ?? f.text });
      }
      for (const [key, { count, text }] of grouped) {
        fail(`${where} (${mode.label}): contrast ${key}, "${text}"${count > 1 ? ` and ${count - 1} more` : ''}`);
      }
      for (const u of result.unknown) fail(`${where} (${mode.label}): cannot work out the contrast of ${u}`);
      if (result.checked === 0) fail(`${where} (${mode.label}): no visible text to check the contrast of`);
    }
    await js(saved ? `document.documentElement.setAttribute('data-theme', '${saved}')` : `document.documentElement.removeAttribute('data-theme')`);
    contrastMs += Date.now() - begun;
  }

  // The playground builds its component after the load event (WebAssembly): wait for it.
  async function settle(path) {
    if (path === 'playground.html' && !wasmAbsent) {
      await page.waitFor(`(() => { const h = document.getElementById('pg-live'); return h && h.shadowRoot && h.shadowRoot.querySelector('.sk-c'); })()`,
        'the playground to show its component', 15000);
    }
  }

  // --- every page: errors, accessibility, reduced motion, copy buttons, contrast ---------
  // Runs with the system asking for reduced motion (see above): no component on any page
  // may move, and the motion toggle says it is on.
  let components = 0, copies = 0, stillPages = 0;
  const componentPages = [];
  for (const path of pages) {
    await visit(path);
    await settle(path);
    const report = await js(`(() => { ${helpers}
      const problems = [];
      const roots = componentRoots();
      for (const live of document.querySelectorAll('.component-live')) {
        const inside = roots.filter((r) => live.contains(r)).length;
        if (inside !== 1) problems.push('component ' + (live.closest('[id]')?.id ?? live.dataset.scope) + ': .component-live holds ' + inside + ' components');
      }
      roots.forEach((region, n) => {
        const where = 'component ' + (region.closest('[id]')?.id ?? n) + ' (' + scopeOf(region) + ')';
        if (region.getAttribute('role') !== 'status') problems.push(where + ': role is ' + region.getAttribute('role'));
        const nested = region.querySelectorAll('[role="status"]').length
          + (region.parentElement?.closest('[role="status"]') ? 1 : 0);
        if (nested) problems.push(where + ': ' + (nested + 1) + ' status regions');
        if (region.getAttribute('aria-busy') !== 'true') problems.push(where + ': aria-busy is ' + region.getAttribute('aria-busy'));
        const exposedChildren = [...region.children].filter((el) => el.getAttribute('aria-hidden') !== 'true');
        const label = exposedChildren[0];
        if (exposedChildren.length !== 1 || !label.textContent.trim()) {
          problems.push(where + ': ' + exposedChildren.length + ' children outside aria-hidden, expected one text label');
        } else {
          const box = label.getBoundingClientRect();
          if (box.width > 1 || box.height > 1) problems.push(where + ': label "' + label.textContent.trim() + '" is visible (' + box.width + 'x' + box.height + ')');
          if (label.children.length) problems.push(where + ': label has child elements');
        }
        const shapes = region.querySelector(':scope > .sk-c');
        if (!shapes || shapes.getAttribute('aria-hidden') !== 'true') problems.push(where + ': shapes not aria-hidden');
        else if (!shapes.querySelector('.sk-s, [class*="sk-i"]')) problems.push(where + ': no painted shapes');
      });
      const still = moving();
      const motionButton = document.querySelector('[data-toggle="motion"]');
      const buttons = [...document.querySelectorAll('button[data-copy]')];
      return { problems, components: roots.length, live: roots.filter((r) => r.getRootNode() !== document).length,
               moving: still.map(describeAnimation), motionPressed: motionButton ? motionButton.getAttribute('aria-pressed') : null,
               buttons: buttons.length, headings: document.querySelectorAll('h1, h2').length };
    })()`);
    components += report.components - report.live;
    if (report.live) figures.playgroundComponents = report.live;
    for (const problem of report.problems) fail(`${path}: ${problem}`);
    if (report.components > 0) {
      if (report.components > report.live) componentPages.push(path);
      stillPages += 1;
      if (report.moving.length) fail(`${path}: ${report.moving.length} animations move with prefers-reduced-motion: reduce, first ${report.moving[0]}`);
      if (report.motionPressed !== 'true') fail(`${path}: motion toggle aria-pressed ${report.motionPressed} under prefers-reduced-motion: reduce`);
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
    // After copying: the pressed "Copied" buttons are checked too.
    await checkContrast(path, 'reduce');
  }
  await media(systemLight);
  figures.pages = pages.length;
  figures.components = components;
  figures.copyButtons = copies;
  figures.stillPages = stillPages;

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
    await checkContrast(`index.html with the tag "${tag}" pressed`, 'no-preference');
    await media(systemLight);
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
  // The page's first component uses the default appearance, whose background is also
  // the gallery's page background in each theme (Templates/assets/gallery.css).
  const COLOURS = builtThemeColours(componentPage, await js(`[...document.querySelector('.component-live [role="status"]').classList]
    .find((c) => /^sk-[0-9a-f]+$/.test(c) && c !== 'sk-c')`));
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

  // --- the playground's diagnostics: error and warning colours in the editor and list ----
  if (!wasmAbsent && pages.includes('playground.html')) {
    await visit('playground.html');
    await settle('playground.html');
    // A misspelt attribute (a warning, if the core says so) and an unknown shape (an error).
    const spec = 'skeleton "Diagnostics" width=300\n  animation shimer duration=1.5s\n  row padding=16 gap=12\n    rect 56x56 radus=8\n    circle 40 color=#GGGGGG\n  mystery 4\n';
    await js(`(() => { const source = document.getElementById('pg-source'); source.value = ${JSON.stringify(spec)};
      source.dispatchEvent(new Event('input', { bubbles: true })); })()`);
    const severities = await page.waitFor(`(() => { const items = [...document.querySelectorAll('#pg-diagnostics li')];
      return items.length > 0 && [...new Set(items.map((li) => li.className))].sort(); })()`, 'the playground to list diagnostics', 10000);
    if (!severities.includes('pg-diagnostic pg-error')) fail(`playground.html: the test spec shows no error (got ${severities.join(', ')})`);
    // No spec gives a warning today (the core emits none): dress a copy of each error mark,
    // row and list item as a warning, as the editor would draw one, so its colours count.
    if (!severities.includes('pg-diagnostic pg-warning')) {
      await js(`(() => { for (const error of [...document.querySelectorAll('#pg-gutter .pg-error, #pg-backdrop .pg-error, #pg-diagnostics .pg-error')]) {
        const warning = error.cloneNode(true); warning.classList.replace('pg-error', 'pg-warning');
        error.after(warning, error.parentElement.tagName === 'PRE' ? '\\n' : '');
      } })()`);
    }
    await checkContrast('playground.html with diagnostics', 'no-preference');
    await media(systemLight);
  }

  // --- motion: on every page with components, the saved toggle keeps them still; pressed,
  // each component meant to animate runs (and no other moves); pressed again, all stop.
  // (The system setting was checked on every page in the first pass.) The toggle's choice
  // is saved, so each page opens with the previous page's "reduce".
  const motionKey = 'skelsite-motion';
  let runningComponents = 0, staticComponents = 0;
  if (componentPages.length === 0) fail('no page has components to check motion on');
  await visit(componentPages[0] ?? 'index.html');
  await js(`localStorage.setItem('${motionKey}', 'reduce')`);
  for (const path of componentPages) {
    await visit(path);
    const state = () => js(`(() => { ${helpers}
      const scopes = animatedScopes();
      const all = moving();
      const roots = componentRoots();
      const running = roots.map((root) => ({ scope: scopeOf(root), meant: scopes.has(scopeOf(root)) && !!root.querySelector('.sk-s'),
        moving: all.filter((a) => a.effect && a.effect.target && root.contains(a.effect.target)).length }));
      return { running, total: all.length, first: all.length ? describeAnimation(all[0]) : '',
               pressed: document.querySelector('[data-toggle="motion"]').getAttribute('aria-pressed') };
    })()`);
    const stillCheck = (got, when) => {
      if (got.total !== 0) fail(`${path} ${when}: ${got.total} animations move, first ${got.first}`);
      if (got.pressed !== 'true') fail(`${path} ${when}: motion toggle aria-pressed ${got.pressed}`);
    };
    stillCheck(await state(), 'opened with the toggle saved on');
    await js(`document.querySelector('[data-toggle="motion"]').click()`);
    const full = await state();
    if (full.pressed !== 'false') fail(`${path} with motion on: motion toggle aria-pressed ${full.pressed}`);
    for (const c of full.running) {
      if (c.meant && c.moving === 0) fail(`${path}: component ${c.scope} does not animate with motion on`);
      if (!c.meant && c.moving > 0) fail(`${path}: component ${c.scope} is static but has ${c.moving} moving animations`);
      if (c.meant) runningComponents += 1; else staticComponents += 1;
    }
    await js(`document.querySelector('[data-toggle="motion"]').click()`);
    stillCheck(await state(), 'after the motion toggle');
  }
  await js(`localStorage.clear()`);
  figures.motion = { pages: componentPages.length, animated: runningComponents, static: staticComponents };
  if (runningComponents === 0) fail('no component animates with motion on: the motion checks prove nothing');

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
  figures.contrast = { elements: contrastChecked, lowest: Math.round(lowestContrast * 100) / 100, seconds: (contrastMs / 1000).toFixed(1),
                      stateRules, stateElements: stateChecked };
  if (stateRules === 0) fail('no :hover or :focus rule that changes colours was found: the state contrast check checked nothing');
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
  // Enough to act on; a broken colour can fail thousands of elements.
  const shown = 300;
  for (const f of failures.slice(0, shown)) console.log(`  ${f}`);
  if (failures.length > shown) console.log(`  ... and ${failures.length - shown} more`);
  process.exit(1);
}
console.log('all checks passed');
