/* GPGPU-Sim options for the memory system, read from the config store.
 *
 * Honoured: gpgpu_n_mem (partitions), gpgpu_n_sub_partition_per_mchannel
 * (read as a partition's L2 of n_sub times the sets of gpgpu_cache:dl2 and
 * n_sub lookups per cycle, which memsys splits into n_sub sub-partitions,
 * each its own L2 slice and crossbar node, as GPGPU-Sim's),
 * gpgpu_clock_domains (core:icnt:L2:DRAM MHz), gpgpu_cache:dl2,
 * gpgpu_dram_timing_opt (named "nbk=16:CCD=2:..." or positional
 * "nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR"; nbk, CCD, RRD, RCD, RAS, RP, RC,
 * CL, WL, WR, CDLR and the bank groups nbkgrp, CCDL, RTPL are modelled),
 * dram_bnkgrp_indexing_policy and dram_bnk_indexing_policy 0 and 1,
 * dram_dual_bus_interface (read_dram_interface), gpgpu_dram_buswidth (bytes per chip), gpgpu_n_mem_per_ctrlr
 * (chips per channel), gpgpu_dram_burst_length, dram_data_command_freq_ratio,
 * gpgpu_dram_scheduler (1 = FR-FCFS only), gpgpu_frfcfs_dram_sched_queue_size
 * (0, GPGPU-Sim's "unlimited", becomes 256), gpgpu_mem_addr_mapping,
 * gpgpu_memory_partition_indexing (the geometries addrmap.h names),
 * gpgpu_l2_rop_latency and dram_latency (core cycles, as GPGPU-Sim counts),
 * icnt_flit_size, icnt_in_buffer_limit and icnt_out_buffer_limit (GPGPU-Sim
 * counts flits; ccgpu buffers packets: limit / flits of a full-line packet).
 * ccgpu's own: mem_icnt_latency, mem_icnt_flits_per_cycle, mem_icnt_in_buf and
 * mem_icnt_out_buf (packets), mem_l2_hit_latency, mem_l2_in_queue,
 * mem_l2_out_queue, mem_l2_ports, mem_ctrl_bytes; mem_icnt_model and the
 * booksim sizes of its gpgpusim model (read_icnt_model below).
 * Every other GPGPU-Sim option stays unread, so the config check names it as
 * not modelled. */
#include "mem/memsys.h"
#include "gpu/config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int read_clocks(struct memsys_config *c, const ccgpu_config *store, char *err, size_t errlen)
{
    const char *v = config_get_str(store, "gpgpu_clock_domains", NULL);
    if (!v)
        return 0;
    double f[4];
    char tail;
    if (sscanf(v, "%lf:%lf:%lf:%lf%c", &f[0], &f[1], &f[2], &f[3], &tail) != 4)
        return config_value_error(store, "gpgpu_clock_domains", err, errlen,
                                  "'%s' is not core:icnt:l2:dram (MHz)", v);
    for (int i = 0; i < 4; i++)
        if (!(f[i] >= 1 && f[i] <= 1e6))
            return config_value_error(store, "gpgpu_clock_domains", err, errlen,
                                      "clock %g MHz out of range in '%s'", f[i], v);
    c->core_mhz = f[0];
    c->icnt_mhz = f[1];
    c->l2_mhz = f[2];
    c->dram_mhz = f[3];
    return 0;
}

static uint32_t *timing_field(struct dram_config *d, const char *name)
{
    static const char *const names[] = { "nbk", "CCD", "RRD",    "RCD",  "RAS",  "RP",
                                          "RC",  "CL",  "WL",     "WR",   "CDLR", "nbkgrp",
                                          "CCDL", "RTPL", NULL };
    uint32_t *fields[] = { &d->nbanks, &d->t.tCCD, &d->t.tRRD, &d->t.tRCD, &d->t.tRAS,
                           &d->t.tRP,  &d->t.tRC,  &d->t.tCL,  &d->t.tWL,  &d->t.tWR,
                           &d->t.tCDLR, &d->nbkgrp, &d->t.tCCDL, &d->t.tRTPL };
    for (int i = 0; names[i]; i++)
        if (strcmp(names[i], name) == 0)
            return fields[i];
    return NULL;
}

