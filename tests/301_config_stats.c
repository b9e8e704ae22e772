/* Config store and statistics registry. */
#include "check.h"
#include "gpu/config.h"
#include "gpu/stats.h"
#include <stdlib.h>

TEST(config_parses_gpgpusim_style_lines)
{
    ccgpu_config *cfg = ccgpu_config_new();
    CHECK_EQ_INT(ccgpu_config_load_string(cfg,
                     "# comment\n-gpgpu_n_clusters 15\n gpgpu_scheduler gto # trailing\n\n"
                     "-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,A:256:8,8\n",
                     "t.cfg"),
                 0);
    char err[256];
    uint32_t n = 0;
    CHECK_EQ_INT(config_get_u32(cfg, "gpgpu_n_clusters", 1, &n, err, sizeof err), 0);
    CHECK_EQ_INT(n, 15);
    CHECK(strcmp(config_get_str(cfg, "gpgpu_scheduler", "lrr"), "gto") == 0);
    CHECK(strcmp(config_get_str(cfg, "gpgpu_cache:dl1", ""), "N:32:128:4,L:L:m:N:H,A:256:8,8") == 0);
    CHECK_EQ_INT(config_check_all_used(cfg, err, sizeof err), 0);
    ccgpu_config_free(cfg);
}

TEST(config_override_wins_and_unknown_is_named)
{
    ccgpu_config *cfg = ccgpu_config_new();
    CHECK_EQ_INT(ccgpu_config_load_string(cfg, "gpgpu_n_clusters 15\nbogus_option 3\n", "t.cfg"), 0);
    CHECK_EQ_INT(ccgpu_config_override(cfg, "gpgpu_n_clusters=30"), 0);
    char err[256];
    uint32_t n = 0;
    CHECK_EQ_INT(config_get_u32(cfg, "gpgpu_n_clusters", 1, &n, err, sizeof err), 0);
    CHECK_EQ_INT(n, 30);
    CHECK_EQ_INT(config_check_all_used(cfg, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "t.cfg:2: unknown option bogus_option");
    ccgpu_config_free(cfg);
}

TEST(config_reports_unmodelled_gpgpusim_option)
{
    ccgpu_config *cfg = ccgpu_config_new();
    CHECK_EQ_INT(ccgpu_config_load_string(cfg, "-visualizer_enabled 0\n", "g.cfg"), 0);
    char err[256];
    CHECK_EQ_INT(config_check_all_used(cfg, err, sizeof err), 0); /* loads... */
    char names[128];
    CHECK_EQ_INT(config_unmodelled(cfg, names, sizeof names), 1); /* ...and is named */
    CHECK_STR_CONTAINS(names, "visualizer_enabled (g.cfg:1)");
    ccgpu_config_free(cfg);
}

TEST(config_bad_values_are_errors)
{
    ccgpu_config *cfg = ccgpu_config_new();
    CHECK_EQ_INT(ccgpu_config_override(cfg, "a=12x"), 0);
    CHECK_EQ_INT(ccgpu_config_override(cfg, "b=maybe"), 0);
    CHECK_EQ_INT(ccgpu_config_override(cfg, "c=lrr2"), 0);
    CHECK_EQ_INT(ccgpu_config_override(cfg, "d=64K"), 0);
    CHECK_EQ_INT(ccgpu_config_override(cfg, "noequals"), -1);
    char err[256];
    uint32_t u;
    int b, ch;
    CHECK_EQ_INT(config_get_u32(cfg, "a", 0, &u, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "option a: invalid value '12x'");
    CHECK_EQ_INT(config_get_bool(cfg, "b", 0, &b, err, sizeof err), -1);
    static const char *const names[] = { "lrr", "gto", NULL };
    CHECK_EQ_INT(config_get_choice(cfg, "c", names, 0, &ch, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "lrr|gto");
    CHECK_EQ_INT(config_get_u32(cfg, "d", 0, &u, err, sizeof err), 0);
    CHECK_EQ_INT(u, 65536);
    CHECK_EQ_INT(ccgpu_config_load_string(cfg, "novalue\n", "x.cfg"), -1);
    CHECK_STR_CONTAINS(ccgpu_config_error(cfg), "x.cfg:1: option 'novalue' has no value");
    ccgpu_config_free(cfg);
}

TEST(stats_per_kernel_and_total)
{
    struct stats s;
    stats_init(&s);
    uint64_t insts = 0, cycles = 0;
    CHECK_EQ_INT(stats_register(&s, "warp_instructions", &insts, "warp instructions"), 0);
    CHECK_EQ_INT(stats_register(&s, "cycles", &cycles, "core cycles"), 0);
    CHECK_EQ_INT(stats_register(&s, "cycles", &cycles, "dup"), -1);
    CHECK_EQ_INT(stats_register_ratio(&s, "ipc", "warp_instructions", "cycles", 1.0), 0);
    stats_kernel_begin(&s);
    insts += 100;
    cycles += 50;
    CHECK_EQ_INT(stats_kernel_end(&s, "k1"), 0);
    stats_kernel_begin(&s);
    insts += 30;
    cycles += 30;
    CHECK_EQ_INT(stats_kernel_end(&s, "k2"), 0);
    double v;
    CHECK_EQ_INT(stats_get(&s, "ipc", 0, &v), 0);
    CHECK_NEAR(v, 2.0, 1e-12);
    CHECK_EQ_INT(stats_get(&s, "warp_instructions", 1, &v), 0);
    CHECK_NEAR(v, 30, 0);
    CHECK_EQ_INT(stats_get(&s, "ipc", -1, &v), 0);
    CHECK_NEAR(v, 130.0 / 80.0, 1e-12);
    CHECK_EQ_INT(stats_get(&s, "nope", -1, &v), -1);
    stats_free(&s);
}

int main(void)
{
    RUN(config_parses_gpgpusim_style_lines);
    RUN(config_override_wins_and_unknown_is_named);
    RUN(config_reports_unmodelled_gpgpusim_option);
    RUN(config_bad_values_are_errors);
    RUN(stats_per_kernel_and_total);
    return check_summary();
}
