// A minimal Chrome DevTools Protocol client over --remote-debugging-pipe (fd 3: to the
// browser, fd 4: from it, NUL-separated JSON), so tests need neither a WebSocket
// library nor a free port. Used by playground.test.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class Browser {
  /** Starts headless Chromium (CHROMIUM env var, else `chromium`). */
  static async launch() {
    const profile = mkdtempSync(join(tmpdir(), 'skelsite-chromium-'));
    const binary = process.env.CHROMIUM || 'chromium';
    const child = spawn(binary, [
      '--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--no-default-browser-check',
      '--disable-extensions', '--disable-background-networking', '--disable-sync', '--mute-audio',
      // One device pixel per CSS pixel and a fixed window: the same layout on every machine.
      '--force-device-scale-factor=1', '--window-size=1280,1000',
      '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank',
    ], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    const browser = new Browser(child, profile);
    await browser.send('Browser.getVersion');
    return browser;
  }

  constructor(child, profile) {
    this.child = child;
    this.profile = profile;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = [];
    this.stderr = '';
    let buffer = '';
    child.stderr.on('data', (data) => { this.stderr = (this.stderr + data).slice(-4000); });
    child.stdio[4].on('data', (data) => {
      buffer += data;
      const messages = buffer.split('\0');
      buffer = messages.pop();
      for (const text of messages) this.receive(JSON.parse(text));
    });
    child.on('exit', (code) => {
      for (const { reject } of this.pending.values()) {
        reject(new Error(`chromium exited (${code}): ${this.stderr}`));
      }
      this.pending.clear();
    });
  }

  receive(message) {
    if (message.id !== undefined) {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (!waiter) return;
      if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`));
      else waiter.resolve(message.result);
    } else {
      for (const listener of this.listeners) listener(message);
    }
  }

  send(method, params = {}, sessionId = undefined) {
    const id = this.nextId++;
    const message = { id, method, params };
    if (sessionId) message.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.child.stdio[3].write(JSON.stringify(message) + '\0');
    });
  }

  /** Calls `listener(message)` for every event. */
  on(listener) {
    this.listeners.push(listener);
  }

  /** A new tab, attached in flat mode; returns a Page. */
  async newPage() {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    return new Page(this, sessionId);
  }

  async close() {
    try {
      await Promise.race([this.send('Browser.close'), new Promise((r) => setTimeout(r, 3000))]);
    } catch {
      // Already gone.
    }
    // The profile can be removed only once Chromium has stopped writing to it.
    if (this.child.exitCode === null) {
      const exited = new Promise((r) => this.child.once('exit', r));
      this.child.kill();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    try {
      rmSync(this.profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    } catch {
      // A profile Chromium still writes to is left in the temp folder: not a test failure.
    }
  }
}

export class Page {
  constructor(browser, sessionId) {
    this.browser = browser;
    this.sessionId = sessionId;
  }

  send(method, params = {}) {
    return this.browser.send(method, params, this.sessionId);
  }

  /** Events of this page only. */
  on(listener) {
    this.browser.on((message) => {
      if (message.sessionId === this.sessionId) listener(message);
    });
  }

  /**
   * Every uncaught exception, `console.error`/`assert` and error log entry of the page
   * from now on, as lines, in an array that fills as they come (enable the Runtime and
   * Log domains for them to arrive).
   */
  collectErrors() {
    const errors = [];
    this.on(({ method, params }) => {
      if (method === 'Runtime.exceptionThrown') {
        errors.push(`exception: ${params.exceptionDetails.exception?.description ?? params.exceptionDetails.text}`);
      } else if (method === 'Runtime.consoleAPICalled' && (params.type === 'error' || params.type === 'assert')) {
        errors.push(`console.${params.type}: ${params.args.map((a) => a.value ?? a.description).join(' ')}`);
      } else if (method === 'Log.entryAdded' && params.entry.level === 'error') {
        errors.push(`${params.entry.source}: ${params.entry.text} ${params.entry.url ?? ''}`.trim());
      }
    });
    return errors;
  }

  /** Evaluates `expression` in the page (awaiting a promise) and returns its value. */
  async evaluate(expression) {
    const result = await this.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (result.exceptionDetails) {
      throw new Error(`in page: ${result.exceptionDetails.exception?.description ?? result.exceptionDetails.text}`);
    }
    return result.result.value;
  }

  /** Polls `expression` until it is truthy; throws with `what` after `timeout` ms. */
  async waitFor(expression, what, timeout = 15000) {
    const deadline = Date.now() + timeout;
    let lastError = '';
    for (;;) {
      // While the page is still loading the expression may throw: keep polling.
      const value = await this.evaluate(expression).catch((error) => {
        lastError = ` (last error: ${error.message})`;
        return undefined;
      });
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${lastError}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