/* gpgpu_dram_timing_opt. Named form as GPGPU-Sim 4.x parses it: '=', ':',
 * ';' and white space all separate, and the words alternate name, value
 * ("nbk=16:CCD=2: RRD=6" is nbk 16, CCD 2, RRD 6). Without any '=' the
 * positional 3.x form nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR. */
static int read_timing(struct dram_config *d, const ccgpu_config *store, char *err, size_t errlen)
{
    static const char key[] = "gpgpu_dram_timing_opt";
    const char *v = config_get_str(store, key, NULL);
    if (!v)
        return 0;
    char buf[512];
    size_t n = strlen(v);
    if (n >= 2 && v[0] == '"' && v[n - 1] == '"') { /* quoted, as given with -o */
        v++;
        n -= 2;
    }
    if (n >= sizeof buf)
        return config_value_error(store, key, err, errlen, "value too long");
    memcpy(buf, v, n);
    buf[n] = '\0';
    int named = strchr(buf, '=') != NULL;
    static const char *const pos[] = { "nbk", "CCD", "RRD", "RCD", "RAS", "RP",
                                        "RC",  "CL",  "WL",  "CDLR", "WR" };
    const char *seps = named ? "=:; \t" : ":; \t";
    char *save = NULL;
    int k = 0;
    for (char *tok = strtok_r(buf, seps, &save); tok; tok = strtok_r(NULL, seps, &save), k++) {
        const char *name, *val;
        if (named) {
            name = tok;
            val = strtok_r(NULL, seps, &save);
            if (!val)
                return config_value_error(store, key, err, errlen, "%s has no value", name);
        } else if (k < 11) {
            name = pos[k];
            val = tok;
        } else {
            return config_value_error(store, key, err, errlen,
                                      "more than 11 positional fields in '%s'", v);
        }
        char *end;
        unsigned long x = strtoul(val, &end, 10);
        if (!*val || *end || x > 100000 || *val == '-')
            return config_value_error(store, key, err, errlen, "%s=%s is not a cycle count", name,
                                      val);
        uint32_t *f = timing_field(d, name);
        if (!f)
            return config_value_error(store, key, err, errlen, "unknown parameter '%s'", name);
        *f = (uint32_t)x;
    }
    uint32_t groups = d->nbkgrp ? d->nbkgrp : 1;
    if (d->nbanks % groups)
        return config_value_error(store, key, err, errlen, "nbkgrp=%u does not divide nbk=%u",
                                  groups, d->nbanks);
    return 0;
}

/* GPGPU-Sim's DRAM bank indexing and command buses:
 * dram_bnkgrp_indexing_policy (0: a bank's group is its high bits, 1: its
 * low bits, as every tested GPGPU-Sim 4.x configuration file sets),
 * dram_bnk_indexing_policy (0: the address's bank bits, 1: XORed with the
 * row's low bits; 2, IPOLY, and 3, custom, are not modelled and refused) and
 * dram_dual_bus_interface (1: a row command may go in a column command's
 * cycle, as the HBM files set). */
static int read_dram_interface(struct dram_config *d, const ccgpu_config *store, char *err,
                               size_t errlen)
{
    uint32_t grp = d->group_low_bits, bank = d->bank_xor_row, dual = d->dual_bus;
    if (config_get_u32(store, "dram_bnkgrp_indexing_policy", grp, &grp, err, errlen) ||
        config_get_u32(store, "dram_bnk_indexing_policy", bank, &bank, err, errlen) ||
        config_get_u32(store, "dram_dual_bus_interface", dual, &dual, err, errlen))
        return -1;
    if (dual > 1)
        return config_value_error(store, "dram_dual_bus_interface", err, errlen,
                                  "%u is not 0 or 1", dual);
    if (grp > 1)
        return config_value_error(store, "dram_bnkgrp_indexing_policy", err, errlen,
                                  "%u is not 0 (higher bits) or 1 (lower bits)", grp);
    if (bank > 1)
        return config_value_error(store, "dram_bnk_indexing_policy", err, errlen,
                                  "%u is not modelled (0: linear, 1: XOR with the row)", bank);
    if (bank && (d->nbanks & (d->nbanks - 1)))
        return config_value_error(store, "dram_bnk_indexing_policy", err, errlen,
                                  "XOR indexing needs a power-of-two bank count, not nbk=%u",
                                  d->nbanks);
    d->group_low_bits = (uint8_t)grp;
    d->bank_xor_row = (uint8_t)bank;
    d->dual_bus = (uint8_t)dual;
    return 0;
}

