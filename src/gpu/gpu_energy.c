/* The energy model's place in the host API: its options (ccgpu_power_file,
 * ccgpu_power_voltage), its statistics' registration, and pricing each
 * launch's activity (src/power/). */
#include "gpu/gpu_internal.h"
#include "gpu/config.h"
#include "power/energy_stats.h"
#include "power/power_file.h"
#include "timing/gpu_timing.h"
#include <stdio.h>
#include <stdlib.h>

int gpu_energy_create(ccgpu *gpu, const ccgpu_config *cfg, char *err, size_t errlen)
{
    const char *path = config_get_str(cfg, "ccgpu_power_file", "");
    double voltage;
    if (config_get_double(cfg, "ccgpu_power_voltage", 0.0, &voltage, err, errlen))
        return -1;
    if (voltage < 0)
        return config_value_error(cfg, "ccgpu_power_voltage", err, errlen,
                                  "a voltage is not negative (0: no scaling)");
    /* a functional run has no activity to price: the options are read
     * (one configuration serves both modes) and the file is not */
    if (!path[0] || !gpu->timing)
        return 0;
    struct energy_params p;
    if (power_file_load(path, &p, err, errlen))
        return -1;
    if (voltage > 0 && p.voltage_ref <= 0)
        return config_value_error(cfg, "ccgpu_power_voltage", err, errlen,
                                  "%s gives no voltage_ref_v to scale from", path);
    if (!(gpu->energy = malloc(sizeof *gpu->energy))) {
        snprintf(err, errlen, "ccgpu_create: out of memory");
        return -1;
    }
    energy_stats_init(gpu->energy, &p, gpu_timing_core_mhz(gpu->timing), voltage);
    return 0;
}

int gpu_energy_register(ccgpu *gpu)
{
    return gpu->energy ? energy_stats_register(gpu->energy, &gpu->stats) : 0;
}

void gpu_energy_launch_end(ccgpu *gpu)
{
    if (!gpu->energy)
        return;
    struct energy_activity a;
    gpu_timing_energy_activity(gpu->timing, &a);
    const struct gpu_counters *c = &gpu->cnt;
    a.warp_insts = c->warp_insts;
    a.thread_insts = c->thread_insts;
    a.events[ENERGY_EV_inst_decode] = a.events[ENERGY_EV_pipeline] = c->warp_insts;
    uint64_t mem = 0;
    for (int sp = 0; sp < PTX_SPACE_COUNT; sp++)
        mem += c->warp_loads[sp] + c->warp_stores[sp] + c->warp_atomics[sp];
    a.events[ENERGY_EV_scheduler] = c->warp_insts - mem;
    a.events[ENERGY_EV_tex] = c->warp_loads[PTX_SPACE_TEX] + c->warp_stores[PTX_SPACE_TEX];
    energy_stats_launch_end(gpu->energy, &a);
}

void gpu_energy_free(ccgpu *gpu)
{
    free(gpu->energy);
    gpu->energy = NULL;
}
