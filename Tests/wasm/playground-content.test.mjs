// The playground's content panel (site/guides/fit-the-content.md, "In the gallery") in
// headless Chromium: a link from a component page carrying a spec and its content opens
// the panel filled in and shows the content over the shipped component, half opaque, at
// its top left and as wide as it, with the size difference fit would report; the toggle
// hides and shows the layer; editing the CSS updates the layer, the figures and the URL
// fragment; markup that would run or load something is dropped; a link to another spec
// clears the content; the console stays free of errors (CSP violations included).
//
//   node Tests/wasm/playground-content.test.mjs SITE_DIR
//
// SITE_DIR holds a built site's playground.html and assets/ (skelsite.wasm included).
import { serveSite } from './site-server.mjs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Browser } from './cdp.mjs';
import { encodeBase64URL, readFragment, writeFragment } from '../../Templates/assets/playground-fragment.js';

const [siteDir] = process.argv.slice(2);
if (!siteDir || !existsSync(join(siteDir, 'playground.html'))) {
  console.error('usage: node Tests/wasm/playground-content.test.mjs SITE_DIR (a built site)');
  process.exit(2);
}

const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); };
const same = (got, want, what) => check(JSON.stringify(got) === JSON.stringify(want),
  `${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);

// The fragment module alone: content fields round-trip, are left out when empty, and
// a link to a spec without them clears them.
{
  const state = { spec: 'skeleton "A" width=10 height=10', theme: 'light', scale: 1, playing: true, time: 0 };
  same(writeFragment(state), `spec=${encodeBase64URL(state.spec)}&theme=light&scale=1`, 'fragment without content');
  const withContent = writeFragment({ ...state, contentHTML: '<p>é</p>', contentCSS: 'p{margin:0}' });
  same(withContent, `spec=${encodeBase64URL(state.spec)}&html=${encodeBase64URL('<p>é</p>')}`
    + `&css=${encodeBase64URL('p{margin:0}')}&theme=light&scale=1`, 'fragment with content');
  same(readFragment('#' + withContent).state.contentHTML, '<p>é</p>', 'content read back');
  same(readFragment('#' + withContent).state.contentCSS, 'p{margin:0}', 'content CSS read back');
  same(readFragment(`#spec=${encodeBase64URL('x')}`).state.contentHTML, '', 'a link to another spec clears the content');
  same(readFragment('#html=%%').problems, ['the link\'s content is not valid base64url'], 'bad content in a link');
}

const { server, origin } = await serveSite(siteDir);

const spec = 'skeleton "Row" width=120\n  rect height=20 radius=4\n';
// 4 pixels taller than the skeleton; an image that would load from outside and a script.
const html = '<div class="row">A title<img src="https://example.invalid/x.png" onerror="alert(1)" alt=""></div>'
  + '<script>document.title = "ran"</script>';
const css = ':host { display: block }\n.row { height: 24px; background: #0A84FF }\nimg { display: none }';

let consoleErrors = [];
const browser = await Browser.launch();
try {
  const page = await browser.newPage();
  consoleErrors = page.collectErrors();
  await page.send('Runtime.enable');
  await page.send('Log.enable');
  await page.send('Page.enable');
  await page.send('Emulation.setEmulatedMedia', { media: '', features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] });

  const link = `${origin}/playground.html#spec=${encodeBase64URL(spec)}&html=${encodeBase64URL(html)}&css=${encodeBase64URL(css)}`;
  await page.send('Page.navigate', { url: link });
  await page.waitFor(`document.getElementById('pg-status').textContent === 'Rendered.'`, 'the rendered spec');
  const settled = `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`;
  await page.evaluate(settled);

  const look = `(() => {
    const layer = document.getElementById('pg-content');
    const component = document.getElementById('pg-live').shadowRoot.firstElementChild.firstElementChild.getBoundingClientRect();
    const shadow = layer.shadowRoot;
    const row = shadow.querySelector('.row');
    const box = row ? row.getBoundingClientRect() : null;
    return {
      open: document.getElementById('pg-content-panel').open,
      html: document.getElementById('pg-content-html').value,
      css: document.getElementById('pg-content-css').value,
      hidden: layer.hidden,
      opacity: getComputedStyle(layer).opacity,
      at: box ? [box.x - component.x, box.y - component.y, box.width, box.height] : null,
      scripts: shadow.querySelectorAll('script').length,
      loads: [...shadow.querySelectorAll('[src],[onerror]')].length,
      title: document.title,
      fit: document.getElementById('pg-content-fit').textContent,
    };
  })()`;
  const first = await page.evaluate(look);
  same(first.open, true, 'the panel opens for a link with content');
  same([first.html, first.css], [html, css], 'the panel holds the linked content');
  same([first.hidden, first.opacity], [false, '0.5'], 'the layer shows, half opaque');
  same(first.at, [0, 0, 120, 24], 'the content at the component\'s top left, as wide as it');
  same([first.scripts, first.loads], [0, 0], 'nothing in the content runs or loads');
  check(first.title !== 'ran', 'the content\'s script ran');
  same(first.fit, 'Content 120 × 24 against the component 120 × 20 (0 × +4).', 'the size difference');

  await page.evaluate(`document.getElementById('pg-overlay').click()`);
  same(await page.evaluate(`document.getElementById('pg-content').hidden`), true, 'the toggle hides the layer');
  await page.evaluate(`document.getElementById('pg-overlay').click()`);
  same(await page.evaluate(`document.getElementById('pg-content').hidden`), false, 'the toggle shows the layer again');

  // Editing the CSS: the layer, the figures and (a moment later) the fragment follow.
  const fitted = css.replace('24px', '20px');
  await page.evaluate(`(() => { const area = document.getElementById('pg-content-css');
    area.value = ${JSON.stringify(fitted)}; area.dispatchEvent(new Event('input')); })()`);
  await page.evaluate(settled);
  const edited = await page.evaluate(look);
  same(edited.at, [0, 0, 120, 20], 'the edited content');
  same(edited.fit, 'Content 120 × 20 against the component 120 × 20 (0 × 0).', 'the size difference after the edit');
  await page.waitFor(`location.hash.includes(${JSON.stringify('&css=' + encodeBase64URL(fitted))})`, 'the fragment with the edited CSS', 3000)
    .catch((error) => failures.push(error.message));

  // A link to another spec, without content: the layer and the panel's fields empty.
  await page.evaluate(`location.hash = ${JSON.stringify('#spec=' + encodeBase64URL('skeleton "B" width=40 height=10\n  rect width=20 height=10\n'))}`);
  await page.waitFor(`document.getElementById('pg-content-html').value === ''`, 'the content cleared', 3000)
    .catch((error) => failures.push(error.message));
  const cleared = await page.evaluate(look);
  same([cleared.hidden, cleared.css, cleared.fit], [true, '', ''], 'a link to another spec clears the content');
} finally {
  await browser.close();
  server.close();
}
// Chromium reports the content's handler attribute when it parses it (the page's policy
// blocks it, and the sanitizer then drops it): that report is expected, any other is not.
const blocked = consoleErrors.filter((error) => error.includes('Executing inline event handler violates'));
same(blocked.length > 0, true, 'the policy blocked the content\'s handler');
for (const error of consoleErrors) if (!blocked.includes(error)) failures.push(`console: ${error}`);
if (failures.length) {
  console.log(`playground-content.test: ${failures.length} failure(s)`);
  for (const failure of failures) console.log(`  ${failure}`);
  process.exit(1);
}
console.log('playground-content.test: linked content shown over the component with its size difference, toggled, edited, '
  + 'sanitized and cleared, no console errors');
process.exit(0);
