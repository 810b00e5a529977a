// The heap allocator of the WebAssembly build: the embedded Swift runtime asks for
// posix_memalign/free, and there is no libc under wasm32-unknown-none-wasm.
//
// Design: boundary-tag blocks carved from the top of linear memory (a bump pointer
// that grows memory on demand), freed blocks kept in size-segregated free lists and
// coalesced with free neighbours, so a playground that renders a same-sized frame
// every animation tick reuses the same block instead of growing forever.
//
// Invariants:
// - every block starts 8-aligned and its size is a multiple of 8, at least 16;
// - a block's header holds its own size (| IN_USE) and its physical predecessor's size
//   (0 for the first block), so both neighbours are reachable;
// - no two free blocks are neighbours, and no free block touches the top: freeing the
//   last block gives its bytes back to the wilderness above `top`.
#include <stddef.h>
#include <stdint.h>

typedef struct Block {
    uint32_t prev_size;
    uint32_t size_flags;
    // Only meaningful while the block is free (they overlay the payload).
    struct Block *next;
    struct Block *prev;
} Block;

enum {
    IN_USE = 1u,
    HEADER = 8u,
    MIN_BLOCK = 16u,
    // Exact-size bins for blocks under 1 KiB (one per multiple of 8): small Swift
    // objects come and go in these sizes, so a hit needs no search.
    SMALL_LIMIT = 1024u,
    SMALL_BINS = SMALL_LIMIT / 8u,
    // Then one bin per power of two up to 4 GiB.
    LARGE_BINS = 23u,
    BINS = SMALL_BINS + LARGE_BINS,
    PAGE = 65536u,
};

extern unsigned char __heap_base;

static Block *bins[BINS];
static uintptr_t heap_start;
static uintptr_t top;           // first byte of the wilderness
static uint32_t top_prev_size;  // size of the block that ends at `top` (0 when none)

static inline uint32_t size_of(const Block *b) { return b->size_flags & ~7u; }
static inline int in_use(const Block *b) { return (b->size_flags & IN_USE) != 0; }
static inline Block *prev_block(Block *b) { return (Block *)((uintptr_t)b - b->prev_size); }
static inline void *payload(Block *b) { return (void *)((uintptr_t)b + HEADER); }
static inline Block *block_of(void *p) { return (Block *)((uintptr_t)p - HEADER); }

static unsigned bin_index(uint32_t size) {
    if (size < SMALL_LIMIT) return size / 8u;
    unsigned log2 = 31u - (unsigned)__builtin_clz(size);  // >= 10
    unsigned i = SMALL_BINS + (log2 - 10u);
    return i < BINS ? i : BINS - 1u;
}

static void unlink_free(Block *b) {
    if (b->prev) b->prev->next = b->next;
    else bins[bin_index(size_of(b))] = b->next;
    if (b->next) b->next->prev = b->prev;
}

static void link_free(Block *b) {
    unsigned i = bin_index(size_of(b));
    b->prev = 0;
    b->next = bins[i];
    if (b->next) b->next->prev = b;
    bins[i] = b;
}

/// Sets a block's size and tells its physical successor (or the top) about it.
static void set_size(Block *b, uint32_t size, uint32_t flags) {
    b->size_flags = size | flags;
    uintptr_t end = (uintptr_t)b + size;
    if (end == top) top_prev_size = size;
    else ((Block *)end)->prev_size = size;
}

static void init_heap(void) {
    heap_start = ((uintptr_t)&__heap_base + 7u) & ~(uintptr_t)7u;
    top = heap_start;
    top_prev_size = 0;
}

/// Makes the wilderness at least `bytes` long, growing linear memory by whole pages.
static int ensure_top(uint32_t bytes) {
    uintptr_t limit = (uintptr_t)__builtin_wasm_memory_size(0) * PAGE;
    if (top + bytes <= limit && top + bytes >= top) return 1;
    uint64_t missing = (uint64_t)top + bytes - limit;
    uint64_t pages = (missing + PAGE - 1u) / PAGE;
    if (pages > 65536u) return 0;
    return __builtin_wasm_memory_grow(0, (size_t)pages) != (size_t)-1;
}

/// Gives a free block back: coalesces it with free neighbours, or with the top.
static void release(Block *b) {
    uint32_t size = size_of(b);
    if (b->prev_size != 0) {
        Block *p = prev_block(b);
        if (!in_use(p)) {
            unlink_free(p);
            size += size_of(p);
            b = p;
        }
    }
    uintptr_t end = (uintptr_t)b + size;
    if (end == top) {
        top = (uintptr_t)b;
        top_prev_size = b->prev_size;
        return;
    }
    Block *n = (Block *)end;
    if (!in_use(n)) {
        unlink_free(n);
        size += size_of(n);
    }
    set_size(b, size, 0);
    link_free(b);
}

