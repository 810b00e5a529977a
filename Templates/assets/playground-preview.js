// The two renderings side by side: the core renderer's pixels on a canvas, and the
// shipped HTML/CSS component, held at the same moment through the Web Animations API.

/** Tags the emitter never writes; dropped, with event-handler and URL attributes, in
 * case a shared link carries a spec crafted to smuggle markup through its title. */
const FORBIDDEN = new Set(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'LINK', 'META', 'BASE', 'FORM', 'STYLE']);

function sanitized(html) {
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_ELEMENT);
  const doomed = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (FORBIDDEN.has(node.tagName.toUpperCase())) doomed.push(node);
    for (const attribute of [...node.attributes]) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || ['href', 'src', 'srcdoc', 'action', 'formaction', 'xlink:href'].includes(name)) {
        node.removeAttribute(attribute.name);
      }
    }
  }
  for (const node of doomed) node.remove();
  return template.content;
}

export class CanvasView {
  constructor(canvas) {
    this.canvas = canvas;
    this.context = canvas.getContext('2d');
    this.image = null;
  }

  /** Where the next frame's pixels may go (sk.render's `into`): the last frame's. */
  get buffer() {
    return this.image?.data ?? null;
  }

  /** Puts an image from sk.render on the canvas, `scale` device pixels per CSS pixel. */
  draw({ width, height, pixels }, scale) {
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    this.canvas.style.width = `${width / scale}px`;
    this.canvas.style.height = `${height / scale}px`;
    if (this.image?.data !== pixels) this.image = new ImageData(pixels, width, height);
    this.context.putImageData(this.image, 0, 0);
  }

  /** Greys the last good frame out while the spec does not parse. */
  setStale(stale) {
    this.canvas.classList.toggle('pg-stale', stale);
  }
}

/**
 * A fluid component's band moves the custom property `--sk-p`, which interpolates only
 * when registered; its `@property` rule does nothing inside a shadow root, so the band
 * would jump from end to end. Registered once for the document, as the web-component
 * export does (site/reference/skeleton.md, "Fluid width"); a second registration throws.
 */
function registerFluidBand(css) {
  if (!css.includes('@property --sk-p{') || typeof CSS === 'undefined' || !CSS.registerProperty) return;
  try {
    CSS.registerProperty({ name: '--sk-p', syntax: '<percentage>', inherits: false, initialValue: '0%' });
  } catch {
    // Already registered (by an earlier spec, or by the page).
  }
}

/**
 * The shipped component, in a shadow root: the page's own styles cannot reach it,
 * and the site's `data-theme` on <html> cannot fight the theme forced here (the
 * component's `[data-theme=…] .scope` rules only see ancestors inside the shadow).
 */
export class LiveView {
  constructor(host, htmlOut, cssOut, swiftuiOut, reactOut, webComponentOut) {
    this.host = host;
    const shadow = host.attachShadow({ mode: 'open' });
    this.themed = document.createElement('div');
    shadow.append(this.themed);
    // A constructed sheet: CSSOM, so no inline <style> and nothing a CSP must allow.
    this.sheet = new CSSStyleSheet();
    shadow.adoptedStyleSheets = [this.sheet];
    this.htmlOut = htmlOut;
    this.cssOut = cssOut;
    this.swiftuiOut = swiftuiOut;
    this.reactOut = reactOut;
    this.webComponentOut = webComponentOut;
    this.animations = [];
  }

  show({ html, css, swiftui, react, webComponent }) {
    registerFluidBand(css);
    this.sheet.replaceSync(css);
    this.themed.replaceChildren(sanitized(html));
    this.htmlOut.textContent = html;
    this.cssOut.textContent = css;
    // Until the exporters module is loaded there is no SwiftUI, React or web-component
    // code: the outputs keep what showFrameworksNote put there.
    if (swiftui !== undefined) this.showFrameworks(swiftui, react, webComponent);
    this.holdAnimations();
  }

  showFrameworks(swiftui, react, webComponent) {
    this.swiftuiOut.textContent = swiftui;
    // A theme without the React and web-component blocks (an older playground.mustache).
    if (this.reactOut) this.reactOut.textContent = react;
    if (this.webComponentOut) this.webComponentOut.textContent = webComponent;
  }

  /** Says in the three framework outputs why they have no code (loading, or failed). */
  showFrameworksNote(note) {
    this.showFrameworks(note, note, note);
  }

  setTheme(theme) {
    this.themed.dataset.theme = theme;
    // A theme switch can restart CSS animations: take hold of them again.
    this.holdAnimations();
  }

  /** Pauses the component's CSS animations: `seek` drives them from the player's clock. */
  holdAnimations() {
    this.animations = this.themed.getAnimations({ subtree: true });
    for (const animation of this.animations) animation.pause();
  }

  setStale(stale) {
    this.host.classList.toggle('pg-stale', stale);
  }

  /** Shows the component `seconds` after it first appeared (so after its delay). */
  seek(seconds) {
    for (const animation of this.animations) animation.currentTime = seconds * 1000;
  }
}
