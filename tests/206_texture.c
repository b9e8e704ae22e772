/* Texture and surface objects (issue 12, item 6): tex / tld4 / suld / sust /
 * txq / suq from PTX text on objects made through the host API, against
 * texel values derived by hand from CUDA's documented filtering and
 * addressing (src/ptx/texture.c). The 4x4 float texture holds
 * T[y][x] = 10y + x, so a bilinear sample at (x, y) in texel-centre
 * coordinates is 10(y - 0.5) + (x - 0.5) wherever the footprint lies inside. */
#include "ccgpu.h"
#include "check.h"
#include "ptx/ptx.h"
#include <stdlib.h>

static const char *ptx =
    ".version 7.0\n.target sm_75\n.address_size 64\n"
    /* out[i] = tex2D(t, coords[i]) as float4 */
    ".visible .entry t2d(.param .u64 t, .param .u64 c, .param .u64 o)\n{\n"
    " .reg .b64 %rd<8>; .reg .b32 %r<4>; .reg .f32 %f<8>;\n"
    " ld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [c]; ld.param.u64 %rd3, [o];\n"
    " mov.u32 %r1, %tid.x; mul.wide.u32 %rd4, %r1, 8; add.s64 %rd5, %rd2, %rd4;\n"
    " ld.global.v2.f32 {%f1, %f2}, [%rd5];\n"
    " tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];\n"
    " mul.wide.u32 %rd4, %r1, 16; add.s64 %rd6, %rd3, %rd4;\n"
    " st.global.v4.f32 [%rd6], {%f3, %f4, %f5, %f6};\n ret;\n}\n"
    /* out[i] = tld4.r(t, coords[i]) */
    ".visible .entry g2d(.param .u64 t, .param .u64 c, .param .u64 o)\n{\n"
    " .reg .b64 %rd<8>; .reg .b32 %r<4>; .reg .f32 %f<8>;\n"
    " ld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [c]; ld.param.u64 %rd3, [o];\n"
    " mov.u32 %r1, %tid.x; mul.wide.u32 %rd4, %r1, 8; add.s64 %rd5, %rd2, %rd4;\n"
    " ld.global.v2.f32 {%f1, %f2}, [%rd5];\n"
    " tld4.r.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];\n"
    " mul.wide.u32 %rd4, %r1, 16; add.s64 %rd6, %rd3, %rd4;\n"
    " st.global.v4.f32 [%rd6], {%f3, %f4, %f5, %f6};\n ret;\n}\n"
    /* out[i] = tex1Dfetch<int4>(t, idx[i]) */
    ".visible .entry f1d(.param .u64 t, .param .u64 c, .param .u64 o)\n{\n"
    " .reg .b64 %rd<8>; .reg .b32 %r<8>;\n"
    " ld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [c]; ld.param.u64 %rd3, [o];\n"
    " mov.u32 %r1, %tid.x; mul.wide.u32 %rd4, %r1, 4; add.s64 %rd5, %rd2, %rd4;\n"
    " ld.global.u32 %r2, [%rd5];\n"
    " tex.1d.v4.s32.s32 {%r3, %r4, %r5, %r6}, [%rd1, {%r2}];\n"
    " mul.wide.u32 %rd4, %r1, 16; add.s64 %rd6, %rd3, %rd4;\n"
    " st.global.v4.u32 [%rd6], {%r3, %r4, %r5, %r6};\n ret;\n}\n"
    /* out[i] = tex1D<float4>(t, x[i]) */
    ".visible .entry n1d(.param .u64 t, .param .u64 c, .param .u64 o)\n{\n"
    " .reg .b64 %rd<8>; .reg .b32 %r<4>; .reg .f32 %f<8>;\n"
    " ld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [c]; ld.param.u64 %rd3, [o];\n"
    " mov.u32 %r1, %tid.x; mul.wide.u32 %rd4, %r1, 4; add.s64 %rd5, %rd2, %rd4;\n"
    " ld.global.f32 %f1, [%rd5];\n"
    " tex.1d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1}];\n"
    " mul.wide.u32 %rd4, %r1, 16; add.s64 %rd6, %rd3, %rd4;\n"
    " st.global.v4.f32 [%rd6], {%f3, %f4, %f5, %f6};\n ret;\n}\n"
    /* surface: s[y][x] += 1 for thread (x, y); .zero read past the end */
    ".visible .entry su(.param .u64 s, .param .u64 o)\n{\n"
    " .reg .b64 %rd<4>; .reg .b32 %r<8>;\n"
    " ld.param.u64 %rd1, [s]; ld.param.u64 %rd2, [o];\n"
    " mov.u32 %r1, %tid.x; mov.u32 %r2, %tid.y; shl.b32 %r3, %r1, 2;\n"
    " suld.b.2d.b32.trap {%r4}, [%rd1, {%r3, %r2}];\n"
    " add.s32 %r4, %r4, 1;\n"
    " sust.b.2d.b32.trap [%rd1, {%r3, %r2}], {%r4};\n"
    " add.s32 %r5, %r3, 64;\n"
    " suld.b.2d.b32.zero {%r6}, [%rd1, {%r5, %r2}];\n"
    " suq.width.b32 %r7, [%rd1];\n"
    " st.global.v2.u32 [%rd2], {%r6, %r7};\n ret;\n}\n"
    /* surface read out of bounds with .trap */
    ".visible .entry sutrap(.param .u64 s)\n{\n"
    " .reg .b64 %rd<4>; .reg .b32 %r<8>;\n"
    " ld.param.u64 %rd1, [s]; mov.u32 %r1, 16; mov.u32 %r2, 0;\n"
    " suld.b.2d.b32.trap {%r4}, [%rd1, {%r1, %r2}];\n ret;\n}\n"
    /* no texture instruction */
    ".visible .entry nop(.param .u64 o)\n{\n"
    " .reg .b64 %rd<2>; .reg .b32 %r<2>;\n"
    " ld.param.u64 %rd1, [o]; mov.u32 %r1, 7; st.global.u32 [%rd1], %r1;\n ret;\n}\n"
    /* queries of a texture */
    ".visible .entry q(.param .u64 t, .param .u64 o)\n{\n"
    " .reg .b64 %rd<4>; .reg .b32 %r<8>;\n"
    " ld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [o];\n"
    " txq.width.b32 %r1, [%rd1]; txq.height.b32 %r2, [%rd1];\n"
    " txq.filter_mode.b32 %r3, [%rd1]; txq.addr_mode_0.b32 %r4, [%rd1];\n"
    " st.global.v4.u32 [%rd2], {%r1, %r2, %r3, %r4};\n ret;\n}\n";

