/* Sweep VALUES parsing (every form and its errors), the deterministic point
 * order of the cross product, and point file names. */
#include "check.h"
#include "sweep/sweep_param.h"
#include "sweep/sweep_plan.h"
#include <stdlib.h>

/* values joined by '|', or "ERR: message" */
static char out_[4096];
static const char *parse(const char *values)
{
    struct sweep_param p = { 0 };
    char err[256];
    if (sweep_values_parse(values, &p, err, sizeof err) != 0) {
        snprintf(out_, sizeof out_, "ERR: %s", err);
    } else {
        size_t n = 0;
        out_[0] = '\0';
        for (int i = 0; i < p.nvalues && n < sizeof out_; i++)
            n += (size_t)snprintf(out_ + n, sizeof out_ - n, "%s%s", i ? "|" : "", p.values[i]);
    }
    sweep_param_free(&p);
    return out_;
}

#define CHECK_PARSE(values, expect) CHECK_STR_EQ(parse(values), expect)
#define CHECK_STR_EQ(a, b)                                                         \
    do {                                                                           \
        const char *a_ = (a), *b_ = (b);                                           \
        if (strcmp(a_, b_) != 0)                                                   \
            CHECK_FAIL_AT_("\"%s\" != \"%s\"", a_, b_);                            \
    } while (0)

TEST(literal_lists)
{
    CHECK_PARSE("lrr,gto,2lvl", "lrr|gto|2lvl");
    CHECK_PARSE("gto", "gto");
    CHECK_PARSE("a\\,b,c", "a,b|c");          /* escaped comma stays in the value */
    CHECK_PARSE("../x.cfg,y", "../x.cfg|y");  /* ".." without a digit before: literal */
    CHECK_PARSE("1\\..3", "1..3");            /* an escape makes it literal */
    CHECK_PARSE("16384:128:4", "16384:128:4");
}

TEST(ranges)
{
    CHECK_PARSE("1..5", "1|2|3|4|5");
    CHECK_PARSE("3..3", "3");
    CHECK_PARSE("-2..1", "-2|-1|0|1");
    CHECK_PARSE("0..100:+25", "0|25|50|75|100");
    CHECK_PARSE("0..10:+4", "0|4|8");
    CHECK_PARSE("8..128:x2", "8|16|32|64|128");
    CHECK_PARSE("1..100:x10", "1|10|100");
    CHECK_PARSE("8..100:x2", "8|16|32|64");
    CHECK_PARSE("swl:1..4", "swl:1|swl:2|swl:3|swl:4");
    CHECK_PARSE("swl:2..16:x2", "swl:2|swl:4|swl:8|swl:16");
    CHECK_PARSE("lrr,swl:1..2,gto", "lrr|swl:1|swl:2|gto");
    CHECK_PARSE("a:b:1..2", "a:b:1|a:b:2");
    struct sweep_param p = { 0 };
    char err[256];
    CHECK_EQ_INT(sweep_values_parse("1..32", &p, err, sizeof err), 0);
    CHECK_EQ_INT(p.nvalues, 32);
    sweep_param_free(&p);
    /* no overflow near the top of the range */
    CHECK_PARSE("9223372036854775806..9223372036854775807", "9223372036854775806|9223372036854775807");
    CHECK_PARSE("4611686018427387904..9223372036854775807:x2", "4611686018427387904");
}

TEST(errors)
{
    CHECK_STR_CONTAINS(parse(""), "empty value");
    CHECK_STR_CONTAINS(parse("a,,b"), "empty value");
    CHECK_STR_CONTAINS(parse("a,"), "empty value");
    CHECK_STR_CONTAINS(parse("a,b,a"), "duplicate value 'a'");
    CHECK_STR_CONTAINS(parse("1..3,2"), "duplicate value '2'");
    CHECK_STR_CONTAINS(parse("5..1"), "range '5..1': empty");
    CHECK_STR_CONTAINS(parse("1..x"), "range '1..x'");
    CHECK_STR_CONTAINS(parse("1.."), "range '1..'");
    CHECK_STR_CONTAINS(parse("1..8:x1"), "geometric");
    CHECK_STR_CONTAINS(parse("0..8:x2"), "geometric");
    CHECK_STR_CONTAINS(parse("1..8:+0"), "step");
    CHECK_STR_CONTAINS(parse("1..8:*2"), "range '1..8:*2'");
    CHECK_STR_CONTAINS(parse("1..8:+"), "range '1..8:+'");
    CHECK_STR_CONTAINS(parse("swl1..4"), "must end in ':'");
    CHECK_STR_CONTAINS(parse("1.5..3"), "must end in ':'");
    CHECK_STR_CONTAINS(parse("1..99999"), "more than 10000 values");
    CHECK_STR_CONTAINS(parse("1..99999999999999999999"), "range");
}

