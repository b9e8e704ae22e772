/* Power files (configs/power/NAME.power): the numbers of the energy model as
 * data. Plain "KEY VALUE" lines, '#' to the end of a line a comment; every
 * key exactly once:
 *   EVENT_pj       energy per event in pJ, for each event of energy_events.def
 *   constant_w     constant power, W
 *   mc_w           the memory controllers' power independent of requests, W
 *   idle_sm_w      power of one SM with no warp resident, W
 *   static_w       static power of the whole GPU, all SMs busy, one lane, W
 *   static_lane_w  static power added per further active lane per warp, W
 *   voltage_ref_v  the supply voltage the numbers hold at, V (0: unknown)
 * Values are finite and not negative. */
#ifndef CCGPU_POWER_POWER_FILE_H
#define CCGPU_POWER_POWER_FILE_H
#include "power/energy.h"
#include <stddef.h>

/* Reads the power file at path into p. -1 with a one-line message
 * "PATH:LINE: ..." (or "PATH: ...") in err. */
int power_file_load(const char *path, struct energy_params *p, char *err, size_t errlen);

/* The same for text already in memory (NUL-terminated), named name in
 * messages. */
int power_file_parse(const char *text, const char *name, struct energy_params *p, char *err,
                     size_t errlen);

#endif