static ccgpu *make(const char *mode)
{
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256];
    if (ccgpu_config_set(cfg, "ccgpu_mode", mode))
        return NULL;
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    return g;
}

/* the 4x4 float texture T[y][x] = 10y + x */
static ccgpu_devptr upload_grid(ccgpu *g)
{
    float t[16];
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            t[y * 4 + x] = (float)(10 * y + x);
    ccgpu_devptr d = 0;
    if (ccgpu_malloc(g, &d, sizeof t) || ccgpu_memcpy_htod(g, d, t, sizeof t))
        return 0;
    return d;
}

static struct ccgpu_texture_desc grid_desc(ccgpu_devptr base, enum ccgpu_address_mode a,
                                           enum ccgpu_filter_mode f, int norm)
{
    struct ccgpu_texture_desc d = { .base = base, .dims = 2, .width = 4, .height = 4,
                                    .channels = 1, .channel_bits = 32,
                                    .channel_kind = CCGPU_CHANNEL_FLOAT, .address = { a, a, a },
                                    .filter = f, .normalized_coords = norm };
    d.border[0] = -1.0f;
    return d;
}

/* samples n points of the texture with kernel k ("t2d" or "g2d"): out[4n] */
static int sample(ccgpu *g, ccgpu_module *m, const char *k, uint64_t tex, const float *xy, int n,
                  float *out)
{
    ccgpu_devptr c = 0, o = 0;
    if (ccgpu_malloc(g, &c, (size_t)n * 8) || ccgpu_malloc(g, &o, (size_t)n * 16) ||
        ccgpu_memcpy_htod(g, c, xy, (size_t)n * 8))
        return -1;
    void *args[] = { &tex, &c, &o };
    if (ccgpu_launch(g, m, k, CCGPU_DIM3(1), CCGPU_DIM3((uint32_t)n), 0, args, 3) ||
        ccgpu_memcpy_dtoh(g, out, o, (size_t)n * 16))
        return -1;
    return 0;
}

