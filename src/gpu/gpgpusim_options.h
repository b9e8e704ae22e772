/* Names of GPGPU-Sim options, so that a config file brought from GPGPU-Sim gets
 * "not modelled by ccgpu" rather than "unknown option" for options ccgpu lacks. */
#ifndef CCGPU_GPU_GPGPUSIM_OPTIONS_H
#define CCGPU_GPU_GPGPUSIM_OPTIONS_H
#include <stddef.h>

/* 1 when GPGPU-Sim 4.x registers an option of this name. */
int gpgpusim_option_known(const char *key);
/* The GPGPU-Sim 4.x name of a 3.x spelling (key, keylen: "rop_latency" ->
 * "gpgpu_l2_rop_latency"), or NULL when key is not one. */
const char *gpgpusim_option_renamed(const char *key, size_t keylen);

#endif
