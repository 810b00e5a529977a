// The wasm allocator (Sources/SkeletonWasm/Runtime/malloc.c) under a random workload:
// no two live blocks overlap (each keeps the bytes written into it), every block is
// 8-aligned, same-size churn reuses memory, and freeing everything returns the heap
// to empty (free blocks coalesce into the top).
//   node Tests/wasm/alloc.test.mjs [path/to/skelsite.wasm]
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';

const wasmPath = process.argv[2] ?? '.build-wasm/skelsite.wasm';
const { instance: { exports: wasm } } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const bytes = () => new Uint8Array(wasm.memory.buffer);

// A deterministic generator, so a failure reproduces.
let seed = 12345;
const random = (n) => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return (seed >>> 8) % n;
};

const live = new Map(); // ptr -> { size, tag }
const fill = (ptr, size, tag) => bytes().fill(tag, ptr, ptr + size);
const check = (ptr, size, tag) => {
  const view = bytes().subarray(ptr, ptr + size);
  for (let i = 0; i < size; i++) if (view[i] !== tag) return false;
  return true;
};

for (let step = 0; step < 20000; step++) {
  if (live.size > 0 && random(100) < 45) {
    const keys = [...live.keys()];
    const ptr = keys[random(keys.length)];
    const { size, tag } = live.get(ptr);
    assert.ok(check(ptr, size, tag), `block at ${ptr} (${size} bytes) was overwritten`);
    wasm.free(ptr);
    live.delete(ptr);
  } else {
    // Mostly small objects, sometimes a frame-sized buffer.
    const size = random(10) === 0 ? 1000 + random(300000) : 1 + random(200);
    const ptr = wasm.alloc(size);
    assert.notEqual(ptr, 0, 'alloc returned null');
    assert.equal(ptr % 8, 0, `alloc(${size}) = ${ptr} is not 8-aligned`);
    const tag = 1 + random(255);
    fill(ptr, size, tag);
    live.set(ptr, { size, tag });
  }
}
for (const [ptr, { size, tag }] of live) {
  assert.ok(check(ptr, size, tag), `block at ${ptr} was overwritten`);
  wasm.free(ptr);
}
assert.equal(wasm.skelsite_heap_extent(), 0, 'freeing every block leaves the heap empty');

// A playground animates: the same 5 MB frame every tick must reuse one region.
const frame = 390 * 2 * 844 * 2 * 4;
const small = wasm.alloc(24);
const first = wasm.alloc(frame);
wasm.free(first);
for (let i = 0; i < 100; i++) {
  const p = wasm.alloc(frame);
  assert.equal(p, first, 'a same-sized frame lands where the last one was');
  wasm.free(p);
}
wasm.free(small);
assert.equal(wasm.skelsite_heap_extent(), 0);

// Over-aligned requests (the Swift runtime's posix_memalign path) split off a leading
// free block; it must be reusable and everything must still coalesce back.
const out = wasm.alloc(4);
const aligned = [];
for (const align of [16, 32, 64, 4096]) {
  for (const size of [1, 100, 70000]) {
    wasm.alloc(random(50) + 1); // shift the heap so alignment is not free
    assert.equal(wasm.posix_memalign(out, align, size), 0);
    const p = new Uint32Array(wasm.memory.buffer, out, 1)[0];
    assert.equal(p % align, 0, `posix_memalign(${align}, ${size}) = ${p}`);
    fill(p, size, 7);
    aligned.push([p, size]);
  }
}
for (const [p, size] of aligned) {
  assert.ok(check(p, size, 7), `aligned block at ${p} was overwritten`);
}
assert.equal(wasm.posix_memalign(out, 24, 8), 22, 'a non-power-of-two alignment is EINVAL');
console.log('alloc: ok (20000 random steps, frame reuse, heap returns to empty, posix_memalign)');
