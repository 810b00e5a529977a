// The playground in Firefox and WebKit, as playground.test.mjs and playground-file.test.mjs
// check it in Chromium: for each engine, opened from a file: URL and from ORIGIN (the site
// served by skelsite serve), a link carrying a spec renders the native painter's frame
// byte for byte; typing another spec renders its frame; and a site without its module
// says why on the page. Firefox is driven over Marionette (as verify does,
// Sources/SkelsiteVerify/FirefoxCamera.swift), WebKit over WebKitWebDriver in Xvfb
// (WebKitCamera.swift).
//
//   node Tests/wasm/playground-engines.test.mjs SITE_DIR BROKEN_SITE_DIR ORIGIN BROKEN_ORIGIN CASE_JSON
//
// CASE_JSON, from Tests/SkelsiteCLITests/PlaygroundEnginesTests.swift:
//   { time, scale, theme, linked: { spec, width, height, rgba }, typed: { … },
//     engines: ["firefox", "webkit"], missingStatus: { file, served } }
// Prints one line per engine and origin with its timings, then "playground-engines: ok".
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { encodeBase64URL } from '../../Templates/assets/playground-fragment.js';

const [siteDir, brokenDir, origin, brokenOrigin, casePath] = process.argv.slice(2);
if (!casePath) {
  console.error('usage: node Tests/wasm/playground-engines.test.mjs SITE_DIR BROKEN_SITE_DIR ORIGIN BROKEN_ORIGIN CASE_JSON');
  process.exit(2);
}
const cases = JSON.parse(readFileSync(casePath, 'utf8'));
const rgba = (name) => readFileSync(join(dirname(casePath), name));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const failures = [];

async function until(what, timeout, probe) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await sleep(50);
  }
}