static void bilinear_clamp(const char *mode)
{
    ccgpu *g = make(mode);
    CHECK(g != NULL);
    if (!g)
        return;
    ccgpu_module *m = ccgpu_module_load_string(g, ptx, "tex.ptx");
    CHECK(m != NULL);
    ccgpu_devptr base = upload_grid(g);
    uint64_t tex = 0;
    struct ccgpu_texture_desc d = grid_desc(base, CCGPU_ADDRESS_CLAMP, CCGPU_FILTER_LINEAR, 0);
    CHECK_EQ_INT(ccgpu_texture_create(g, &d, &tex), 0);
    const float xy[] = {
        1.5f, 1.5f,          /* a texel centre: T[1][1] = 11 */
        2.0f, 1.5f,          /* halfway between T[1][1] and T[1][2]: 11.5 */
        2.25f, 2.75f,        /* weights .75/.25 both ways: 10*2.25 + 1.75 = 24.25 */
        0.0f, 0.0f,          /* clamped: the footprint is T[0][0] four times: 0 */
        4.5f, 0.5f,          /* clamped to the edge column: T[0][3] = 3 */
        1.5f + 1.0f / 3, 0.5f, /* weight 1/3 held as 85/256: 1 + 85/256 */
    };
    float out[6 * 4];
    CHECK_EQ_INT(sample(g, m, "t2d", tex, xy, 6, out), 0);
    CHECK_NEAR(out[0], 11.0, 0);
    CHECK_NEAR(out[4], 11.5, 0);
    CHECK_NEAR(out[8], 24.25, 0);
    CHECK_NEAR(out[12], 0.0, 0);
    CHECK_NEAR(out[16], 3.0, 0);
    CHECK_NEAR(out[20], 1.0 + 85.0 / 256, 1e-6);
    CHECK_NEAR(out[1], 0.0, 0); /* channels the texture lacks read as 0 */
    CHECK_NEAR(out[3], 0.0, 0);
    /* tld4.r at (2.0, 1.5): footprint i0=1, i1=2, j0=1, j1=2, in the order
     * (i0,j1) (i1,j1) (i1,j0) (i0,j0) */
    CHECK_EQ_INT(sample(g, m, "g2d", tex, xy + 2, 1, out), 0);
    CHECK_NEAR(out[0], 21.0, 0);
    CHECK_NEAR(out[1], 22.0, 0);
    CHECK_NEAR(out[2], 12.0, 0);
    CHECK_NEAR(out[3], 11.0, 0);
    /* queries */
    ccgpu_devptr q = 0;
    uint32_t qv[4] = { 0 };
    CHECK_EQ_INT(ccgpu_malloc(g, &q, 16), 0);
    void *qa[] = { &tex, &q };
    CHECK_EQ_INT(ccgpu_launch(g, m, "q", CCGPU_DIM3(1), CCGPU_DIM3(1), 0, qa, 2), 0);
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(g, qv, q, 16), 0);
    CHECK_EQ_INT(qv[0], 4);
    CHECK_EQ_INT(qv[1], 4);
    CHECK_EQ_INT(qv[2], CCGPU_FILTER_LINEAR);
    CHECK_EQ_INT(qv[3], CCGPU_ADDRESS_CLAMP);
    /* counted apart from global loads: t2d and g2d each one tex/tld4 and one
     * ld.global of the coordinates; txq reads no texel */
    double texloads = -1, globals = -1, tthreads = -1;
    CHECK_EQ_INT(ccgpu_stat(g, "warp_loads.tex", -1, &texloads), 0);
    CHECK_EQ_INT(ccgpu_stat(g, "thread_loads.tex", -1, &tthreads), 0);
    CHECK_EQ_INT(ccgpu_stat(g, "warp_loads.global", -1, &globals), 0);
    CHECK_NEAR(texloads, 2, 0);
    CHECK_NEAR(tthreads, 7, 0);
    CHECK_NEAR(globals, 2, 0);
    FILE *f = tmpfile();
    char text[8192] = { 0 };
    if (f) {
        ccgpu_stats_print_total(g, f);
        rewind(f);
        size_t n = fread(text, 1, sizeof text - 1, f);
        text[n] = 0;
        fclose(f);
    }
    CHECK_STR_CONTAINS(text, "warp_loads.tex");
    CHECK_EQ_INT(ccgpu_texture_destroy(g, tex), 0);
    CHECK(ccgpu_texture_destroy(g, tex) != 0); /* twice */
    ccgpu_destroy(g);
}

