// The playground's state in the URL fragment, so a link shares exactly what you see:
//   #spec=<base64url of the UTF-8 spec>[&inherit=<base64url>]&theme=light|dark&scale=1..4[&t=seconds]
//   [&html=<base64url>[&css=<base64url>]]: content to show over the component (site/guides/fit-the-content.md)
// `t` is present only while paused (a shared link then shows that very frame).
// `inherit` is present only when the spec inherits settings from its page (front
// matter, the project file): their `appearance`/`animation`/`lang` lines.
// base64url is RFC 4648 §5 without padding, as the site builder writes its
// "open in the playground" links.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encodeBase64URL(text) {
  let binary = '';
  for (const byte of encoder.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The text, or null when `value` is not base64url. */
export function decodeBase64URL(value) {
  if (!/^[A-Za-z0-9_-]*$/.test(value) || value.length % 4 === 1) return null;
  const binary = atob(value.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return decoder.decode(bytes);
}

/**
 * What the fragment says; absent or malformed fields are left out so the caller
 * keeps its defaults. `problems` lists what could not be understood.
 */
export function readFragment(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const state = {};
  const problems = [];
  if (params.has('spec')) {
    const spec = decodeBase64URL(params.get('spec'));
    if (spec === null) problems.push('the link\'s spec is not valid base64url');
    else state.spec = spec;
  }
  if (params.has('inherit')) {
    const inherit = decodeBase64URL(params.get('inherit'));
    if (inherit === null) problems.push('the link\'s inherited settings are not valid base64url');
    else state.inherit = inherit;
  } else if (params.has('spec')) {
    // A link to another spec does not keep the previous spec's page settings.
    state.inherit = '';
  }
  // The content a spec stands in for, as a component page with content links it.
  for (const [key, field, what] of [['html', 'contentHTML', 'content'], ['css', 'contentCSS', 'content CSS']]) {
    if (params.has(key)) {
      const text = decodeBase64URL(params.get(key));
      if (text === null) problems.push(`the link's ${what} is not valid base64url`);
      else state[field] = text;
    } else if (params.has('spec')) {
      // A link to another spec does not keep the previous spec's content.
      state[field] = '';
    }
  }
  const theme = params.get('theme');
  if (theme === 'light' || theme === 'dark') state.theme = theme;
  else if (theme !== null) problems.push(`unknown theme "${theme}"`);
  const scale = params.get('scale');
  if (scale !== null) {
    if (/^[1-4]$/.test(scale)) state.scale = Number(scale);
    else problems.push(`scale must be 1 to 4, not "${scale}"`);
  }
  const t = params.get('t');
  if (t !== null) {
    const time = Number(t);
    if (t.trim() !== '' && Number.isFinite(time) && time >= 0) {
      state.time = time;
      state.playing = false;
    } else {
      problems.push(`time must be a number of seconds, not "${t}"`);
    }
  }
  return { state, problems };
}

/** The fragment for `state` (without the leading '#'). */
export function writeFragment({ spec, inherit = '', theme, scale, playing, time, contentHTML = '', contentCSS = '' }) {
  let fragment = `spec=${encodeBase64URL(spec)}`;
  if (inherit) fragment += `&inherit=${encodeBase64URL(inherit)}`;
  if (contentHTML) {
    fragment += `&html=${encodeBase64URL(contentHTML)}`;
    if (contentCSS) fragment += `&css=${encodeBase64URL(contentCSS)}`;
  }
  fragment += `&theme=${theme}&scale=${scale}`;
  // Three decimals: a millisecond is finer than any frame.
  if (!playing) fragment += `&t=${Number(time.toFixed(3))}`;
  return fragment;
}
