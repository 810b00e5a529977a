// The content a spec stands in for (site/guides/fit-the-content.md), shown over the
// shipped component while the spec is edited: its markup and CSS in a shadow root, as
// `skelsite fit` puts them, so its CSS and the page's cannot meet (write `:host` where
// the content's stylesheet says `html` or `body`). Half opaque over the component, or
// hidden; nothing in it runs or loads (the page's policy allows neither).

/** Dropped with event-handler attributes and links: nothing in pasted or linked markup may run or load. */
const FORBIDDEN = new Set(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'LINK', 'META', 'BASE', 'STYLE']);

export function sanitizedContent(html) {
  // Parsed in a document of its own, without scripting or a browsing context: nothing in
  // it can fire before it is cleaned.
  const parsed = document.implementation.createHTMLDocument('');
  parsed.body.innerHTML = html;
  const walker = parsed.createTreeWalker(parsed.body, NodeFilter.SHOW_ELEMENT);
  const doomed = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (FORBIDDEN.has(node.tagName.toUpperCase())) doomed.push(node);
    // Handlers first: taking a source away fires an error event, which must find no handler.
    for (const attribute of [...node.attributes]) {
      if (attribute.name.toLowerCase().startsWith('on')) node.removeAttribute(attribute.name);
    }
    for (const attribute of [...node.attributes]) {
      const name = attribute.name.toLowerCase();
      const loads = ['src', 'srcset', 'poster'].includes(name) && !attribute.value.trim().startsWith('data:');
      if (loads || ['href', 'srcdoc', 'action', 'formaction', 'xlink:href'].includes(name)) node.removeAttribute(attribute.name);
    }
  }
  for (const node of doomed) node.remove();
  const fragment = document.createDocumentFragment();
  for (const node of [...parsed.body.childNodes]) fragment.append(document.importNode(node, true));
  return fragment;
}

export class ContentView {
  /** `host` lies over the live component (the same grid cell); `toggle` shows or hides it. */
  constructor(host, toggle) {
    this.host = host;
    this.toggle = toggle;
    const shadow = host.attachShadow({ mode: 'open' });
    this.root = document.createElement('div');
    this.root.className = 'pg-content-root';
    shadow.append(this.root);
    // A constructed sheet: CSSOM, so no inline <style> and nothing a CSP must allow.
    this.sheet = new CSSStyleSheet();
    shadow.adoptedStyleSheets = [this.sheet];
    this.html = '';
    this.css = '';
  }

  /** Shows `html` with `css`; empty markup hides the layer. */
  show(html, css) {
    this.html = html;
    this.css = css;
    this.sheet.replaceSync(css);
    this.root.replaceChildren(sanitizedContent(html));
    this.update();
  }

  /** Shown when there is content and the toggle is on. */
  update() {
    this.host.hidden = !this.html.trim() || !this.toggle.checked;
  }

  /** The content's root box (its top elements together), as fit measures it; null when empty. */
  box() {
    const boxes = [...this.root.children].map((el) => el.getBoundingClientRect());
    if (!boxes.length) return null;
    const left = Math.min(...boxes.map((b) => b.left)), top = Math.min(...boxes.map((b) => b.top));
    const right = Math.max(...boxes.map((b) => b.right)), bottom = Math.max(...boxes.map((b) => b.bottom));
    return { x: left, y: top, width: right - left, height: bottom - top };
  }
}
