// The few C library functions the Embedded Swift code calls on wasm32-unknown-none-wasm,
// where there is no libc. Memory functions use the bulk-memory instructions.
// The maths functions are the ones LLVM lowers Swift's `truncatingRemainder` and
// `rounded()` to; both are exactly specified by IEEE 754 / C, so these exact
// implementations give the same bits as glibc on the native build (no libm needed).
#include <stddef.h>
#include <stdint.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
    return __builtin_memcpy(dst, src, n);
}

void *memmove(void *dst, const void *src, size_t n) {
    // memory.copy is defined for overlapping ranges.
    return __builtin_memmove(dst, src, n);
}

void *memset(void *dst, int c, size_t n) {
    return __builtin_memset(dst, c, n);
}

int memcmp(const void *a, const void *b, size_t n) {
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; i++) {
        if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
    }
    return 0;
}

size_t strlen(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    return n;
}

/// x − n·y with n = trunc(x / y), computed exactly by binary long division: each step
/// subtracts y·2^k from a remainder r with y·2^k ≤ r < y·2^(k+1), which is exact
/// (Sterbenz), and doubling or halving y·2^k is exact too.
double fmod(double x, double y) {
    double ax = __builtin_fabs(x), ay = __builtin_fabs(y);
    if (x != x || y != y || ay == 0.0 || ax == __builtin_inf()) return __builtin_nan("");
    if (ax < ay) return x;
    double s = ay;
    while (s * 2.0 <= ax) s *= 2.0;
    double r = ax;
    while (s >= ay) {
        if (r >= s) r -= s;
        s *= 0.5;
    }
    return __builtin_copysign(r, x);
}

float fmodf(float x, float y) {
    return (float)fmod((double)x, (double)y);
}

/// Round half away from zero.
double round(double x) {
    if (!(__builtin_fabs(x) < 4503599627370496.0)) return x;  // 2^52: already whole, or NaN
    double t = __builtin_trunc(x);
    if (__builtin_fabs(x - t) >= 0.5) t += __builtin_copysign(1.0, x);
    return t;
}

float roundf(float x) {
    if (!(__builtin_fabsf(x) < 8388608.0f)) return x;  // 2^23
    float t = __builtin_truncf(x);
    if (__builtin_fabsf(x - t) >= 0.5f) t += __builtin_copysign(1.0f, x);
    return t;
}

/// The embedded stdlib seeds Hasher from here. A fixed seed keeps the wasm build
/// deterministic; hash flooding is no concern for a renderer of the user's own text.
void arc4random_buf(void *buf, size_t n) {
    unsigned char *p = buf;
    uint32_t state = 0x9E3779B9u;
    for (size_t i = 0; i < n; i++) {
        state = state * 1664525u + 1013904223u;
        p[i] = (unsigned char)(state >> 24);
    }
}