/* The interconnect GPGPU-Sim 4.x builds with network_mode 1 (booksim, one
 * router for all nodes: configs' "fly" with n = 1) and its attachment to the
 * SM clusters: `mem_icnt_model gpgpusim` (default `crossbar`, the ideal
 * crossbar of icnt.h). Its sizes take the names of the booksim options in
 * GPGPU-Sim's .icnt files, with booksim's defaults where GPGPU-Sim's
 * interface has them: icnt_input_buffer_size (flits, default 9: booksim's
 * input_buffer_size when the file leaves it 0), icnt_vc_buf_size (8),
 * icnt_ejection_buffer_size (0 = vc_buf_size), icnt_boundary_buffer_size
 * (16), icnt_vc_alloc_delay and icnt_sw_alloc_delay (1 each), icnt_sw_allocator
 * (islip or rr), and mem_icnt_cluster_ports (1: the SMs of a cluster,
 * gpgpu_n_cores_per_cluster, share a port). Setting any of them without the
 * model is an error: they would change nothing. */
static int read_icnt_model(struct memsys_config *c, const ccgpu_config *store, char *err,
                           size_t errlen)
{
    static const char *const keys[] = { "icnt_input_buffer_size", "icnt_vc_buf_size",
                                        "icnt_ejection_buffer_size", "icnt_boundary_buffer_size",
                                        "icnt_vc_alloc_delay", "icnt_sw_alloc_delay",
                                        "icnt_sw_allocator", "mem_icnt_cluster_ports", NULL };
    const char *model = config_get_str(store, "mem_icnt_model", "crossbar");
    if (strcmp(model, "crossbar") == 0) {
        c->icnt_in_flits = c->icnt_vc_flits = c->icnt_out_flits = 0;
        c->icnt_alloc_delay = c->icnt_islip = c->cluster_ports = c->l2_accept_room = 0;
        for (int i = 0; keys[i]; i++)
            if (config_find(store, keys[i]))
                return config_value_error(store, keys[i], err, errlen,
                                          "applies only with mem_icnt_model gpgpusim");
        return 0;
    }
    if (strcmp(model, "gpgpusim") != 0)
        return config_value_error(store, "mem_icnt_model", err, errlen,
                                  "'%s' is not crossbar or gpgpusim", model);
    uint32_t in = 9, vc = 8, ej = 0, bd = 16, vca = 1, swa = 1, cl = 1, cpc = 1;
    if (config_get_u32(store, "icnt_input_buffer_size", in, &in, err, errlen) ||
        config_get_u32(store, "icnt_vc_buf_size", vc, &vc, err, errlen) ||
        config_get_u32(store, "icnt_ejection_buffer_size", ej, &ej, err, errlen) ||
        config_get_u32(store, "icnt_boundary_buffer_size", bd, &bd, err, errlen) ||
        config_get_u32(store, "icnt_vc_alloc_delay", vca, &vca, err, errlen) ||
        config_get_u32(store, "icnt_sw_alloc_delay", swa, &swa, err, errlen) ||
        config_get_u32(store, "mem_icnt_cluster_ports", cl, &cl, err, errlen) ||
        config_get_u32(store, "gpgpu_n_cores_per_cluster", 1, &cpc, err, errlen))
        return -1;
    const char *alloc = config_get_str(store, "icnt_sw_allocator", "islip");
    if (strcmp(alloc, "islip") && strcmp(alloc, "rr"))
        return config_value_error(store, "icnt_sw_allocator", err, errlen,
                                  "'%s' is not islip or rr", alloc);
    if (!ej)
        ej = vc;
    if (!in || in > 65536 || vc > 65536 || ej > 65536 || bd > 65536)
        return config_value_error(store, "icnt_input_buffer_size", err, errlen,
                                  "router buffers must be 1..65536 flits (input VC, ejection, "
                                  "boundary: 0..65536)");
    if (vca + swa > 1000)
        return config_value_error(store, "icnt_vc_alloc_delay", err, errlen,
                                  "allocation delays above 1000 cycles");
    if (cl > 1)
        return config_value_error(store, "mem_icnt_cluster_ports", err, errlen, "%u is not 0 or 1", cl);
    if (ej + bd == 0)
        return config_value_error(store, "icnt_boundary_buffer_size", err, errlen,
                                  "the destination needs at least one flit of buffer");
    c->icnt_in_flits = in;
    c->icnt_vc_flits = vc;
    c->icnt_out_flits = ej + bd;
    c->icnt_alloc_delay = vca + swa;
    c->icnt_islip = strcmp(alloc, "islip") == 0;
    c->cluster_ports = cl;
    c->cluster_size = cpc ? cpc : 1;
    c->l2_accept_room = 4; /* SECTOR_CHUNCK_SIZE */
    if (c->l2_in_queue < c->l2_accept_room)
        return config_value_error(store, "mem_icnt_model", err, errlen,
                                  "gpgpusim needs mem_l2_in_queue >= 4 (it is %u)", c->l2_in_queue);
    return 0;
}

