/* Validation of configs/sacat-gtx480.cfg: latencies and bandwidth the configuration
 * implies, and its dump round trip (tests/310_cfgcheck.h). */
#define CFG "configs/sacat-gtx480.cfg"
#define STREAM_CYCLES 30000 /* data for about this many cycles at peak bandwidth */
#include "310_cfgcheck.h"

int main(void)
{
    return cfgcheck_main();
}
