// SHA-256 compression with the x86 SHA extensions (why: a rebuild of a big site hashes
// its own state files, about 13 MB, and the docs; in Swift that was a tenth of a
// one-spec rebuild, with these instructions about an eighth of that). The state is
// kept as the instructions want it: one register holds A, B, E, F and the other
// C, D, G, H; each `sha256rnds2` does two rounds.
#include "CSHA256.h"

// FIPS 180-4's K: the first 32 bits of the fractional parts of the cube roots of the
// first 64 primes. The Swift rounds use the same table.
static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

const uint32_t *const skelsite_sha256_round_constants = round_constants;

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>

int skelsite_sha256_hardware(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    int ssse3 = (c >> 9) & 1, sse41 = (c >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    int sha = (b >> 29) & 1;
    return ssse3 && sse41 && sha;
}


__attribute__((target("sha,sse4.1,ssse3")))
void skelsite_sha256_blocks(uint32_t state[8], const uint8_t *blocks, size_t count) {
    // Message words are big-endian: reverse the bytes of each 32-bit lane.
    const __m128i big_endian = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    // state[0..3] = A B C D, state[4..7] = E F G H (lane 0 first).
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1);  // B A D C
    __m128i hgfe = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B);  // H G F E
    __m128i abef = _mm_alignr_epi8(abcd, hgfe, 8);       // F E B A (lane 0 first)
    __m128i cdgh = _mm_blend_epi16(hgfe, abcd, 0xF0);    // H G D C
    for (size_t block = 0; block < count; block++) {
        const uint8_t *data = blocks + block * 64;
        __m128i abef_before = abef, cdgh_before = cdgh;
        // w[g % 4]: message words 4g .. 4g+3 of the last four groups.
        __m128i w[4];
        for (int group = 0; group < 16; group++) {
            __m128i words;
            if (group < 4) {
                words = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * group)), big_endian);
            } else {
                // W[t..t+3] from the groups t-16 .. t-1 (t = 4 * group): sigma0 terms from
                // msg1, W[t-7..t-4] spliced from the two groups before, sigma1 from msg2.
                __m128i partial = _mm_sha256msg1_epu32(w[group % 4], w[(group + 1) % 4]);
                partial = _mm_add_epi32(partial, _mm_alignr_epi8(w[(group + 3) % 4], w[(group + 2) % 4], 4));
                words = _mm_sha256msg2_epu32(partial, w[(group + 3) % 4]);
            }
            w[group % 4] = words;
            __m128i scheduled = _mm_add_epi32(words, _mm_loadu_si128((const __m128i *)&round_constants[4 * group]));
            // Two rounds on lanes 0-1, two on lanes 2-3; the registers swap roles each time.
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, scheduled);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(scheduled, 0x0E));
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }
    __m128i abef_reversed = _mm_shuffle_epi32(abef, 0x1B);   // A B E F
    __m128i ghcd = _mm_shuffle_epi32(cdgh, 0xB1);            // G H C D
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(abef_reversed, ghcd, 0xF0));  // A B C D
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(ghcd, abef_reversed, 8));     // E F G H
}

#else

int skelsite_sha256_hardware(void) { return 0; }

void skelsite_sha256_blocks(uint32_t state[8], const uint8_t *blocks, size_t count) {
    (void)state; (void)blocks; (void)count;
}

#endif
