/* Validation of configs/hopper.cfg: latencies and bandwidth the configuration
 * implies, and its dump round trip (tests/310_cfgcheck.h). */
#define CFG "configs/hopper.cfg"
/* data for about this many cycles at peak bandwidth: each warp streams its
 * share with one load in flight, ~500 cycles each (DRAM + the L1 pipeline),
 * so the ramp and the drain are one latency each; 14000 keeps them small */
#define STREAM_CYCLES 14000
#include "310_cfgcheck.h"

int main(void)
{
    return cfgcheck_main();
}
