// A paged gallery in headless Chromium (site/reference/limits.md, "Gallery"): a site of
// more than 200 components shows 200 cards, "Show more" adds the rest (the cards it makes
// are the ones index.mustache writes, byte for byte once whitespace between tags is set
// aside) and moves focus to the first one added, search and the tag filter go over every
// component, ?q= searches on load, and nothing throws or logs an error.
//
//   node Tests/browser/gallery-paged.test.mjs SITE_DIR
//
// SITE_DIR: GalleryPagingTests' site of 201 components ("Card 0" … "Card 200", two a doc,
// docs alpha/doc-0 … alpha/doc-49 tagged half-a and Beta/doc-50 … Beta/doc-100 half-b).
// Prints "gallery-paged: ok" and exits 0 when every check passes, else 1 with the failures.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Browser } from '../wasm/cdp.mjs';

const siteDir = process.argv[2];
if (!siteDir) {
  console.error('usage: node Tests/browser/gallery-paged.test.mjs SITE_DIR');
  process.exit(2);
}
const indexURL = pathToFileURL(resolve(siteDir, 'index.html')).href;
const html = readFileSync(join(siteDir, 'index.html'), 'utf8');
const entries = JSON.parse(readFileSync(join(siteDir, 'search-index.json'), 'utf8'));
const failures = [];
function expect(ok, what) { if (!ok) failures.push(what); }
function same(actual, expected, what) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    failures.push(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  }
}
const normal = (text) => text.replace(/>\s+</g, '><').trim();

const browser = await Browser.launch();
try {
  const page = await browser.newPage();
  const errors = [];
  page.on((message) => {
    if (message.method === 'Runtime.exceptionThrown') errors.push(message.params.exceptionDetails.text);
    if (message.method === 'Runtime.consoleAPICalled' && message.params.type === 'error') errors.push('console.error');
  });
  await page.send('Runtime.enable');
  await page.send('Page.enable');
  const open = async (url) => {
    await page.send('Page.navigate', { url });
    await page.waitFor(`document.readyState === 'complete' && location.href === ${JSON.stringify(url)}`, url);
  };
  const state = () => page.evaluate(`(() => {
    const cards = Array.from(document.querySelectorAll('ul.cards > li.card'));
    const more = document.querySelector('.more-cards');
    return { cards: cards.length, first: cards[0]?.dataset.id, last: cards.at(-1)?.dataset.id,
      note: document.querySelector('.cards-more').textContent, status: document.querySelector('.search-status').textContent,
      more: more.hidden ? null : more.textContent, focus: document.activeElement?.closest('.card')?.dataset.id ?? null };
  })()`);
  const type = (text) => page.evaluate(`(() => { const i = document.getElementById('search-input');
    i.value = ${JSON.stringify(text)}; i.dispatchEvent(new Event('input')); return true; })()`);
  const ids = entries.map((e) => e.id);

  await open(indexURL);
  same(await state(), { cards: 200, first: ids[0], last: ids[199], note: 'Showing 200 of 201 components.', status: '',
    more: 'Show 200 more', focus: null }, 'on load');
  const elements = await page.evaluate(`document.getElementsByTagName('*').length`);
  expect(elements < 3000, `${elements} elements on load (at most 3000)`);

  await page.evaluate(`document.querySelector('.more-cards').click(), true`);
  same(await state(), { cards: 201, first: ids[0], last: ids[200], note: 'Showing 201 of 201 components.', status: '',
    more: null, focus: ids[200] }, 'after Show more');
  // The card made from the index is the template's card: the first one with its values.
  const cardHTML = (id) => page.evaluate(`document.querySelector('li.card[data-id="${id}"]').outerHTML`);
  const first = entries[0], made = entries[200];
  const size = (id) => Number(html.match(new RegExp(`data-id="${id}"[\\s\\S]*?height="(\\d+)"`))?.[1]);
  let expected = normal(await cardHTML(first.id)).split(first.id).join(made.id)
    .split(first.url.split('#')[0]).join(made.url.split('#')[0])
    .replace(`>${first.title}<`, `>${made.title}<`).replace(`>${first.doc}<`, `>${made.doc}<`)
    .replace(`>${first.tags[0]}<`, `>${made.tags[0]}<`)
    .split(`height="${size(first.id)}"`).join(`height="${8 + 200 % 5}"`);
  same(normal(await cardHTML(made.id)), expected, 'the card Show more made');

  await type('card 200');
  same(await state(), { cards: 1, first: ids[200], last: ids[200], note: 'Showing 1 of 1 matching components.',
    status: '1 of 201 components', more: null, focus: null }, 'search "card 200"');
  // Every word anywhere in title, doc, description or tags: "doc" and "7".
  const haystack = (e) => [e.title, e.doc, e.description, ...e.tags].join(' ').toLowerCase();
  const matching = (words, tag) => entries.filter((e) => words.every((w) => haystack(e).includes(w))
    && (!tag || e.tags.includes(tag))).map((e) => e.id);
  await type('doc 7');
  const doc7 = matching(['doc', '7']);
  same(doc7.length, 70, 'components with "doc" and "7"');
  same(await state(), { cards: 70, first: doc7[0], last: doc7[69], note: 'Showing 70 of 70 matching components.',
    status: '70 of 201 components', more: null, focus: null }, 'search "doc 7"');
  await type('');
  same(await state(), { cards: 200, first: ids[0], last: ids[199], note: 'Showing 200 of 201 components.', status: '',
    more: 'Show 200 more', focus: null }, 'search cleared');

  await page.evaluate(`document.querySelector('.tag-filter [data-tag="half-b"]').click(), true`);
  same(await state(), { cards: 101, first: ids[100], last: ids[200], note: 'Showing 101 of 101 matching components.',
    status: '101 of 201 components', more: null, focus: null }, 'tag half-b');
  await type('card 10');
  // Of half-b's (Card 100 … 200): Card 100 … 110, and Card 200 of Doc 100.
  const card10 = matching(['card', '10'], 'half-b');
  same(card10.length, 12, 'half-b components with "card" and "10"');
  same(await state(), { cards: 12, first: card10[0], last: card10[11], note: 'Showing 12 of 12 matching components.',
    status: '12 of 201 components', more: null, focus: null }, 'tag half-b and "card 10"');

  await open(indexURL + '?q=Card%20199');
  same(await state(), { cards: 1, first: ids[199], last: ids[199], note: 'Showing 1 of 1 matching components.',
    status: '1 of 201 components', more: null, focus: null }, '?q=Card 199');
  same(errors, [], 'exceptions and console errors');
} catch (error) {
  failures.push(String(error?.stack ?? error));
} finally {
  await browser.close();
}
if (failures.length) {
  console.error(`gallery-paged: ${failures.length} failure(s)\n` + failures.join('\n'));
  process.exit(1);
}
console.log('gallery-paged: ok');