/// Cuts `b` (in use) down to `size`, freeing the tail when it is big enough to be a block.
static void trim(Block *b, uint32_t size) {
    uint32_t have = size_of(b);
    if (have - size < MIN_BLOCK) return;
    set_size(b, size, IN_USE);
    Block *tail = (Block *)((uintptr_t)b + size);
    tail->prev_size = size;
    set_size(tail, have - size, IN_USE);
    release(tail);
}

static Block *take_block(uint32_t need) {
    for (unsigned i = bin_index(need); i < BINS; i++) {
        for (Block *b = bins[i]; b; b = b->next) {
            if (size_of(b) >= need) {
                unlink_free(b);
                set_size(b, size_of(b), IN_USE);
                trim(b, need);
                return b;
            }
        }
    }
    if (!ensure_top(need)) return 0;
    Block *b = (Block *)top;
    b->prev_size = top_prev_size;
    top += need;
    set_size(b, need, IN_USE);
    return b;
}

/// Block size for a request of `n` payload bytes, or 0 when it cannot fit in 4 GiB.
static uint32_t block_size(size_t n) {
    if (n > 0xFFFF0000u) return 0;
    uint32_t need = ((uint32_t)n + HEADER + 7u) & ~7u;
    return need < MIN_BLOCK ? MIN_BLOCK : need;
}

void *malloc(size_t n) {
    if (top == 0) init_heap();
    uint32_t need = block_size(n);
    if (need == 0) return 0;
    Block *b = take_block(need);
    return b ? payload(b) : 0;
}

void free(void *p) {
    if (!p) return;
    Block *b = block_of(p);
    if ((uintptr_t)b < heap_start || (uintptr_t)b >= top || !in_use(b)) __builtin_trap();
    release(b);
}

int posix_memalign(void **out, size_t align, size_t n) {
    if (align < 8u) align = 8u;
    if (align & (align - 1u)) return 22;  // EINVAL
    if (align == 8u) {
        void *p = malloc(n);
        if (!p) return 12;  // ENOMEM
        *out = p;
        return 0;
    }
    // Over-allocate, then split off a leading free block (at least MIN_BLOCK) so the
    // payload lands on the boundary.
    if (n > 0xFFFF0000u - align - MIN_BLOCK) return 12;
    uint8_t *raw = malloc(n + align + MIN_BLOCK);
    if (!raw) return 12;
    if (((uintptr_t)raw & (align - 1u)) == 0) {
        *out = raw;
        return 0;
    }
    Block *b = block_of(raw);
    uintptr_t aligned = ((uintptr_t)raw + MIN_BLOCK + align - 1u) & ~(uintptr_t)(align - 1u);
    Block *a = block_of((void *)aligned);
    uint32_t lead = (uint32_t)((uintptr_t)a - (uintptr_t)b);
    uint32_t rest = size_of(b) - lead;
    a->prev_size = lead;
    set_size(a, rest, IN_USE);
    set_size(b, lead, IN_USE);
    release(b);
    trim(a, block_size(n));
    *out = (void *)aligned;
    return 0;
}

void *aligned_alloc(size_t align, size_t n) {
    void *p = 0;
    return posix_memalign(&p, align, n) == 0 ? p : 0;
}

void *calloc(size_t count, size_t size) {
    if (size != 0 && count > (size_t)-1 / size) return 0;
    void *p = malloc(count * size);
    if (p) __builtin_memset(p, 0, count * size);
    return p;
}

void *realloc(void *p, size_t n) {
    if (!p) return malloc(n);
    Block *b = block_of(p);
    uint32_t need = block_size(n);
    if (need == 0) return 0;
    uint32_t have = size_of(b);
    if (need <= have) {
        trim(b, need);
        return p;
    }
    void *q = malloc(n);
    if (!q) return 0;
    __builtin_memcpy(q, p, have - HEADER);
    free(p);
    return q;
}

/// Bytes between the heap's start and its top (for tests that watch for leaks).
size_t skelsite_heap_extent(void) { return top == 0 ? 0 : (size_t)(top - heap_start); }

/// Exported as `alloc`: JavaScript's way to get memory for a spec's bytes. Pair with `free`.
void *alloc(size_t n) { return malloc(n); }