int memsys_config_read(struct memsys_config *c, const struct ccgpu_config *store, char *err,
                       size_t errlen)
{
    uint32_t nsub = 1, buswidth = c->dram.bus_bytes, chips = 1, sched = 1, q = c->dram.queue_size;
    uint32_t inbuf = 0, outbuf = 0;
    if (config_get_u32(store, "gpgpu_n_mem", c->n_part, &c->n_part, err, errlen) ||
        config_get_u32(store, "gpgpu_n_sub_partition_per_mchannel", 1, &nsub, err, errlen) ||
        config_get_u32(store, "gpgpu_memory_partition_indexing", 0, &c->part_indexing, err,
                       errlen) ||
        read_clocks(c, store, err, errlen) || read_timing(&c->dram, store, err, errlen))
        return -1;
    const char *l2 = config_get_str(store, "gpgpu_cache:dl2", NULL);
    if (l2 && cache_config_parse(&c->l2, l2, err, errlen)) {
        char inner[256];
        snprintf(inner, sizeof inner, "%s", err);
        return config_value_error(store, "gpgpu_cache:dl2", err, errlen, "%s", inner);
    }
    static const char *const l2_keys[2] = { "ccgpu_l2_repl", "ccgpu_l2_index" };
    for (int k = 0; k < 2 && !c->l2.disabled; k++) {
        const char *v = config_get_str(store, l2_keys[k], NULL);
        if (v && cache_config_set_policies(&c->l2, k ? NULL : v, k ? v : NULL, err, errlen)) {
            char inner[256];
            snprintf(inner, sizeof inner, "%s", err);
            return config_value_error(store, l2_keys[k], err, errlen, "%s", inner);
        }
    }
    if (c->l2.disabled) {
        snprintf(err, errlen, "gpgpu_cache:dl2: 'none' is not modelled (ccgpu needs an L2)");
        return -1;
    }
    if (nsub < 1 || nsub > 16 || (nsub & (nsub - 1))) {
        snprintf(err, errlen, "gpgpu_n_sub_partition_per_mchannel: %u is not 1, 2, 4, 8 or 16", nsub);
        return -1;
    }
    if (l2)
        c->l2.nsets *= nsub;
    if (config_find(store, "gpgpu_n_sub_partition_per_mchannel"))
        c->l2_ports = nsub; /* each sub-partition looked up once per cycle */
    c->part_ports = nsub;   /* and has its own crossbar node */
    /* a one-chip default for the chip count keeps presets' bus width when absent */
    int have_chips = config_find(store, "gpgpu_n_mem_per_ctrlr") != NULL;
    int have_width = config_find(store, "gpgpu_dram_buswidth") != NULL;
    if (config_get_u32(store, "gpgpu_dram_buswidth", 4, &buswidth, err, errlen) ||
        config_get_u32(store, "gpgpu_n_mem_per_ctrlr", 1, &chips, err, errlen) ||
        config_get_u32(store, "gpgpu_dram_burst_length", c->dram.burst_length,
                       &c->dram.burst_length, err, errlen) ||
        config_get_u32(store, "dram_data_command_freq_ratio", c->dram.data_rate,
                       &c->dram.data_rate, err, errlen) ||
        config_get_u32(store, "gpgpu_dram_scheduler", 1, &sched, err, errlen) ||
        config_get_u32(store, "gpgpu_frfcfs_dram_sched_queue_size", q, &q, err, errlen) ||
        config_get_u32(store, "gpgpu_l2_rop_latency", c->rop_latency, &c->rop_latency, err, errlen) ||
        config_get_u32(store, "dram_latency", c->dram_latency, &c->dram_latency, err, errlen) ||
        config_get_u32(store, "icnt_flit_size", c->flit_bytes, &c->flit_bytes, err, errlen) ||
        config_get_u32(store, "icnt_in_buffer_limit", 0, &inbuf, err, errlen) ||
        config_get_u32(store, "icnt_out_buffer_limit", 0, &outbuf, err, errlen) ||
        config_get_u32(store, "mem_icnt_latency", c->icnt_latency, &c->icnt_latency, err, errlen) ||
        config_get_u32(store, "mem_icnt_flits_per_cycle", c->flits_per_cycle, &c->flits_per_cycle,
                       err, errlen) ||
        config_get_u32(store, "mem_l2_hit_latency", c->l2_latency, &c->l2_latency, err, errlen) ||
        config_get_u32(store, "mem_l2_in_queue", c->l2_in_queue, &c->l2_in_queue, err, errlen) ||
        config_get_u32(store, "mem_l2_out_queue", c->l2_out_queue, &c->l2_out_queue, err, errlen) ||
        config_get_u32(store, "mem_ctrl_bytes", c->ctrl_bytes, &c->ctrl_bytes, err, errlen) ||
        config_get_u32(store, "mem_l2_ports", c->l2_ports, &c->l2_ports, err, errlen))
        return -1;
    if (read_dram_interface(&c->dram, store, err, errlen))
        return -1;
    uint32_t in_pkts = 0, out_pkts = 0;
    if (config_get_u32(store, "mem_icnt_in_buf", 0, &in_pkts, err, errlen) ||
        config_get_u32(store, "mem_icnt_out_buf", 0, &out_pkts, err, errlen))
        return -1;
    if (have_chips || have_width)
        c->dram.bus_bytes = buswidth * chips;
    if (sched != 1) {
        snprintf(err, errlen, "gpgpu_dram_scheduler: %u (FIFO) is not modelled; ccgpu has FR-FCFS (1)",
                 sched);
        return -1;
    }
    c->dram.queue_size = q ? q : 256;
    uint32_t pkt = c->flit_bytes ? (c->l2.line_size + c->ctrl_bytes + c->flit_bytes - 1) / c->flit_bytes : 1;
    if (inbuf)
        c->icnt_in_buf = inbuf / pkt ? inbuf / pkt : 1;
    if (outbuf)
        c->icnt_out_buf = outbuf / pkt ? outbuf / pkt : 1;
    if (in_pkts)
        c->icnt_in_buf = in_pkts;
    if (out_pkts)
        c->icnt_out_buf = out_pkts;
    if (read_icnt_model(c, store, err, errlen))
        return -1;
    const char *map = config_get_str(store, "gpgpu_mem_addr_mapping", NULL);
    if (map) {
        if (strlen(map) >= sizeof c->addr_map) {
            snprintf(err, errlen, "gpgpu_mem_addr_mapping: value too long");
            return -1;
        }
        snprintf(c->addr_map, sizeof c->addr_map, "%s", map);
    }
    return 0;
}

