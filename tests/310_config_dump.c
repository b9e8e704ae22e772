/* The configuration read log and its dump (src/gpu/config.c, config_dump.c):
 * every option a module asks for is recorded once, in order, with the
 * default it would use; the dump writes set options with their origin and,
 * with CONFIG_DUMP_ALL, the defaults; it loads back to the same values. */
#include "check.h"
#include "gpu/config.h"
#include <stdlib.h>

static char *dump(const ccgpu_config *cfg, int flags, int *rc)
{
    char *buf = NULL, err[256] = "";
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    *rc = f ? config_dump(cfg, f, flags, err, sizeof err) : -1;
    if (f)
        fclose(f);
    if (*rc)
        printf("  dump: %s\n", err);
    return buf;
}

/* Reads one option of each kind, as a module would. */
static void read_all(const ccgpu_config *cfg)
{
    char err[256];
    uint32_t u;
    uint64_t w;
    double d;
    int b, c;
    static const char *const modes[] = { "functional", "timing", NULL };
    config_reset_used(cfg);
    CHECK(config_get_u32(cfg, "a_u32", 7, &u, err, sizeof err) == 0);
    CHECK(config_get_u64(cfg, "b_u64", 1ull << 40, &w, err, sizeof err) == 0);
    CHECK(config_get_double(cfg, "c_double", 0.1, &d, err, sizeof err) == 0);
    CHECK(config_get_bool(cfg, "d_bool", 1, &b, err, sizeof err) == 0);
    CHECK(config_get_choice(cfg, "e_choice", modes, 1, &c, err, sizeof err) == 0);
    (void)config_get_str(cfg, "f_str", "gto");
    (void)config_get_str(cfg, "g_builtin", NULL); /* the module's own default */
    (void)config_find(cfg, "a_u32");                /* read twice: logged once */
}

TEST(log_records_defaults_in_order)
{
    ccgpu_config *cfg = ccgpu_config_new();
    read_all(cfg);
    CHECK_EQ_INT(cfg->nreads, 7);
    static const char *const keys[] = { "a_u32", "b_u64", "c_double", "d_bool", "e_choice", "f_str", "g_builtin" };
    static const char *const dflts[] = { "7", "1099511627776", "0.1", "1", "timing", "gto", NULL };
    for (int i = 0; i < 7 && i < cfg->nreads; i++) {
        CHECK(strcmp(cfg->reads[i].key, keys[i]) == 0);
        CHECK(dflts[i] ? cfg->reads[i].dflt && strcmp(cfg->reads[i].dflt, dflts[i]) == 0
                       : cfg->reads[i].dflt == NULL);
    }
    /* a presence check first, a getter later: the default is still recorded */
    char err[64];
    uint32_t u;
    config_reset_used(cfg);
    CHECK_EQ_INT(cfg->nreads, 0);
    (void)config_find(cfg, "x");
    CHECK(config_get_u32(cfg, "x", 5, &u, err, sizeof err) == 0);
    CHECK(cfg->nreads == 1 && cfg->reads[0].dflt && strcmp(cfg->reads[0].dflt, "5") == 0);
    ccgpu_config_free(cfg);
}

TEST(dump_origins_and_defaults)
{
    ccgpu_config *cfg = ccgpu_config_new();
    CHECK(ccgpu_config_load_string(cfg, "# c\n\nb_u64 3   # x\nf_str lrr\n", "f.cfg") == 0);
    CHECK(ccgpu_config_override(cfg, "a_u32=9") == 0);
    read_all(cfg);
    int rc;
    char *t = dump(cfg, 0, &rc);
    CHECK(rc == 0 && t);
    CHECK_STR_CONTAINS(t, "a_u32 9");
    CHECK_STR_CONTAINS(t, "# -o\n");
    CHECK_STR_CONTAINS(t, "# f.cfg:3\n");
    CHECK_STR_CONTAINS(t, "f_str lrr");
    CHECK(t && !strstr(t, "c_double")); /* defaults only with CONFIG_DUMP_ALL */
    free(t);
    t = dump(cfg, CONFIG_DUMP_ALL, &rc);
    CHECK(rc == 0 && t);
    CHECK_STR_CONTAINS(t, "c_double 0.1");
    CHECK_STR_CONTAINS(t, "e_choice timing");
    CHECK_STR_CONTAINS(t, "# g_builtin: not set");
    free(t);
    t = dump(cfg, CONFIG_DUMP_ALL | CONFIG_DUMP_PLAIN, &rc);
    CHECK(rc == 0 && t && !strchr(t, '#') && !strstr(t, "g_builtin"));
    /* the plain dump loads back to the same values, and dumps identically */
    ccgpu_config *back = ccgpu_config_new();
    CHECK(ccgpu_config_load_string(back, t, "dump") == 0);
    read_all(back);
    char *t2 = dump(back, CONFIG_DUMP_ALL | CONFIG_DUMP_PLAIN, &rc);
    CHECK(rc == 0 && t && t2 && strcmp(t, t2) == 0);
    free(t);
    free(t2);
    ccgpu_config_free(back);
    ccgpu_config_free(cfg);
}

TEST(dump_rejects_unwritable_value)
{
    ccgpu_config *cfg = ccgpu_config_new();
    CHECK(ccgpu_config_set(cfg, "f_str", "a#b") == 0);
    read_all(cfg);
    int rc;
    char *t = dump(cfg, 0, &rc);
    CHECK(rc != 0);
    free(t);
    ccgpu_config_free(cfg);
}

TEST(double_default_exact)
{
    ccgpu_config *cfg = ccgpu_config_new();
    char err[64];
    double d, back;
    CHECK(config_get_double(cfg, "k", 1.0 / 3, &d, err, sizeof err) == 0);
    CHECK(cfg->nreads == 1 && cfg->reads[0].dflt);
    back = cfg->nreads ? strtod(cfg->reads[0].dflt, NULL) : 0;
    CHECK(back == 1.0 / 3);
    ccgpu_config_free(cfg);
}

int main(void)
{
    RUN(log_records_defaults_in_order);
    RUN(dump_origins_and_defaults);
    RUN(dump_rejects_unwritable_value);
    RUN(double_default_exact);
    return check_summary();
}
