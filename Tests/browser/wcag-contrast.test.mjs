// The contrast checker of wcag-contrast.mjs on a page of known colours, so a checker
// that stops seeing failures fails here, not silently in the gallery test.
//
//   node Tests/browser/wcag-contrast.test.mjs
//
// Ratios (WCAG 2 relative luminance): #767676 on white 4.54:1 (passes 4.5), #777777 on
// white 4.48:1 (fails), #949494 on white 3.03:1 (passes only as large text, 24 px),
// white 50% over black on black: #808080 on #000000 5.32:1 (passes). A :hover rule that
// turns #767676 into #aaaaaa (2.32:1) fails under the state check.
import { Browser } from '../wasm/cdp.mjs';
import { contrastCheckExpression, stateContrastCheckExpression } from './wcag-contrast.mjs';

const html = `<!doctype html><html><head><style>
body { margin: 0; background: #ffffff; font: 16px sans-serif; }
.pass { color: #767676; }
.fail { color: #777777; }
.large { color: #949494; font-size: 24px; }
.small { color: #949494; font-size: 16px; }
.dark { background: #000000; color: rgba(255, 255, 255, 0.5); }
.link:hover { color: #aaaaaa; }
</style></head><body>
<p class="pass">passes</p><p class="fail">fails</p>
<p class="large">large passes</p><p class="small">small fails</p>
<div class="dark"><span>translucent ink</span></div>
<a class="link pass" href="#">hover me</a>
</body></html>`;

const failures = [];
const expectEqual = (what, got, want) => {
  if (JSON.stringify(got) !== JSON.stringify(want)) failures.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
};

const browser = await Browser.launch();
try {
  const page = await browser.newPage();
  await page.send('Page.enable');
  const loaded = new Promise((resolve) => page.on(({ method }) => { if (method === 'Page.loadEventFired') resolve(); }));
  await page.send('Page.navigate', { url: 'data:text/html;base64,' + Buffer.from(html).toString('base64') });
  await loaded;
  const result = await page.evaluate(contrastCheckExpression);
  expectEqual('elements checked', result.checked, 6);
  expectEqual('unknown', result.unknown, []);
  expectEqual('failures', result.failures.map((f) => `${f.selector} ${f.fg} on ${f.bg} ${f.ratio}:1 < ${f.need}:1`), [
    'p.fail #777777 on #ffffff 4.48:1 < 4.5:1',
    'p.small #949494 on #ffffff 3.03:1 < 4.5:1',
  ]);
  expectEqual('lowest', Math.round(result.lowest * 100) / 100, 3.03);
  const states = await page.evaluate(stateContrastCheckExpression);
  expectEqual('state rules', states.rules, 1);
  expectEqual('state failures', states.failures.map((f) => `${f.selector} ${f.fg} ${f.ratio}:1`), [
    'a.link.pass under .link:hover #aaaaaa 2.32:1',
  ]);
} finally {
  await browser.close();
}
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log('wcag-contrast: ok (6 elements, 2 failures and 1 state failure found as expected)');