TEST(param_spec)
{
    struct sweep_param p;
    char err[256];
    CHECK_EQ_INT(sweep_param_parse("gpgpu_scheduler=lrr,gto", &p, err, sizeof err), 0);
    CHECK(!strcmp(p.key, "gpgpu_scheduler") && p.nvalues == 2);
    sweep_param_free(&p);
    CHECK_EQ_INT(sweep_param_parse("gpgpu_cache:dl1=a=b", &p, err, sizeof err), 0);
    CHECK(!strcmp(p.key, "gpgpu_cache:dl1") && p.nvalues == 1 && !strcmp(p.values[0], "a=b"));
    sweep_param_free(&p);
    CHECK_EQ_INT(sweep_param_parse("noequals", &p, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "--param noequals: expected KEY=VALUES");
    CHECK_EQ_INT(sweep_param_parse("=1,2", &p, err, sizeof err), -1);
    CHECK_EQ_INT(sweep_param_parse("k=", &p, err, sizeof err), -1);
    CHECK_EQ_INT(sweep_param_parse("k=3..1", &p, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "--param k: range '3..1'");
    CHECK(p.key == NULL && p.nvalues == 0);
}

static struct sweep_param make(const char *spec)
{
    struct sweep_param p;
    char err[256];
    if (sweep_param_parse(spec, &p, err, sizeof err) != 0)
        printf("  %s\n", err);
    return p;
}

TEST(cross_product_order)
{
    struct sweep_param ps[2] = { make("a=1,2,3"), make("b=x,y") };
    const char *benches[] = { "vecadd", "bfs" };
    struct sweep_plan pl;
    char err[256], label[128];
    CHECK_EQ_INT(sweep_plan_init(&pl, benches, 2, ps, 2, err, sizeof err), 0);
    CHECK_EQ_INT(pl.npoints, 12);
    static const char *const expect[] = { "a=1 b=x", "a=1 b=y", "a=2 b=x", "a=2 b=y",
                                          "a=3 b=x", "a=3 b=y" };
    for (long i = 0; i < pl.npoints; i++) {
        int b, v[SWEEP_MAX_PARAMS];
        sweep_plan_point(&pl, i, &b, v);
        CHECK_EQ_INT(b, i / 6);
        sweep_plan_label(&pl, i, label, sizeof label);
        CHECK_STR_EQ(label, expect[i % 6]);
    }
    char name[300];
    sweep_plan_filename(&pl, 0, name, sizeof name);
    CHECK_STR_EQ(name, "vecadd__a=1__b=x.json");
    sweep_plan_filename(&pl, 11, name, sizeof name);
    CHECK_STR_EQ(name, "bfs__a=3__b=y.json");
    /* no parameters: one point per benchmark */
    CHECK_EQ_INT(sweep_plan_init(&pl, benches, 2, ps, 0, err, sizeof err), 0);
    CHECK_EQ_INT(pl.npoints, 2);
    sweep_plan_filename(&pl, 1, name, sizeof name);
    CHECK_STR_EQ(name, "bfs.json");
    sweep_param_free(&ps[0]);
    sweep_param_free(&ps[1]);
}

TEST(too_many_points)
{
    struct sweep_param ps[3] = { make("a=1..1000"), make("b=1..1000"), make("c=1..2") };
    const char *benches[] = { "vecadd" };
    struct sweep_plan pl;
    char err[256];
    CHECK_EQ_INT(sweep_plan_init(&pl, benches, 1, ps, 3, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "more than");
    for (int i = 0; i < 3; i++)
        sweep_param_free(&ps[i]);
}

TEST(file_names_encode_and_stay_distinct)
{
    /* values that would collide if '=' or '/' were kept */
    struct sweep_param ps[2] = { make("k1=x__k2%3Dy,x,a/b,a b"), make("k2=z,y__k2=z") };
    const char *benches[] = { "vecadd" };
    struct sweep_plan pl;
    char err[256], names[8][300];
    CHECK_EQ_INT(sweep_plan_init(&pl, benches, 1, ps, 2, err, sizeof err), 0);
    CHECK_EQ_INT(pl.npoints, 8);
    for (long i = 0; i < pl.npoints; i++) {
        sweep_plan_filename(&pl, i, names[i], sizeof names[i]);
        CHECK(strchr(names[i], '/') == NULL && strchr(names[i], ' ') == NULL);
        for (long j = 0; j < i; j++)
            CHECK(strcmp(names[i], names[j]) != 0);
    }
    CHECK_STR_EQ(names[0], "vecadd__k1=x__k2%253Dy__k2=z.json");
    CHECK_STR_EQ(names[3], "vecadd__k1=x__k2=y__k2%3Dz.json");
    CHECK_STR_EQ(names[4], "vecadd__k1=a%2Fb__k2=z.json");
    sweep_param_free(&ps[0]);
    sweep_param_free(&ps[1]);
    /* a long name becomes a hash, still distinct and stable */
    char longv[400];
    memset(longv, 'v', 300);
    strcpy(longv + 300, ",w");
    char spec[420];
    snprintf(spec, sizeof spec, "key=%s", longv);
    struct sweep_param lp = make(spec);
    CHECK_EQ_INT(sweep_plan_init(&pl, benches, 1, &lp, 1, err, sizeof err), 0);
    char a[300], b[300], a2[300];
    sweep_plan_filename(&pl, 0, a, sizeof a);
    sweep_plan_filename(&pl, 1, b, sizeof b);
    sweep_plan_filename(&pl, 0, a2, sizeof a2);
    CHECK(!strncmp(a, "vecadd__h", 9) && strlen(a) == 9 + 16 + 5);
    CHECK_STR_EQ(b, "vecadd__key=w.json");
    CHECK_STR_EQ(a, a2);
    sweep_param_free(&lp);
}

int main(void)
{
    RUN(literal_lists);
    RUN(ranges);
    RUN(errors);
    RUN(param_spec);
    RUN(cross_product_order);
    RUN(too_many_points);
    RUN(file_names_encode_and_stay_distinct);
    return check_summary();
}