int memsys_config_write(const struct memsys_config *c, FILE *out)
{
    char l2[160];
    const struct dram_timing *t = &c->dram.t;
    cache_config_format(&c->l2, l2, sizeof l2);
    int rc = fprintf(out,
                     "gpgpu_n_mem %u\n"
                     "gpgpu_clock_domains %.17g:%.17g:%.17g:%.17g\n"
                     "gpgpu_cache:dl2 %s\n"
                     "gpgpu_dram_timing_opt nbk=%u:CCD=%u:RRD=%u:RCD=%u:RAS=%u:RP=%u:RC=%u:CL=%u:"
                     "WL=%u:CDLR=%u:WR=%u:nbkgrp=%u:CCDL=%u:RTPL=%u\n"
                     "gpgpu_dram_buswidth %u\n"
                     "gpgpu_n_mem_per_ctrlr 1\n"
                     "gpgpu_dram_burst_length %u\n"
                     "dram_data_command_freq_ratio %u\n"
                     "gpgpu_frfcfs_dram_sched_queue_size %u\n"
                     "gpgpu_mem_addr_mapping %s\n"
                     "gpgpu_l2_rop_latency %u\n"
                     "dram_latency %u\n"
                     "icnt_flit_size %u\n"
                     "mem_icnt_latency %u\n"
                     "mem_icnt_flits_per_cycle %u\n"
                     "mem_icnt_in_buf %u\n"
                     "mem_icnt_out_buf %u\n"
                     "mem_l2_hit_latency %u\n"
                     "mem_l2_in_queue %u\n"
                     "mem_l2_out_queue %u\n"
                     "mem_l2_ports %u\n"
                     "mem_ctrl_bytes %u\n",
                     c->n_part, c->core_mhz, c->icnt_mhz, c->l2_mhz, c->dram_mhz, l2, c->dram.nbanks,
                     t->tCCD, t->tRRD, t->tRCD, t->tRAS, t->tRP, t->tRC, t->tCL, t->tWL, t->tCDLR,
                     t->tWR, c->dram.nbkgrp ? c->dram.nbkgrp : 1, t->tCCDL, t->tRTPL, c->dram.bus_bytes, c->dram.burst_length, c->dram.data_rate,
                     c->dram.queue_size, c->addr_map[0] ? c->addr_map : ADDRMAP_DEFAULT,
                     c->rop_latency, c->dram_latency, c->flit_bytes, c->icnt_latency,
                     c->flits_per_cycle, c->icnt_in_buf, c->icnt_out_buf, c->l2_latency,
                     c->l2_in_queue, c->l2_out_queue, c->l2_ports ? c->l2_ports : 1, c->ctrl_bytes);
    if (rc >= 0 && c->part_indexing)
        rc = fprintf(out, "gpgpu_memory_partition_indexing %u\n", c->part_indexing);
    if (rc >= 0 && c->dram.group_low_bits)
        rc = fprintf(out, "dram_bnkgrp_indexing_policy 1\n");
    if (rc >= 0 && c->dram.bank_xor_row)
        rc = fprintf(out, "dram_bnk_indexing_policy 1\n");
    if (rc >= 0 && c->dram.dual_bus)
        rc = fprintf(out, "dram_dual_bus_interface 1\n");
    /* the destination buffer is written as ejection + boundary (read back the same) */
    uint32_t ej = c->icnt_out_flits < c->icnt_vc_flits ? c->icnt_out_flits : c->icnt_vc_flits;
    if (rc >= 0 && c->icnt_in_flits)
        rc = fprintf(out,
                     "mem_icnt_model gpgpusim\n"
                     "icnt_input_buffer_size %u\n"
                     "icnt_vc_buf_size %u\n"
                     "icnt_ejection_buffer_size %u\n"
                     "icnt_boundary_buffer_size %u\n"
                     "icnt_vc_alloc_delay %u\n"
                     "icnt_sw_alloc_delay 0\n"
                     "icnt_sw_allocator %s\n"
                     "mem_icnt_cluster_ports %u\n",
                     c->icnt_in_flits, c->icnt_vc_flits, ej, c->icnt_out_flits - ej, c->icnt_alloc_delay,
                     c->icnt_islip ? "islip" : "rr", c->cluster_ports);
    return rc < 0 ? -1 : 0;
}
