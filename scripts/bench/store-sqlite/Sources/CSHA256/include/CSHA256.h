#ifndef SKELSITE_CSHA256_H
#define SKELSITE_CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// SHA-256's 64 round constants (K), for the rounds written in Swift too.
extern const uint32_t *const skelsite_sha256_round_constants;

/// 1 when this processor has the SHA extensions (and SSSE3, SSE4.1) that
/// `skelsite_sha256_blocks` needs; 0 elsewhere, where the caller hashes in Swift.
int skelsite_sha256_hardware(void);

/// Compresses `count` whole 64-byte blocks at `blocks` into `state` (H0..H7, as FIPS
/// 180-4 numbers them). Call only when `skelsite_sha256_hardware()` is 1.
void skelsite_sha256_blocks(uint32_t state[8], const uint8_t *blocks, size_t count);

#endif
