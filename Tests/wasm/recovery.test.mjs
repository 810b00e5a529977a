// The JS API's recovery path (Templates/assets/skelsite-wasm.js): when the renderer traps
// or runs out of memory, a call returns one "renderer failed:" diagnostic at 1:1 and the
// module restarts, so the next call works on a fresh instance.
//
//   node Tests/wasm/recovery.test.mjs
//
// The real renderer has no input that traps (specs are bounded), so this loads a stub
// module, assembled below, with the same exports: `render` traps on a 4-byte spec, and
// otherwise returns one diagnostic whose line counts the calls made on this instance
// (so a restart shows as the count starting again); `alloc` fails on a 7-byte spec.
// Exit 0 when every check passes, 1 with the failures otherwise.
import { load } from '../../Templates/assets/skelsite-wasm.js';

/** Unsigned and signed LEB128, as the wasm binary format encodes integers. */
const uleb = (n) => { const out = []; do { let b = n & 0x7f; n >>>= 7; if (n) b |= 0x80; out.push(b); } while (n); return out; };
const sleb = (n) => {
  const out = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(b & 0x40)) || (n === -1 && (b & 0x40))) { out.push(b); return out; }
    out.push(b | 0x80);
  }
};
const vec = (items) => [...uleb(items.length), ...items.flat()];
const section = (id, bytes) => [id, ...uleb(bytes.length), ...bytes];
const name = (text) => vec([...new TextEncoder().encode(text)].map((b) => [b]));
const I32 = 0x7f, F64 = 0x7c;
const op = {
  localGet: (i) => [0x20, ...uleb(i)], globalGet: (i) => [0x23, ...uleb(i)], globalSet: (i) => [0x24, ...uleb(i)],
  i32: (n) => [0x41, ...sleb(n)], eq: [0x46], add: [0x6a], unreachable: [0x00], end: [0x0b],
  ifEmpty: [0x04, 0x40], ifI32: [0x04, I32], else: [0x05],
  store: (offset) => [0x36, 0x02, ...uleb(offset)],  // i32.store align=4
};

const HEADER = 2048, DATA = 3072, KIND_DIAGNOSTICS = 1;
const body = (...code) => { const bytes = [0x00, ...code.flat(), ...op.end]; return [...uleb(bytes.length), ...bytes]; };
const stub = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,  // "\0asm", version 1
  ...section(1, vec([  // types
    [0x60, ...vec([[I32]]), ...vec([[I32]])],  // (i32) -> i32: alloc
    [0x60, ...vec([[I32]]), ...vec([])],  // (i32) -> (): free, release
    [0x60, ...vec([[I32], [I32], [F64], [I32], [I32]]), ...vec([[I32]])],  // render(ptr, len, time, scale, theme)
  ])),
  ...section(3, vec([[0], [1], [1], [2]])),  // functions: alloc, free, release, render
  ...section(5, vec([[0x00, 0x01]])),  // one memory, one page
  ...section(6, vec([[I32, 0x01, ...op.i32(0), ...op.end]])),  // calls on this instance
  ...section(7, vec([  // exports
    [...name('memory'), 0x02, 0], [...name('alloc'), 0x00, 0], [...name('free'), 0x00, 1],
    [...name('release'), 0x00, 2], [...name('render'), 0x00, 3],
  ])),
  ...section(10, vec([
    // alloc(len): 0 (out of memory) for 7 bytes, else 1024.
    body(op.localGet(0), op.i32(7), op.eq, op.ifI32, op.i32(0), op.else, op.i32(1024), op.end),
    body(), body(),
    // render: traps on 4 bytes; else counts the call and returns the result handle.
    body(op.localGet(1), op.i32(4), op.eq, op.ifEmpty, op.unreachable, op.end,
      op.globalGet(0), op.i32(1), op.add, op.globalSet(0),
      op.i32(HEADER), op.i32(KIND_DIAGNOSTICS), op.store(0),
      op.i32(HEADER), op.i32(DATA), op.store(20), op.i32(HEADER), op.i32(20), op.store(24),
      // One diagnostic: line = calls so far, column 1, error, empty message.
      op.i32(DATA), op.i32(1), op.store(0), op.i32(DATA), op.globalGet(0), op.store(4),
      op.i32(DATA), op.i32(1), op.store(8), op.i32(DATA), op.i32(0), op.store(12), op.i32(DATA), op.i32(0), op.store(16),
      op.i32(HEADER)),
  ])),
]);

const failures = [];
const expect = (label, got, want) => {
  if (JSON.stringify(got) !== JSON.stringify(want)) failures.push(`${label}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
};
const counted = (n) => ({ diagnostics: [{ line: n, column: 1, message: '', severity: 'error' }] });
const failed = (message) => ({ diagnostics: [{ line: 1, column: 1, message: `renderer failed: ${message}`, severity: 'error' }] });

const sk = await load(stub);
expect('first call', sk.render('fine'.repeat(2)), counted(1));
expect('second call, same instance', sk.render('fine'.repeat(2)), counted(2));
const trapped = sk.render('trap');
expect('a trap', trapped.diagnostics?.map((d) => [d.line, d.column, d.severity, d.message.startsWith('renderer failed: ')]),
  [[1, 1, 'error', true]]);
expect('after the trap: a fresh instance', sk.render('fine'.repeat(2)), counted(1));
expect('alloc failing', sk.render('no room'), failed('out of memory'));
expect('after that: a fresh instance again', sk.render('fine'.repeat(2)), counted(1));
expect('and it keeps counting', sk.render('fine'.repeat(2)), counted(2));
// Errors of the caller's own making are thrown, not turned into diagnostics.
try {
  sk.render(42);
  failures.push('a non-string spec: no exception');
} catch (error) {
  expect('a non-string spec', [error.constructor.name, error.message], ['TypeError', 'spec text must be a string']);
}

if (failures.length) {
  console.error(`recovery: ${failures.length} failure(s)\n  ` + failures.join('\n  '));
  process.exit(1);
}
console.log(`recovery: ok (trap and out-of-memory each give "renderer failed:" at 1:1 and a fresh instance; trap message "${trapped.diagnostics[0].message}")`);
