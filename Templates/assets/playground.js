// The playground: type a spec, see the core renderer (WebAssembly) paint it at the
// display's frame rate beside the CSS component the site would ship. Everything it
// needs is in this folder; the state lives in the URL fragment (playground-fragment.js).
import { loadRenderer, loadExporters } from './playground-renderer.js';
import { readFragment, writeFragment } from './playground-fragment.js';
import { Editor } from './playground-editor.js';
import { CanvasView, LiveView } from './playground-preview.js';
import { ContentView } from './playground-content.js';

/** Shown when the page is opened without a spec in its link: the design doc's example. */
const EXAMPLE = `skeleton "Article row" width=360
  appearance base=#E5E5EA highlight=#FFFFFF background=#F2F2F7
  animation shimmer duration=1.3s direction=left-to-right
  row padding=16 gap=12 radius=12 fill=#FFFFFF
    rect 56x56 radius=8
    column gap=8 grow=1
      text lines=2 line-height=14 spacing=8 last=70%
      rect width=130 height=12 radius=4
`;

const $ = (id) => document.getElementById(id);
const status = $('pg-status');

// The site's motion toggle (gallery.js sets data-motion), else the system setting.
const motion = document.documentElement.dataset.motion;
const reducedMotion = motion === 'reduce' || (!motion && matchMedia('(prefers-reduced-motion: reduce)').matches);
const state = {
  spec: EXAMPLE,
  // Settings the spec inherits from its page (front matter, project file), as the
  // gallery's "Open in playground" link passes them; '' for none.
  inherit: '',
  // The site's theme (gallery.js sets data-theme from the reader's toggle), else the system's.
  theme: document.documentElement.dataset.theme === 'dark' ||
    (!document.documentElement.dataset.theme && matchMedia('(prefers-color-scheme: dark)').matches) ? 'dark' : 'light',
  // The display's own density (clamped to what the core accepts), so the canvas is sharp.
  scale: Math.min(4, Math.max(1, Math.round(devicePixelRatio || 1))),
  // Someone who asked for less motion gets a still frame until they press Play.
  playing: !reducedMotion,
  time: 0,
  // The content the spec stands in for (site/guides/fit-the-content.md), shown over
  // the component; '' for none.
  contentHTML: '',
  contentCSS: '',
};

const editor = new Editor({ source: $('pg-source'), gutter: $('pg-gutter'), backdrop: $('pg-backdrop'), list: $('pg-diagnostics') });
const canvas = new CanvasView($('pg-canvas'));
const live = new LiveView($('pg-live'), $('pg-html'), $('pg-css'), $('pg-swiftui'), $('pg-react'), $('pg-web-component'));
const controls = $('pg-controls');
const play = $('pg-play');
const scrub = $('pg-scrub');
const timeOut = $('pg-time');
const inheritNote = $('pg-inherit');
const contentHTML = $('pg-content-html');
const contentCSS = $('pg-content-css');
const contentFit = $('pg-content-fit');
// An older playground.mustache has no content panel.
const content = $('pg-content') && contentHTML ? new ContentView($('pg-content'), $('pg-overlay')) : null;

let sk = null;
/** Animation of the last spec that parsed: { kind, duration, delay, moves, period }. */
let animation = { kind: 'none', duration: 1.5, delay: 0, moves: false, period: 1.5 };
let specOK = false;
/** performance.now() at which the playing clock read 0. */
let clockOrigin = performance.now();
let needsFrame = true;

/** What a link got wrong: said before each status until the spec is edited. */
let linkNotice = '';

