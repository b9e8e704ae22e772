#include "ccgpu.h"

const char *ccgpu_version(void)
{
    return "0.1.0";
}
