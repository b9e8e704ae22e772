/* Validation of configs/a100.cfg: latencies and bandwidth the configuration
 * implies, and its dump round trip (tests/310_cfgcheck.h). */
#define CFG "configs/a100.cfg"
/* about this many cycles of data at peak bandwidth (see tests/314) */
#define STREAM_CYCLES 14000
#include "310_cfgcheck.h"

int main(void)
{
    return cfgcheck_main();
}
