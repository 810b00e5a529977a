// WCAG 2 contrast of every visible piece of text on a page, against what is really
// behind it: the element's own background, else its ancestors' (semi-transparent ones
// composited over what is below, down to the canvas). 4.5:1, or 3:1 for large text
// (24 px, or 18.66 px bold). Closed <details> are opened for the check so code blocks
// and tables count too.
//
// Both checks run inside the page: they are real functions here (so they can be read,
// linted and tested as code) and gallery.test.mjs sends their source with
// Function.prototype.toString. They may use only browser globals, nothing from this
// module's scope.

/** Checks `root` and everything in it; returns { failures, unknown, checked, lowest }. */
export function pageContrast(root) {
  const parse = (text) => {
    let m = text.match(/^rgba?\(([^)]*)\)$/);
    if (m) { const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; }
    m = text.match(/^color\(srgb ([^)]*)\)$/);
    if (m) { const p = m[1].split(/[\s\/]+/).filter(Boolean).map(Number); return [p[0] * 255, p[1] * 255, p[2] * 255, p.length > 3 ? p[3] : 1]; }
    return null;
  };
  const over = (top, below) => [0, 1, 2].map((i) => top[i] * top[3] + below[i] * (1 - top[3])).concat(1);
  const luminance = (c) => c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const hex = (c) => '#' + c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + [...el.classList].slice(0, 2).map((c) => '.' + c).join('');
  const selector = (el) => { const parts = []; for (let a = el; a && a !== document.body && parts.length < 4; a = a.parentElement) parts.unshift(name(a)); return parts.join(' > '); };

  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;width:0;height:0;background-color:Canvas';
  document.body.append(probe);
  const canvas = parse(getComputedStyle(probe).backgroundColor) || [255, 255, 255, 1];
  probe.remove();

  const closed = [...document.querySelectorAll('details:not([open])')];
  closed.forEach((d) => { d.open = true; });
  // Memoised per element: siblings share their ancestors' answers.
  const memo = (f) => { const cache = new Map(); return (el) => { if (!el) return f(el); if (!cache.has(el)) cache.set(el, f(el)); return cache.get(el); }; };
  const styleOf = memo((el) => getComputedStyle(el));
  const small = memo((el) => { const box = el.getBoundingClientRect(); return box.width <= 1 || box.height <= 1; });
  // Visually hidden (the components' labels): a box of a pixel or less, or inside a
  // clipping one.
  const clipped = memo((el) => !!el && ((small(el) && styleOf(el).overflow !== 'visible') || clipped(el.parentElement)));
  const visible = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true,
                                               checkOpacity: true, checkVisibilityCSS: true })
    && !small(el) && !clipped(el.parentElement);
  // The colour behind an element: its own background over its parent's, down to the
  // canvas; { image } when a background image is in the way.
  const backdrop = memo((el) => {
    if (!el) return { colour: canvas };
    const style = styleOf(el);
    if (style.backgroundImage !== 'none') return { image: name(el) };
    const colour = parse(style.backgroundColor);
    if (!colour) return { image: name(el) + ' background ' + style.backgroundColor };
    if (colour[3] >= 1) return { colour };
    const below = backdrop(el.parentElement);
    return colour[3] > 0 && below.colour ? { colour: over(colour, below.colour) } : below;
  });
  const opacity = memo((el) => el ? Number(styleOf(el).opacity) * opacity(el.parentElement) : 1);

  // What bears text: parents of non-blank text nodes, form fields with a value, placeholders.
  const targets = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node; (node = walker.nextNode());) {
    const el = node.parentElement;
    if (!node.data.trim() || !el || seen.has(el) || el.closest('script, style, noscript, template, option, textarea')) continue;
    seen.add(el);
    targets.push({ el, kind: 'text', text: node.data.trim() });
  }
  for (const el of [root, ...root.querySelectorAll('input, select, textarea')].filter((e) => e.matches('input, select, textarea'))) {
    if (['hidden', 'radio', 'checkbox', 'range', 'color', 'file', 'image'].includes(el.type)) continue;
    if (el.value !== '') targets.push({ el, kind: 'value', text: el.value });
    else if (el.placeholder) targets.push({ el, kind: 'placeholder', text: el.placeholder });
  }

  const failures = [];
  const unknown = [];
  let checked = 0, lowest = Infinity;
  for (const { el, kind, text } of targets) {
    if (!visible(el)) continue;
    const style = styleOf(el);
    const ink = parse(kind === 'placeholder' ? getComputedStyle(el, '::placeholder').color : style.color);
    if (!ink) { unknown.push(selector(el) + ': text colour ' + style.color); continue; }
    ink[3] *= opacity(el);
    if (ink[3] === 0) continue; // transparent text: something else draws it (the playground's editor)
    const behind = backdrop(el);
    if (!behind.colour) { unknown.push(selector(el) + ': background image on ' + behind.image); continue; }
    const fg = over(ink, behind.colour);
    const r = ratio(fg, behind.colour);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const need = large ? 3 : 4.5;
    checked += 1;
    lowest = Math.min(lowest, r);
    if (r < need - 0.005) failures.push({ selector: selector(el) + (kind === 'text' ? '' : '::' + kind), text: text.slice(0, 40),
      fg: hex(fg), bg: hex(behind.colour), ratio: Math.round(r * 100) / 100, need, size });
  }
  closed.forEach((d) => { d.open = false; });
  return { failures, unknown, checked, lowest };
}

/**
 * Hover and focus: every style rule with :hover, :focus, :focus-visible, :focus-within or
 * :active that changes colour, background or opacity is applied by hand (its declarations
 * inline) to the first few elements its selector matches without the state, and `check`
 * (pageContrast, already defined in the page) reruns on each of them. Returns what
 * pageContrast returns, with the rule appended to each selector, and `rules`.
 */
export function stateContrast(check) {
  const states = /:(hover|focus-visible|focus-within|focus|active)(?![-\w])/g;
  const out = { failures: [], unknown: [], checked: 0, lowest: Infinity, rules: 0 };
  for (const sheet of document.styleSheets) {
    let rules;
    try { rules = [...sheet.cssRules]; } catch { continue; }
    for (const rule of rules) {
      if (!(rule instanceof CSSStyleRule) || !/color|background|opacity/.test(rule.style.cssText)) continue;
      for (const part of rule.selectorText.split(',')) {
        if (!part.match(states)) continue;
        let elements;
        try { elements = [...document.querySelectorAll(part.replace(states, '').trim() || '*')]; } catch { continue; }
        out.rules += 1;
        for (const el of elements.slice(0, 5)) {
          const saved = el.getAttribute('style');
          el.setAttribute('style', (saved ? saved + ';' : '') + rule.style.cssText);
          const result = check(el);
          if (saved === null) el.removeAttribute('style'); else el.setAttribute('style', saved);
          out.checked += result.checked;
          out.lowest = Math.min(out.lowest, result.lowest);
          for (const f of result.failures) out.failures.push({ ...f, selector: f.selector + ' under ' + part.trim() });
          for (const u of result.unknown) out.unknown.push(u + ' under ' + part.trim());
        }
      }
    }
  }
  return out;
}

/** The expression that runs pageContrast on document.body (defined once per page). */
export const contrastCheckExpression = `(window.__skContrast ??= ${pageContrast.toString()})(document.body)`;

/** The expression that runs stateContrast with the page's pageContrast. */
export const stateContrastCheckExpression =
  `(${stateContrast.toString()})(window.__skContrast ??= ${pageContrast.toString()})`;
