/* Names of GPGPU-Sim options, so that a config file brought from GPGPU-Sim gets
 * "not modelled by ccgpu" rather than "unknown option" for options ccgpu lacks. */
#ifndef CCGPU_GPU_GPGPUSIM_OPTIONS_H
#define CCGPU_GPU_GPGPUSIM_OPTIONS_H

int gpgpusim_option_known(const char *key);

#endif
