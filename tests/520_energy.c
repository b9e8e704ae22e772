/* The energy model (src/power/, docs/energy.md): energies derived by hand
 * from known counts; power files parsed, bad ones refused with file and
 * line; a kernel of known event counts gives a known energy; and energy
 * statistics never change any other statistic. */
#include "bench_run.h"
#include "check.h"
#include "power/energy.h"
#include "power/power_file.h"
#include <dirent.h>
#include <stdlib.h>
#include <unistd.h>

/* A power file with every key: events at `ev` pJ, then the fixed keys. */
static void power_text(char *buf, size_t n, double ev, const char *fixed)
{
    size_t k = 0;
    for (int e = 0; e < ENERGY_NEVENTS; e++)
        k += (size_t)snprintf(buf + k, n - k, "%s_pj %g\n", energy_event_name((enum energy_event)e),
                              ev);
    snprintf(buf + k, n - k, "%s", fixed);
}

static const char *const fixed_keys = "constant_w 10 # trailing comment\nmc_w 1\nidle_sm_w 0.5\n"
                                      "static_w 30\nstatic_lane_w 0.5\nvoltage_ref_v 1.0\n";

TEST(energy_hand_derived)
{
    struct energy_params p = { 0 };
    p.event_pj[ENERGY_EV_int_op] = 2.0;
    p.event_pj[ENERGY_EV_l2_read_miss] = 100.0;
    p.event_pj[ENERGY_EV_dram_activate] = 1000.0;
    p.constant_w = 10.0;
    p.mc_w = 1.5;
    p.idle_sm_w = 0.5;
    p.static_w = 30.0;
    p.static_lane_w = 0.5;
    p.voltage_ref = 1.0;
    struct energy_activity a = { 0 };
    a.events[ENERGY_EV_int_op] = 640;
    a.events[ENERGY_EV_l2_read_miss] = 3;
    a.events[ENERGY_EV_dram_activate] = 2;
    a.cycles = 1000;
    a.n_sms = 10;
    a.busy_sm_cycles = 4000; /* 4 SMs busy throughout, 6 idle */
    a.idle_sm_cycles = 6000;
    a.warp_insts = 10;
    a.thread_insts = 170; /* 17 threads per warp: 16 lanes beyond the first */
    struct energy_result r;
    energy_compute(&p, &a, 500.0, 0.0, &r); /* 500 MHz: one cycle is 2 ns */
    /* events: 640 x 2 = 1280; 3 x 100 = 300; 2 x 1000 = 2000 pJ */
    CHECK_NEAR(r.event_pj[ENERGY_EV_int_op], 1280.0, 1e-9);
    /* L2+MC: 300 pJ of misses and 1.5 W x 1000 cycles x 2 ns = 3,000,000 pJ */
    CHECK_NEAR(r.group_pj[ENERGY_G_L2MC], 300.0 + 3e6, 1e-3);
    CHECK_NEAR(r.group_pj[ENERGY_G_DRAM], 2000.0, 1e-9);
    CHECK_NEAR(r.group_pj[ENERGY_G_NOC], 0.0, 0);
    /* constant: 10 W x 1000 cycles x 2 ns = 20,000,000 pJ; idle SMs:
     * 0.5 W x 6000 SM cycles x 2 ns = 6,000,000 pJ */
    CHECK_NEAR(r.power_pj[ENERGY_P_CONSTANT], 20e6, 1e-3);
    CHECK_NEAR(r.power_pj[ENERGY_P_IDLE_SM], 6e6, 1e-3);
    /* static: (30 + 16 x 0.5) W for the whole GPU, a tenth per SM, over
     * 4000 busy SM cycles: 3.8 W x 4000 x 2 ns = 30,400,000 pJ */
    CHECK_NEAR(r.power_pj[ENERGY_P_STATIC], 30.4e6, 1e-3);
    CHECK_NEAR(r.group_pj[ENERGY_G_SM], 30.4e6 + 1280.0, 1e-3);
    CHECK_NEAR(r.group_pj[ENERGY_G_CONST], 26e6, 1e-3);
    CHECK_NEAR(r.total_pj, 30.4e6 + 1280.0 + 300.0 + 3e6 + 2000.0 + 26e6, 1e-3);
    /* V/f scaling: at 1.1 V against 1.0 V dynamic parts x 1.21, static and
     * idle-SM x 1.1 */
    struct energy_result v;
    energy_compute(&p, &a, 500.0, 1.1, &v);
    CHECK_NEAR(v.event_pj[ENERGY_EV_int_op], 1280.0 * 1.21, 1e-9);
    CHECK_NEAR(v.power_pj[ENERGY_P_CONSTANT], 20e6 * 1.21, 1e-3);
    CHECK_NEAR(v.power_pj[ENERGY_P_MC], 3e6 * 1.21, 1e-3);
    CHECK_NEAR(v.power_pj[ENERGY_P_STATIC], 30.4e6 * 1.1, 1e-3);
    CHECK_NEAR(v.power_pj[ENERGY_P_IDLE_SM], 6e6 * 1.1, 1e-3);
}