TEST(bilinear_clamp_functional) { bilinear_clamp("functional"); }
TEST(bilinear_clamp_timing) { bilinear_clamp("timing"); }

TEST(border_wrap_mirror_point)
{
    ccgpu *g = make("functional");
    ccgpu_module *m = ccgpu_module_load_string(g, ptx, "tex.ptx");
    CHECK(m != NULL);
    ccgpu_devptr base = upload_grid(g);
    uint64_t border = 0, wrap = 0, mirror = 0, point = 0;
    struct ccgpu_texture_desc d = grid_desc(base, CCGPU_ADDRESS_BORDER, CCGPU_FILTER_LINEAR, 0);
    CHECK_EQ_INT(ccgpu_texture_create(g, &d, &border), 0);
    d = grid_desc(base, CCGPU_ADDRESS_WRAP, CCGPU_FILTER_POINT, 1);
    CHECK_EQ_INT(ccgpu_texture_create(g, &d, &wrap), 0);
    d = grid_desc(base, CCGPU_ADDRESS_MIRROR, CCGPU_FILTER_POINT, 1);
    CHECK_EQ_INT(ccgpu_texture_create(g, &d, &mirror), 0);
    d = grid_desc(base, CCGPU_ADDRESS_CLAMP, CCGPU_FILTER_POINT, 0);
    CHECK_EQ_INT(ccgpu_texture_create(g, &d, &point), 0);
    float out[4];
    /* border (colour -1) at (0, 0.5): half of the border texel, half of T[0][0] = 0 */
    const float b[] = { 0.0f, 0.5f };
    CHECK_EQ_INT(sample(g, m, "t2d", border, b, 1, out), 0);
    CHECK_NEAR(out[0], -0.5, 0);
    /* normalized (1.125, 0.375) is texel (4.5, 1.5): wrap column 0, mirror column 3 */
    const float n[] = { 1.125f, 0.375f };
    CHECK_EQ_INT(sample(g, m, "t2d", wrap, n, 1, out), 0);
    CHECK_NEAR(out[0], 10.0, 0);
    CHECK_EQ_INT(sample(g, m, "t2d", mirror, n, 1, out), 0);
    CHECK_NEAR(out[0], 13.0, 0);
    /* point sampling takes floor: (2.9, 3.1) -> T[3][2] */
    const float p[] = { 2.9f, 3.1f };
    CHECK_EQ_INT(sample(g, m, "t2d", point, p, 1, out), 0);
    CHECK_NEAR(out[0], 32.0, 0);
    /* linear filtering of integer texels without read_normalized is refused */
    d = grid_desc(base, CCGPU_ADDRESS_CLAMP, CCGPU_FILTER_LINEAR, 0);
    d.channel_kind = CCGPU_CHANNEL_SIGNED;
    uint64_t bad = 0;
    CHECK(ccgpu_texture_create(g, &d, &bad) != 0);
    CHECK_STR_CONTAINS(ccgpu_error(g), "linear filtering");
    ccgpu_destroy(g);
}