async function freePort() {
  const server = createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

// --- Firefox over Marionette: `length:JSON` messages, commands [0, id, name, params] ---
async function firefox() {
  const profile = mkdtempSync(join(tmpdir(), 'skelsite-firefox-'));
  writeFileSync(join(profile, 'user.js'), [
    ['marionette.port', '0'], ['gfx.color_management.mode', '0'], ['browser.shell.checkDefaultBrowser', 'false'],
    ['browser.startup.page', '0'], ['app.update.disabledForTesting', 'true'], ['toolkit.telemetry.enabled', 'false'],
    ['datareporting.policy.dataSubmissionEnabled', 'false'], ['browser.aboutwelcome.enabled', 'false'],
  ].map(([k, v]) => `user_pref("${k}", ${v});\n`).join(''));
  const child = spawn(process.env.FIREFOX || 'firefox-esr', ['--headless', '--marionette', '--no-remote', '-profile', profile,
    'about:blank'], { stdio: 'ignore', env: { ...process.env, MOZ_HEADLESS: '1' } });
  const portFile = join(profile, 'MarionetteActivePort');
  const port = await until('Marionette to listen', 60000, async () =>
    existsSync(portFile) && Number(readFileSync(portFile, 'utf8').trim()));
  const socket = connect(port, '127.0.0.1');
  let buffer = Buffer.alloc(0);
  const waiting = [];
  let nextId = 1;
  const pending = new Map();
  socket.on('data', (data) => {
    buffer = Buffer.concat([buffer, data]);
    for (;;) {
      const colon = buffer.indexOf(':');
      if (colon < 0) return;
      const length = Number(buffer.subarray(0, colon).toString());
      if (buffer.length < colon + 1 + length) return;
      const message = JSON.parse(buffer.subarray(colon + 1, colon + 1 + length).toString());
      buffer = buffer.subarray(colon + 1 + length);
      if (Array.isArray(message)) {
        const [, id, error, result] = message;
        const waiter = pending.get(id);
        pending.delete(id);
        if (error) waiter?.reject(new Error(`${error.error}: ${error.message}`)); else waiter?.resolve(result);
      } else {
        waiting.shift()?.(message);
      }
    }
  });
  await new Promise((r, j) => { socket.once('connect', r); socket.once('error', j); });
  await new Promise((r) => waiting.push(r));
  const call = (name, params = {}) => new Promise((resolveCall, reject) => {
    const id = nextId++;
    pending.set(id, { resolve: resolveCall, reject });
    const json = Buffer.from(JSON.stringify([0, id, name, params]));
    socket.write(`${json.length}:`);
    socket.write(json);
  });
  await call('WebDriver:NewSession', { capabilities: { alwaysMatch: { pageLoadStrategy: 'normal' } } });
  return {
    navigate: (url) => call('WebDriver:Navigate', { url }),
    run: async (script) => (await call('WebDriver:ExecuteScript', { script, args: [] })).value,
    close: async () => {
      await Promise.race([call('Marionette:Quit', { flags: ['eForceQuit'] }).catch(() => {}), sleep(5000)]);
      socket.destroy();
      child.kill('SIGKILL');
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// --- WebKit over W3C WebDriver (WebKitWebDriver, MiniBrowser) on an Xvfb display ---
async function webkit() {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp', '-noreset'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
  let displayText = '';
  xvfb.stdio[3].on('data', (d) => { displayText += d; });
  const display = ':' + await until('Xvfb to start', 30000, async () => displayText.includes('\n') && displayText.trim());
  const port = await freePort();
  const driver = spawn(process.env.WEBKIT_WEBDRIVER || 'WebKitWebDriver', [`--port=${port}`], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: display, WAYLAND_DISPLAY: '', GDK_BACKEND: 'x11', WEBKIT_SKIA_ENABLE_CPU_RENDERING: '1' },
  });
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, path, body) => {
    const response = await fetch(base + path, { method, headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${answer.value?.error}: ${answer.value?.message}`);
    return answer.value;
  };
  await until('WebKitWebDriver to listen', 30000, () => fetch(base + '/status').then((r) => r.ok));
  const miniBrowser = ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser',
    '/usr/libexec/webkit2gtk-4.1/MiniBrowser'].find(existsSync);
  const session = (await call('POST', '/session', { capabilities: { alwaysMatch: {
    'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] }, pageLoadStrategy: 'normal' } } })).sessionId;
  return {
    navigate: (url) => call('POST', `/session/${session}/url`, { url }),
    run: (script) => call('POST', `/session/${session}/execute/sync`, { script, args: [] }),
    close: async () => {
      await Promise.race([call('DELETE', `/session/${session}`).catch(() => {}), sleep(5000)]);
      driver.kill('SIGKILL');
      xvfb.kill('SIGKILL');
    },
  };
}

const readCanvas = `const c = document.getElementById('pg-canvas');
  const data = c.getContext('2d').getImageData(0, 0, Math.max(c.width, 1), Math.max(c.height, 1)).data;
  let binary = '';
  for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(binary);`;
const statusScript = `const s = document.getElementById('pg-status'); return s ? [s.textContent, s.dataset.failed || ''] : null;`;

async function compare(browser, label, expected) {
  const got = Buffer.from(await browser.run(readCanvas), 'base64');
  const want = rgba(expected.rgba);
  let differing = 0;
  for (let i = 0; i < want.length; i++) if (got[i] !== want[i]) differing++;
  if (got.length !== want.length || differing > 0) {
    failures.push(`${label}: ${differing} canvas bytes differ from the native frame (${got.length} vs ${want.length} bytes)`);
  }
}

async function rendered(browser, what, expected) {
  await until(what, 30000, async () => {
    const state = await browser.run(`const c = document.getElementById('pg-canvas');
      const s = document.getElementById('pg-status');
      return !!c && c.width === ${expected.width} && c.height === ${expected.height} && s.textContent === 'Rendered.';`);
    if (!state) {
      const [text, failed] = (await browser.run(statusScript)) ?? ['', ''];
      if (failed === 'true') throw Object.assign(new Error(`the page says: ${text}`), { fatal: true });
    }
    return state;
  }).catch(async (error) => {
    const [text] = (await browser.run(statusScript).catch(() => null)) ?? [''];
    throw new Error(`${error.message} (status: '${text}')`);
  });
}

const lines = [];
for (const engine of cases.engines) {
  let browser;
  const started = Date.now();
  try {
    browser = engine === 'firefox' ? await firefox() : await webkit();
  } catch (error) {
    failures.push(`${engine}: did not start: ${error.message}`);
    continue;
  }
  const startMs = Date.now() - started;
  try {
    const bases = [['file', pathToFileURL(resolve(siteDir)).href, pathToFileURL(resolve(brokenDir)).href],
      ['served', origin, brokenOrigin]];
    for (const [where, base, brokenBase] of bases) {
      const label = `${engine} ${where}`;
      try {
        const { time, scale, theme } = cases;
        const t0 = Date.now();
        await browser.navigate(`${base}/playground.html#spec=${encodeBase64URL(cases.linked.spec)}` +
          `&theme=${theme}&scale=${scale}&t=${time}`);
        await rendered(browser, `${label}: the linked spec`, cases.linked);
        const loadMs = Date.now() - t0;
        await compare(browser, `${label}: linked spec`, cases.linked);
        const t1 = Date.now();
        await browser.run(`const s = document.getElementById('pg-source'); s.value = ${JSON.stringify(cases.typed.spec)};
          s.dispatchEvent(new Event('input', { bubbles: true })); return true;`);
        await rendered(browser, `${label}: the typed spec`, cases.typed);
        const editMs = Date.now() - t1;
        await compare(browser, `${label}: typed spec`, cases.typed);
        await browser.navigate(`${brokenBase}/playground.html`);
        const [said] = await until(`${label}: the page to say the module is missing`, 30000, async () => {
          const state = await browser.run(statusScript);
          return state && state[1] === 'true' && state;
        });
        if (said !== cases.missingStatus[where]) {
          failures.push(`${label}: without the module the page says '${said}', expected '${cases.missingStatus[where]}'`);
        }
        lines.push(`${label}: load to first frame ${loadMs} ms, edit to frame ${editMs} ms (browser start ${startMs} ms)`);
      } catch (error) {
        failures.push(`${label}: ${error.message}`);
      }
    }
  } finally {
    await browser.close();
  }
}
for (const line of lines) console.log(line);
if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log('playground-engines: ok');