TEST(power_file_parses_and_refuses)
{
    char text[4096], err[256];
    struct energy_params p;
    power_text(text, sizeof text, 1.5, fixed_keys);
    CHECK_EQ_INT(power_file_parse(text, "ok.power", &p, err, sizeof err), 0);
    CHECK_NEAR(p.event_pj[ENERGY_EV_dram_write], 1.5, 0);
    CHECK_NEAR(p.constant_w, 10.0, 0);
    CHECK_NEAR(p.static_lane_w, 0.5, 0);
    const struct {
        const char *extra, *msg;
    } bad[] = {
        { "bogus_pj 3\n", "bad.power:34: unknown key 'bogus_pj'" },
        { "rf_read_pj 3\n", "bad.power:34: key given twice: 'rf_read_pj'" },
        { "", NULL }, /* (a missing key: below) */
    };
    for (size_t i = 0; i < 2; i++) {
        char t2[4200];
        snprintf(t2, sizeof t2, "%s%s", text, bad[i].extra);
        CHECK_EQ_INT(power_file_parse(t2, "bad.power", &p, err, sizeof err), -1);
        CHECK_STR_CONTAINS(err, bad[i].msg);
    }
    /* a negative energy, a word for a number, a missing value: the line named */
    power_text(text, sizeof text, 1.5, "constant_w -1\n");
    CHECK_EQ_INT(power_file_parse(text, "neg.power", &p, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "neg.power:28: negative value: '-1'");
    power_text(text, sizeof text, 1.5, "constant_w ten\n");
    CHECK_EQ_INT(power_file_parse(text, "nan.power", &p, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "nan.power:28: not a number: 'ten'");
    power_text(text, sizeof text, 1.5, "constant_w\n");
    CHECK_EQ_INT(power_file_parse(text, "short.power", &p, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "short.power:28: expected KEY VALUE");
    power_text(text, sizeof text, 1.5, "constant_w 1 2\n");
    CHECK_EQ_INT(power_file_parse(text, "long.power", &p, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "long.power:28: expected KEY VALUE");
    power_text(text, sizeof text, 1.5, "constant_w 10\n");
    CHECK_EQ_INT(power_file_parse(text, "missing.power", &p, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "missing.power: missing key mc_w");
    CHECK(strchr(err, '\n') == NULL);
    CHECK_EQ_INT(power_file_load("/nonexistent/x.power", &p, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "/nonexistent/x.power: cannot open power file");
}

/* Every shipped power file loads, and gives a constant power. */
TEST(shipped_power_files_load)
{
    DIR *d = opendir("configs/power");
    CHECK(d != NULL);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 7 || strcmp(e->d_name + len - 6, ".power"))
            continue;
        char path[300], err[256] = "";
        snprintf(path, sizeof path, "configs/power/%s", e->d_name);
        struct energy_params p;
        int rc = power_file_load(path, &p, err, sizeof err);
        if (rc)
            printf("  %s\n", err);
        CHECK_EQ_INT(rc, 0);
        CHECK(p.constant_w > 0);
        n++;
    }
    if (d)
        closedir(d);
    CHECK(n >= 1);
}

/* The shipped GTX480 file (GPUWattch's model, configs/power/gtx480.power):
 * the numbers its header says come from the GPUWattch XML as data, and a
 * known activity priced by hand with the file's numbers. */
TEST(gtx480_file_hand_derived)
{
    struct energy_params p;
    char err[256] = "";
    CHECK_EQ_INT(power_file_load("configs/power/gtx480.power", &p, err, sizeof err), 0);
    /* GPUWattch adds CONST_DYNAMICN (11 W) less McPAT's own constant part,
     * the memory controllers' floor: the two add up to 11 W */
    CHECK_NEAR(p.constant_w + p.mc_w, 11.0, 1e-9);
    CHECK_NEAR(p.idle_sm_w, 1.59, 0);       /* XML idle_core_power */
    CHECK_NEAR(p.static_w, 0.0, 0);         /* GPUWattch reports no leakage */
    CHECK_NEAR(p.static_lane_w, 0.0, 0);
    /* DRAM: activity factor x the XML's energy per event (J), in pJ (the
     * file keeps 6 significant digits) */
    CHECK_NEAR(p.event_pj[ENERGY_EV_dram_read], 0.33 * 7.74707143e-8 * 1e12, 0.05);
    CHECK_NEAR(p.event_pj[ENERGY_EV_dram_write], 0.40 * 3.54664286e-8 * 1e12, 0.05);
    CHECK_NEAR(p.event_pj[ENERGY_EV_dram_activate], 0.11 * 3.8475e-8 * 1e12, 0.05);
    /* 1000 cycles at 1000 MHz (1 ns each) on 15 SMs, 10 busy and 5 idle
     * throughout; 1000 integer operations, 20 request flits, 10 L2 read
     * misses, 4 DRAM reads and 2 activates */
    struct energy_activity a = { 0 };
    a.events[ENERGY_EV_int_op] = 1000;
    a.events[ENERGY_EV_noc_req_flit] = 20;
    a.events[ENERGY_EV_l2_read_miss] = 10;
    a.events[ENERGY_EV_dram_read] = 4;
    a.events[ENERGY_EV_dram_activate] = 2;
    a.cycles = 1000;
    a.n_sms = 15;
    a.busy_sm_cycles = 10000;
    a.idle_sm_cycles = 5000;
    a.warp_insts = 100;
    a.thread_insts = 3200;
    struct energy_result r;
    energy_compute(&p, &a, 1000.0, 0.0, &r);
    /* sm: 1000 x 12.1462 = 12,146.2 pJ (no static power) */
    CHECK_NEAR(r.group_pj[ENERGY_G_SM], 12146.2, 1e-6);
    /* noc: 20 x 1925.19 = 38,503.8 */
    CHECK_NEAR(r.group_pj[ENERGY_G_NOC], 38503.8, 1e-6);
    /* l2mc: 10 x 2198.1 = 21,981, and the controllers' floor 1.17827 W x
     * 1000 ns = 1,178,270: 1,200,251 */
    CHECK_NEAR(r.group_pj[ENERGY_G_L2MC], 1200251.0, 1e-6);
    /* dram: 4 x 25565.3 + 2 x 4232.25 = 110,725.7 */
    CHECK_NEAR(r.group_pj[ENERGY_G_DRAM], 110725.7, 1e-6);
    /* const: 9.82173 W x 1000 ns = 9,821,730, idle SMs 1.59 W x 5000 ns =
     * 7,950,000: 17,771,730 */
    CHECK_NEAR(r.group_pj[ENERGY_G_CONST], 17771730.0, 1e-6);
    CHECK_NEAR(r.total_pj, 19133356.7, 1e-5);
}

/* A temporary power file; the path is written to path. */
static int write_power(char *path, size_t n, const char *text)
{
    snprintf(path, n, "/tmp/ccgpu-520-XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        return -1;
    }
    fputs(text, f);
    return fclose(f);
}

/* Every integer operation is counted, at known energy: 2 CTAs of 64
 * threads each run mov, add and mul (three integer operations per thread,
 * 384 in all) and ret. */
static const char *const int_kernel =
    ".version 7.0\n.target sm_70\n.address_size 64\n"
    ".visible .entry k()\n{\n"
    "    .reg .b32 %r<4>;\n"
    "    mov.u32 %r1, %tid.x;\n"
    "    add.s32 %r2, %r1, 7;\n"
    "    mul.lo.s32 %r3, %r2, %r1;\n"
    "    ret;\n}\n";

TEST(kernel_of_known_counts)
{
    char text[4096], path[64];
    /* only integer operations cost (2.5 pJ each); 2 W constant, 1 W per
     * idle SM, static 30 W + 0.5 W per further lane */
    size_t k = 0;
    for (int e = 0; e < ENERGY_NEVENTS; e++)
        k += (size_t)snprintf(text + k, sizeof text - k, "%s_pj %s\n",
                              energy_event_name((enum energy_event)e),
                              e == ENERGY_EV_int_op ? "2.5" : "0");
    snprintf(text + k, sizeof text - k,
             "constant_w 2\nmc_w 0\nidle_sm_w 1\nstatic_w 30\nstatic_lane_w 0.5\nvoltage_ref_v 0\n");
    CHECK_EQ_INT(write_power(path, sizeof path, text), 0);
    ccgpu_config *cfg = ccgpu_config_new();
    char over[128], err[256] = "";
    snprintf(over, sizeof over, "ccgpu_power_file=%s", path);
    CHECK_EQ_INT(ccgpu_config_load(cfg, "configs/ccws.cfg"), 0);
    /* a 1000 MHz core: one cycle is 1 ns, so 1 W over a cycle is 1000 pJ */
    CHECK_EQ_INT(ccgpu_config_override(cfg, "gpgpu_clock_domains=1000.0:650.0:650.0:800.0"), 0);
    CHECK_EQ_INT(ccgpu_config_override(cfg, over), 0);
    ccgpu *gpu = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    CHECK(gpu != NULL);
    if (!gpu) {
        printf("  %s\n", err);
        unlink(path);
        return;
    }
    ccgpu_module *m = ccgpu_module_load_string(gpu, int_kernel, "int.ptx");
    CHECK(m != NULL);
    struct ccgpu_dim3 grid = { 2, 1, 1 }, block = { 64, 1, 1 };
    CHECK_EQ_INT(ccgpu_launch(gpu, m, "k", grid, block, 0, NULL, 0), 0);
    double ops = 0, op_pj = 0, cycles = 0, constant = 0, idle = 0, idle_cycles = 0,
           busy_cycles = 0, sm_cycles = 0, stat = 0, total = 0, sum = 0, warp = 0, thread = 0;
    ccgpu_stat(gpu, "energy.count.int_op", -1, &ops);
    ccgpu_stat(gpu, "energy.int_op_pj", -1, &op_pj);
    ccgpu_stat(gpu, "cycles", -1, &cycles);
    ccgpu_stat(gpu, "energy.constant_pj", -1, &constant);
    ccgpu_stat(gpu, "energy.idle_sm_pj", -1, &idle);
    ccgpu_stat(gpu, "energy.count.idle_sm_cycles", -1, &idle_cycles);
    ccgpu_stat(gpu, "energy.count.busy_sm_cycles", -1, &busy_cycles);
    ccgpu_stat(gpu, "sm_cycles", -1, &sm_cycles);
    ccgpu_stat(gpu, "energy.static_pj", -1, &stat);
    ccgpu_stat(gpu, "energy.total_pj", -1, &total);
    ccgpu_stat(gpu, "warp_instructions", -1, &warp);
    ccgpu_stat(gpu, "thread_instructions", -1, &thread);
    CHECK_NEAR(ops, 384, 0);
    CHECK_NEAR(op_pj, 960, 0);
    CHECK(cycles > 0);
    CHECK_NEAR(constant, 2000.0 * cycles, 0.5);
    CHECK_NEAR(idle_cycles + busy_cycles, sm_cycles, 0);
    CHECK(busy_cycles > 0 && busy_cycles <= 2 * cycles); /* two SMs hold a CTA each */
    CHECK_NEAR(idle, 1000.0 * idle_cycles, 0.5);
    /* full warps: 31 lanes beyond the first, (30 + 15.5) W shared by 30 SMs */
    CHECK_NEAR(thread, 32 * warp, 0);
    CHECK_NEAR(stat, 45.5 / 30 * 1000.0 * busy_cycles, 0.5);
    const char *parts[] = { "energy.int_op_pj", "energy.constant_pj", "energy.idle_sm_pj",
                            "energy.static_pj" };
    for (size_t i = 0; i < 4; i++) {
        double v = 0;
        ccgpu_stat(gpu, parts[i], -1, &v);
        sum += v;
    }
    CHECK_NEAR(total, sum, 2.0); /* each rounded to a pJ */
    double w = 0;
    ccgpu_stat(gpu, "energy.avg_power_w", -1, &w);
    CHECK_NEAR(w, total / cycles * 1e-3, 1e-9);
    ccgpu_destroy(gpu);
    unlink(path);
}

/* The JSON without its energy lines, and with no line ending in a comma
 * (the line before the first energy line loses its comma when energy is
 * absent). */
static void strip_energy(char *json)
{
    char *out = json;
    for (char *line = json; *line;) {
        char *eol = strchr(line, '\n');
        size_t n = eol ? (size_t)(eol - line) : strlen(line);
        int energy = 0;
        for (size_t i = 0; i + 8 <= n && !energy; i++)
            energy = !memcmp(line + i, "\"energy.", 8);
        if (!energy) {
            size_t keep = n && line[n - 1] == ',' ? n - 1 : n;
            memmove(out, line, keep);
            out += keep;
            *out++ = '\n';
        }
        line += n + (eol != NULL);
    }
    *out = '\0';
}

TEST(energy_changes_no_other_statistic)
{
    char text[4096], path[64];
    power_text(text, sizeof text, 3.0, fixed_keys);
    CHECK_EQ_INT(write_power(path, sizeof path, text), 0);
    char over[128];
    snprintf(over, sizeof over, "ccgpu_power_file %s\n", path);
    /* several kernels (bfs), a run with shared memory and barriers, and
     * the shipped GTX480 file on the AWSS paper's Fermi (mesh: atomics) */
    const char *names[] = { "bfs", "reduction", "mesh" };
    const char *cfgs[] = { "configs/ccws.cfg", "configs/ccws.cfg", "configs/awss-fermi.cfg" };
    const char *overs[] = { over, over, "ccgpu_power_file configs/power/gtx480.power\n" };
    for (size_t i = 0; i < 3; i++) {
        int rc0, rc1;
        char *j0 = NULL, *j1 = NULL;
        size_t l0 = 0, l1 = 0;
        ccgpu *g0 = bench_run_timing(names[i], cfgs[i], NULL, NULL, &rc0, &j0, &l0);
        ccgpu *g1 = bench_run_timing(names[i], cfgs[i], NULL, overs[i], &rc1, &j1, &l1);
        CHECK(g0 && g1 && rc0 == 0 && rc1 == 0 && j0 && j1);
        if (j0 && j1) {
            CHECK(strstr(j0, "energy.") == NULL);
            CHECK(strstr(j1, "\"energy.total_pj\"") != NULL);
            strip_energy(j0);
            strip_energy(j1);
            CHECK(strcmp(j0, j1) == 0);
        }
        /* per kernel, the energies add up to the total (each rounded) */
        double total = 0, sum = 0, kernels = 0;
        if (g1) {
            ccgpu_stat(g1, "kernels", -1, &kernels);
            ccgpu_stat(g1, "energy.total_pj", -1, &total);
            for (int k = 0; k < (int)kernels; k++) {
                double v = 0;
                CHECK_EQ_INT(ccgpu_stat(g1, "energy.total_pj", k, &v), 0);
                sum += v;
            }
            CHECK(kernels >= 1 && total > 0);
            CHECK_NEAR(sum, total, kernels);
        }
        ccgpu_destroy(g0);
        ccgpu_destroy(g1);
        free(j0);
        free(j1);
    }
    unlink(path);
}

TEST(bad_power_options_fail_creation)
{
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256] = "";
    CHECK_EQ_INT(ccgpu_config_load_string(cfg, "ccgpu_power_file /nonexistent/y.power\n", "t.cfg"),
                 0);
    ccgpu *gpu = ccgpu_create(cfg, err, sizeof err);
    CHECK(gpu == NULL);
    CHECK_STR_CONTAINS(err, "/nonexistent/y.power: cannot open power file");
    ccgpu_config_free(cfg);
    /* scaling asked for, the file giving no reference voltage */
    char text[4096], path[64];
    power_text(text, sizeof text, 1.0,
               "constant_w 1\nmc_w 0\nidle_sm_w 0\nstatic_w 0\nstatic_lane_w 0\nvoltage_ref_v 0\n");
    CHECK_EQ_INT(write_power(path, sizeof path, text), 0);
    cfg = ccgpu_config_new();
    char over[128];
    snprintf(over, sizeof over, "ccgpu_power_file %s\nccgpu_power_voltage 0.9\n", path);
    CHECK_EQ_INT(ccgpu_config_load_string(cfg, over, "t.cfg"), 0);
    gpu = ccgpu_create(cfg, err, sizeof err);
    CHECK(gpu == NULL);
    CHECK_STR_CONTAINS(err, "voltage_ref_v");
    ccgpu_config_free(cfg);
    unlink(path);
}

int main(void)
{
    RUN(energy_hand_derived);
    RUN(power_file_parses_and_refuses);
    RUN(shipped_power_files_load);
    RUN(gtx480_file_hand_derived);
    RUN(kernel_of_known_counts);
    RUN(energy_changes_no_other_statistic);
    RUN(bad_power_options_fail_creation);
    return check_summary();
}
