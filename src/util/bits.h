/* Bit counts without a library call: the default flags have no -mpopcnt, so
 * __builtin_popcount compiles to a call into libgcc. */
#ifndef CCGPU_UTIL_BITS_H
#define CCGPU_UTIL_BITS_H
#include <stdint.h>

static inline unsigned bits_popc32(uint32_t x)
{
    if (x == 0xffffffffu) /* a full warp's mask, the common case */
        return 32;
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

/* ... of a byte (a cache line's sector mask) */
static inline unsigned bits_popc8(uint8_t x)
{
    unsigned v = x;
    v = v - ((v >> 1) & 0x55u);
    v = (v & 0x33u) + ((v >> 2) & 0x33u);
    return (v + (v >> 4)) & 0x0fu;
}

#endif
