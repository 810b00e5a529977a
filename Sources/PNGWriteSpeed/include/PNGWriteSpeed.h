#ifndef SKELSITE_PNG_WRITE_SPEED_H
#define SKELSITE_PNG_WRITE_SPEED_H

// Built as libSkelsitePNGWriteSpeed.so and preloaded (LD_PRELOAD) into the WebKit
// browser that `skelsite verify` drives; see png_write_speed.c. Nothing here is
// called from Swift.

#endif