function applyFragment() {
  const { state: linked, problems } = readFragment(location.hash);
  Object.assign(state, linked);
  // A link without `t` is a playing one (the fragment carries `t` only while paused),
  // also when it replaces a paused state: start its clock from 0.
  if (linked.time === undefined && linked.spec !== undefined) {
    state.time = 0;
    state.playing = !reducedMotion;
  }
  clockOrigin = performance.now() - state.time * 1000;
  editor.text = state.spec;
  showInherited();
  controls.elements.theme.value = state.theme;
  controls.elements.scale.value = String(state.scale);
  live.setTheme(state.theme);
  showContent();
  showPlaying();
  needsFrame = true;
  linkNotice = problems.length > 0 ? `Ignored part of the link: ${problems.join('; ')}.` : '';
  if (linkNotice) status.textContent = linkNotice;
}

let fragmentTimer = 0;
/** Rewrites the fragment a moment after the last change (not on every keystroke). */
function saveFragment() {
  clearTimeout(fragmentTimer);
  fragmentTimer = setTimeout(() => {
    const fragment = '#' + writeFragment(state);
    if (location.hash !== fragment) history.replaceState(null, '', fragment);
  }, 250);
}

function showStatus(message) {
  status.textContent = linkNotice ? `${linkNotice} ${message}` : message;
}

/** Says what the spec inherits from its page, with a way to drop it; hidden when nothing. */
function showInherited() {
  inheritNote.hidden = !state.inherit;
  inheritNote.querySelector('code').textContent = state.inherit.trim();
}

/** The content panel and layer from the state; the panel opens when there is content. */
function showContent() {
  if (!content) return;
  contentHTML.value = state.contentHTML;
  contentCSS.value = state.contentCSS;
  if (state.contentHTML) $('pg-content-panel').open = true;
  content.show(state.contentHTML, state.contentCSS);
  measureContent();
}

/**
 * The content as wide as the component, and how their sizes differ, as fit reports
 * them: the content's root box (its top elements together) minus the component's.
 */
function measureContent() {
  if (!content) return;
  const component = $('pg-live').shadowRoot?.firstElementChild?.firstElementChild;
  const width = component ? component.getBoundingClientRect().width : 0;
  $('pg-content').style.width = width > 0 ? `${width}px` : '';
  const box = state.contentHTML.trim() && component ? content.box() : null;
  if (!box) {
    contentFit.textContent = '';
    return;
  }
  const own = component.getBoundingClientRect();
  const number = (value) => String(Math.round(value * 100) / 100);
  const signed = (value) => (Math.round(value * 100) / 100 > 0 ? '+' : '') + number(value);
  contentFit.textContent = `Content ${number(box.width)} × ${number(box.height)} against the component ` +
    `${number(own.width)} × ${number(own.height)} (${signed(box.width - own.width)} × ${signed(box.height - own.height)}).`;
}

/** The spec's component, or its problems; inherited settings that fail are dropped, said. */
function compile() {
  try {
    return sk.html(state.spec, { inherit: state.inherit });
  } catch (error) {
    if (!(error instanceof RangeError) || !state.inherit) throw error;
    linkNotice = `Ignored the link's inherited settings (${error.message}).`;
    state.inherit = '';
    showInherited();
    return sk.html(state.spec);
  }
}

/** Parses the spec again: diagnostics, the live component, the cycle length. */
function specChanged() {
  state.spec = editor.text;
  const component = compile();
  if (component.diagnostics) {
    specOK = false;
    editor.show(component.diagnostics);
    const errors = component.diagnostics.filter((d) => d.severity === 'error').length;
    showStatus(`${errors} error${errors === 1 ? '' : 's'} in the spec; showing the last good rendering.`);
  } else {
    specOK = true;
    editor.show(component.warnings);
    live.show(component);
    measureContent();
    animation = component.animation;
    scrub.max = String(animation.period);
    showStatus(component.warnings.length > 0 ? `${component.warnings.length} warning(s).` : 'Rendered.');
  }
  canvas.setStale(!specOK);
  live.setStale(!specOK);
  needsFrame = true;
  saveFragment();
}

function currentTime(now) {
  return state.playing ? (now - clockOrigin) / 1000 : state.time;
}