TEST(fetch_1d_and_normalized_read)
{
    ccgpu *g = make("functional");
    ccgpu_module *m = ccgpu_module_load_string(g, ptx, "tex.ptx");
    int32_t v[8];
    for (int i = 0; i < 8; i++)
        v[i] = i * i - 5;
    ccgpu_devptr dv = 0, di = 0, o = 0;
    CHECK_EQ_INT(ccgpu_malloc(g, &dv, sizeof v), 0);
    CHECK_EQ_INT(ccgpu_memcpy_htod(g, dv, v, sizeof v), 0);
    struct ccgpu_texture_desc d = { .base = dv, .dims = 1, .width = 8, .channels = 1,
                                    .channel_bits = 32, .channel_kind = CCGPU_CHANNEL_SIGNED,
                                    .address = { CCGPU_ADDRESS_CLAMP } };
    uint64_t tex = 0;
    CHECK_EQ_INT(ccgpu_texture_create(g, &d, &tex), 0);
    const int32_t idx[3] = { 3, 100, -7 }; /* inside; clamped to 7; clamped to 0 */
    int32_t out[12];
    CHECK_EQ_INT(ccgpu_malloc(g, &di, sizeof idx), 0);
    CHECK_EQ_INT(ccgpu_malloc(g, &o, sizeof out), 0);
    CHECK_EQ_INT(ccgpu_memcpy_htod(g, di, idx, sizeof idx), 0);
    void *args[] = { &tex, &di, &o };
    CHECK_EQ_INT(ccgpu_launch(g, m, "f1d", CCGPU_DIM3(1), CCGPU_DIM3(3), 0, args, 3), 0);
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(g, out, o, sizeof out), 0);
    CHECK_EQ_INT(out[0], 4);
    CHECK_EQ_INT(out[4], 44);
    CHECK_EQ_INT(out[8], -5);
    /* uchar4 texels read normalized, linear between two texels at x = 1.0 */
    const uint8_t px[8] = { 0, 51, 255, 128, 255, 0, 255, 0 };
    ccgpu_devptr dp = 0;
    CHECK_EQ_INT(ccgpu_malloc(g, &dp, sizeof px), 0);
    CHECK_EQ_INT(ccgpu_memcpy_htod(g, dp, px, sizeof px), 0);
    struct ccgpu_texture_desc u = { .base = dp, .dims = 1, .width = 2, .channels = 4,
                                    .channel_bits = 8, .channel_kind = CCGPU_CHANNEL_UNSIGNED,
                                    .address = { CCGPU_ADDRESS_CLAMP },
                                    .filter = CCGPU_FILTER_LINEAR, .read_normalized = 1 };
    uint64_t ut = 0;
    CHECK_EQ_INT(ccgpu_texture_create(g, &u, &ut), 0);
    const float x[1] = { 1.0f };
    float f[4];
    CHECK_EQ_INT(ccgpu_memcpy_htod(g, di, x, sizeof x), 0);
    args[0] = &ut;
    CHECK_EQ_INT(ccgpu_launch(g, m, "n1d", CCGPU_DIM3(1), CCGPU_DIM3(1), 0, args, 3), 0);
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(g, f, o, sizeof f), 0);
    CHECK_NEAR(f[0], 0.5, 1e-6);          /* (0 + 1) / 2 */
    CHECK_NEAR(f[1], 0.1, 1e-6);          /* (0.2 + 0) / 2 */
    CHECK_NEAR(f[2], 1.0, 1e-6);
    CHECK_NEAR(f[3], 64.0 / 255, 1e-6);   /* (128/255 + 0) / 2 */
    ccgpu_destroy(g);
}

