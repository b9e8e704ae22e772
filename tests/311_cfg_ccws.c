/* Validation of configs/ccws.cfg: latencies and bandwidth the configuration
 * implies, and its dump round trip (tests/310_cfgcheck.h). */
#define CFG "configs/ccws.cfg"
#define STREAM_CYCLES 60000 /* data for about this many cycles at peak bandwidth */
#include "310_cfgcheck.h"

int main(void)
{
    return cfgcheck_main();
}
