// A library `skelsite verify` preloads into WebKitGTK's MiniBrowser (LD_PRELOAD on
// WebKitWebDriver, whose browser inherits it) so that its WebDriver screenshots are
// encoded fast: no row filter and zlib level 1, instead of libpng's defaults (every
// filter tried on every row, level 6) that cairo leaves in place. The pixels are the
// same (PNG is lossless); verify decodes them itself.
//
// Why: on site/, encoding screenshots was 15% of WebKit's CPU time in a verify run
// (libpng and zlib in the browser's own process); with these settings WebKit alone
// took 51 s of CPU time instead of 60 (site/guides/verify-css-vs-png.md). Level 0
// (stored) was worse, 86 s: four times the bytes through base64, JSON and HTTP.
//
// It wraps libpng's png_create_write_struct: the real one is found with
// dlsym(RTLD_NEXT), so this library needs no libpng to build or load, and a process
// that writes no PNG never calls it.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include "PNGWriteSpeed.h"

typedef void *(*create_write_struct)(const char *version, void *error_pointer, void *on_error, void *on_warning);
typedef void (*set_compression_level)(void *png, int level);
typedef void (*set_filter)(void *png, int method, int filters);

// libpng's PNG_FILTER_NONE (png.h): only the "None" filter, so no per-row choice.
enum { filter_none_only = 0x08 };

__attribute__((visibility("default")))
void *png_create_write_struct(const char *version, void *error_pointer, void *on_error, void *on_warning) {
    create_write_struct real = (create_write_struct)dlsym(RTLD_NEXT, "png_create_write_struct");
    if (real == NULL) return NULL;
    void *png = real(version, error_pointer, on_error, on_warning);
    if (png == NULL) return NULL;
    set_compression_level level = (set_compression_level)dlsym(RTLD_NEXT, "png_set_compression_level");
    set_filter filter = (set_filter)dlsym(RTLD_NEXT, "png_set_filter");
    if (level != NULL) level(png, 1);
    if (filter != NULL) filter(png, 0, filter_none_only);
    return png;
}