TEST(surface_load_store)
{
    ccgpu *g = make("functional");
    ccgpu_module *m = ccgpu_module_load_string(g, ptx, "tex.ptx");
    uint32_t s[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, r[8];
    ccgpu_devptr ds = 0, o = 0;
    CHECK_EQ_INT(ccgpu_malloc(g, &ds, sizeof s), 0);
    CHECK_EQ_INT(ccgpu_malloc(g, &o, 8), 0);
    CHECK_EQ_INT(ccgpu_memcpy_htod(g, ds, s, sizeof s), 0);
    struct ccgpu_texture_desc d = { .base = ds, .dims = 2, .width = 4, .height = 2,
                                    .channels = 1, .channel_bits = 32,
                                    .channel_kind = CCGPU_CHANNEL_UNSIGNED };
    uint64_t surf = 0;
    CHECK_EQ_INT(ccgpu_surface_create(g, &d, &surf), 0);
    void *args[] = { &surf, &o };
    CHECK_EQ_INT(ccgpu_launch(g, m, "su", CCGPU_DIM3(1), CCGPU_DIM3(4, 2), 0, args, 2), 0);
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(g, r, ds, sizeof r), 0);
    for (int i = 0; i < 8; i++)
        CHECK_EQ_INT(r[i], s[i] + 1);
    uint32_t z[2];
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(g, z, o, sizeof z), 0);
    CHECK_EQ_INT(z[0], 0); /* .zero past the row */
    CHECK_EQ_INT(z[1], 4); /* suq.width */
    /* a surface is not a texture, and .trap stops the kernel */
    CHECK(ccgpu_launch(g, m, "sutrap", CCGPU_DIM3(1), CCGPU_DIM3(1), 0, args, 1) != 0);
    CHECK_STR_CONTAINS(ccgpu_error(g), "surface access out of bounds");
    ccgpu_destroy(g);
    g = make("functional");
    m = ccgpu_module_load_string(g, ptx, "tex.ptx");
    CHECK_EQ_INT(ccgpu_malloc(g, &ds, sizeof s), 0);
    d.base = ds;
    CHECK_EQ_INT(ccgpu_surface_create(g, &d, &surf), 0);
    float f[4];
    CHECK(sample(g, m, "t2d", surf, (const float[]){ 0, 0 }, 1, f) != 0);
    CHECK_STR_CONTAINS(ccgpu_error(g), "not a texture object");
    ccgpu_destroy(g);
}

/* a run without texture instructions lists no texture statistics (its
 * output is what it was before they existed) */
TEST(no_texture_no_listing)
{
    ccgpu *g = make("functional");
    ccgpu_module *m = ccgpu_module_load_string(g, ptx, "tex.ptx");
    ccgpu_devptr o = 0;
    uint64_t bogus = 0;
    CHECK_EQ_INT(ccgpu_malloc(g, &o, 16), 0);
    void *args[] = { &bogus, &o };
    /* a handle that is no object: the kernel stops with a message */
    CHECK(ccgpu_launch(g, m, "q", CCGPU_DIM3(1), CCGPU_DIM3(1), 0, args, 2) != 0);
    CHECK_STR_CONTAINS(ccgpu_error(g), "not a texture or surface object");
    ccgpu_destroy(g);
    g = make("functional");
    m = ccgpu_module_load_string(g, ptx, "tex.ptx");
    CHECK_EQ_INT(ccgpu_malloc(g, &o, 16), 0);
    ccgpu_devptr c = 0;
    CHECK_EQ_INT(ccgpu_malloc(g, &c, 16), 0);
    CHECK_EQ_INT(ccgpu_memset(g, c, 0, 16), 0);
    void *nargs[] = { &o };
    CHECK_EQ_INT(ccgpu_launch(g, m, "nop", CCGPU_DIM3(1), CCGPU_DIM3(32), 0, nargs, 1), 0);
    FILE *f = tmpfile();
    char text[8192] = { 0 };
    if (f) {
        ccgpu_stats_print(g, f);
        ccgpu_stats_write_json(g, f);
        rewind(f);
        size_t n = fread(text, 1, sizeof text - 1, f);
        text[n] = 0;
        fclose(f);
    }
    CHECK(strstr(text, "warp_stores.global") != NULL);
    CHECK(strstr(text, ".tex") == NULL);
    double v = -1;
    CHECK_EQ_INT(ccgpu_stat(g, "warp_loads.tex", -1, &v), 0);
    CHECK_NEAR(v, 0, 0);
    ccgpu_destroy(g);
}