function frame(now) {
  // Frames that cannot change (animation.moves is false) are drawn once per change.
  if (sk && specOK && (needsFrame || (state.playing && animation.moves))) {
    const time = currentTime(now);
    const image = sk.render(state.spec, { time, scale: state.scale, theme: state.theme, into: canvas.buffer,
      inherit: state.inherit });
    if (!image.diagnostics) {
      canvas.draw(image, state.scale);
      live.seek(time + animation.delay);
      // The slider and the readout show where in the cycle this frame is.
      scrub.value = String(image.cycleTime);
      timeOut.value = `${image.cycleTime.toFixed(3)} s`;
    }
    needsFrame = false;
  }
  requestAnimationFrame(frame);
}

/** The button names what it does next; aria-pressed says whether it is playing. */
function showPlaying() {
  play.textContent = state.playing ? 'Pause' : 'Play';
  play.setAttribute('aria-pressed', String(state.playing));
}

function setPlaying(playing) {
  if (playing === state.playing) return;
  if (playing) clockOrigin = performance.now() - state.time * 1000;
  else state.time = currentTime(performance.now());
  state.playing = playing;
  showPlaying();
  needsFrame = true;
  saveFragment();
}

$('pg-source').addEventListener('input', () => {
  linkNotice = '';
  if (sk) specChanged();
});
controls.addEventListener('submit', (event) => event.preventDefault());
controls.addEventListener('change', (event) => {
  if (event.target.name === 'theme') {
    state.theme = event.target.value;
    live.setTheme(state.theme);
  } else if (event.target.name === 'scale') {
    state.scale = Number(event.target.value);
  }
  needsFrame = true;
  saveFragment();
});
if (content) {
  for (const [area, field] of [[contentHTML, 'contentHTML'], [contentCSS, 'contentCSS']]) {
    area.addEventListener('input', () => {
      state[field] = area.value;
      content.show(state.contentHTML, state.contentCSS);
      measureContent();
      saveFragment();
    });
  }
  $('pg-overlay').addEventListener('change', () => content.update());
}
play.addEventListener('click', () => setPlaying(!state.playing));
$('pg-inherit-drop').addEventListener('click', () => {
  state.inherit = '';
  showInherited();
  if (sk) specChanged();
});
scrub.addEventListener('input', () => {
  setPlaying(false);
  state.time = Number(scrub.value);
  needsFrame = true;
  saveFragment();
});
$('pg-copy-link').addEventListener('click', async () => {
  history.replaceState(null, '', '#' + writeFragment(state));
  try {
    await navigator.clipboard.writeText(location.href);
    status.textContent = 'Link copied.';
  } catch {
    status.textContent = 'The link to this state is in the address bar.';
  }
});
addEventListener('hashchange', () => {
  if (location.hash === '#' + writeFragment(state)) return;
  applyFragment();
  if (sk) specChanged();
});

// The SwiftUI, React and web-component code comes from a second module, loaded the
// first time the code panel opens (site/guides/playground-api.md): the first frame
// does not wait for it.
const codePanel = document.querySelector('.pg-code-out');
let exportersAsked = false;
async function showFrameworks() {
  if (exportersAsked || !sk || !codePanel || !codePanel.open) return;
  exportersAsked = true;
  live.showFrameworksNote('Loading the SwiftUI, React and web-component exporters…');
  try {
    await loadExporters(sk, import.meta.url);
    specChanged();
  } catch (error) {
    live.showFrameworksNote(`The exporters could not start: ${error.message}. ` +
      'Build them with scripts/build-wasm.sh and rebuild the site.');
  }
}
if (codePanel) codePanel.addEventListener('toggle', showFrameworks);

applyFragment();
try {
  sk = await loadRenderer(import.meta.url);
  specChanged();
  requestAnimationFrame(frame);
  showFrameworks();
} catch (error) {
  status.textContent = `The renderer could not start: ${error.message}. ` +
    'Build it with scripts/build-wasm.sh and rebuild the site.';
  status.dataset.failed = 'true';
}
