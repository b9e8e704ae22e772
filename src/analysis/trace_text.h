/* The text form of an access stream, for hand-made examples and tests: one
 * access per line,
 *     warp block [r|w] [lanemask]
 * warp a warp id, block a line (block) number, r (default) or w, lanemask the
 * 32-bit mask of lanes (default 0xffffffff); numbers in decimal or 0x hex;
 * '#' starts a comment. All accesses come from SM 0, CTA 0, kernel 0, pc 0,
 * kind global. */
#ifndef CCGPU_ANALYSIS_TRACE_TEXT_H
#define CCGPU_ANALYSIS_TRACE_TEXT_H
#include "analysis/trace.h"
#include <stddef.h>

/* Reads path into a malloc'd array (*out, *n; free with free()). 0, or -1
 * with "PATH:LINE: what" in err. */
int trace_text_load(const char *path, struct trace_record **out, size_t *n, char *err,
                    size_t errlen);

#endif