TEST(parse_errors)
{
    ccgpu *g = make("functional");
    const char *bad[] = {
        "tex.level.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f1, %f2}], %f1;",
        "sust.p.2d.b32.trap [%rd1, {%r1, %r1}], {%r1};",
        "tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tref, {%f1, %f2}];",
        "tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f1}];",
    };
    const char *want[] = { ".level", "'.p'", "only texture and surface objects",
                           "needs 2 coordinates" };
    for (int i = 0; i < 4; i++) {
        char text[1024];
        snprintf(text, sizeof text,
                 ".version 7.0\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\n"
                 " .reg .b64 %%rd<2>; .reg .b32 %%r<2>; .reg .f32 %%f<5>;\n %s\n ret;\n}\n",
                 bad[i]);
        ccgpu_module *m = ccgpu_module_load_string(g, text, "bad.ptx");
        if (i < 2) { /* a form ccgpu lacks: the module loads, the kernel's launch fails */
            CHECK(m != NULL);
            struct ccgpu_dim3 one = { 1, 1, 1 };
            CHECK(m && ccgpu_launch(g, m, "k", one, one, 0, NULL, 0) != 0);
        } else { /* malformed operands: the module does not load */
            CHECK(m == NULL);
        }
        CHECK_STR_CONTAINS(ccgpu_error(g), want[i]);
        CHECK_STR_CONTAINS(ccgpu_error(g), "bad.ptx:7:");
    }
    ccgpu_destroy(g);
}

/* every texture instruction of the test's PTX, written back by
 * ptx_inst_format, is the text it was parsed from */
TEST(format_round_trip)
{
    char err[256];
    struct ptx_module *mod = ptx_parse(ptx, "tex.ptx", err, sizeof err);
    CHECK(mod != NULL);
    if (!mod)
        return;
    const char *want[] = {
        "tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];",
        "tld4.r.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];",
        "tex.1d.v4.s32.s32 {%r3, %r4, %r5, %r6}, [%rd1, {%r2}];",
        "suld.b.2d.b32.trap {%r4}, [%rd1, {%r3, %r2}];",
        "sust.b.2d.b32.trap [%rd1, {%r3, %r2}], {%r4};",
        "suld.b.2d.b32.zero {%r6}, [%rd1, {%r5, %r2}];",
        "suq.width.b32 %r7, [%rd1];",
        "txq.filter_mode.b32 %r3, [%rd1];",
    };
    int found[8] = { 0 };
    for (uint32_t k = 0; k < mod->nfuncs; k++) {
        const struct ptx_function *f = &mod->funcs[k];
        for (uint32_t i = 0; i < f->ninsts; i++) {
            char buf[256];
            ptx_inst_format(mod, f, &f->insts[i], buf, sizeof buf);
            for (int w = 0; w < 8; w++)
                found[w] |= strcmp(buf, want[w]) == 0;
        }
    }
    for (int w = 0; w < 8; w++)
        if (!found[w])
            CHECK_STR_CONTAINS("(not produced)", want[w]);
    ptx_module_free(mod);
}

int main(void)
{
    RUN(bilinear_clamp_functional);
    RUN(bilinear_clamp_timing);
    RUN(border_wrap_mirror_point);
    RUN(fetch_1d_and_normalized_read);
    RUN(surface_load_store);
    RUN(no_texture_no_listing);
    RUN(parse_errors);
    RUN(format_round_trip);
    return check_summary();
}
