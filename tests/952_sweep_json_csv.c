/* The small JSON reader (what the sweep reads back), CSV quoting and
 * reading, and the harmonic/geometric mean helpers. */
#include "check.h"
#include "sweep/csv.h"
#include "sweep/json.h"
#include "sweep/means.h"
#include <stdlib.h>

TEST(json_values)
{
    char err[256];
    struct json *j = json_parse(" {\"a\": 1, \"b\": [true, false, null], \"c\": \"x\\ty\\u00e9\\\"\","
                                " \"d\": -0.5e3, \"e\": {}, \"a\": 2, \"n\": 18446744073709551615} ",
                                err, sizeof err);
    CHECK(j != NULL);
    if (!j)
        return;
    CHECK_EQ_INT(j->type, JSON_OBJECT);
    CHECK_EQ_INT(j->n, 7);
    CHECK(!strcmp(j->keys[2], "c")); /* file order kept */
    CHECK(!strcmp(json_get(j, "a")->text, "1")); /* first match */
    const struct json *b = json_get(j, "b");
    CHECK(b && b->type == JSON_ARRAY && b->n == 3 && b->items[0]->boolean == 1 &&
          b->items[2]->type == JSON_NULL);
    CHECK(!strcmp(json_str(json_get(j, "c")), "x\ty\xc3\xa9\""));
    CHECK(!strcmp(json_get(j, "d")->text, "-0.5e3")); /* numbers keep their text */
    CHECK(!strcmp(json_get(j, "n")->text, "18446744073709551615"));
    CHECK(json_get(j, "e")->type == JSON_OBJECT && json_get(j, "e")->n == 0);
    CHECK(json_get(j, "missing") == NULL && json_str(json_get(j, "a")) == NULL);
    json_free(j);
}

static const char *parse_err(const char *text)
{
    static char err[256];
    struct json *j = json_parse(text, err, sizeof err);
    if (j) {
        json_free(j);
        return "(parsed)";
    }
    return err;
}

TEST(json_malformed)
{
    CHECK_STR_CONTAINS(parse_err(""), "byte 0: unexpected end");
    CHECK_STR_CONTAINS(parse_err("{\"a\": 1"), "unexpected end");
    CHECK_STR_CONTAINS(parse_err("{\"a\": 1,"), "unexpected end");
    CHECK_STR_CONTAINS(parse_err("{\"a\": \"trunc"), "unterminated string");
    CHECK_STR_CONTAINS(parse_err("[1 2]"), "byte 3: expected ',' or ']'");
    CHECK_STR_CONTAINS(parse_err("{a: 1}"), "expected a string key");
    CHECK_STR_CONTAINS(parse_err("{\"a\" 1}"), "expected ':'");
    CHECK_STR_CONTAINS(parse_err("{} x"), "trailing text");
    CHECK_STR_CONTAINS(parse_err("[01]"), "expected ',' or ']'");
    CHECK_STR_CONTAINS(parse_err("[1.]"), "bad number");
    CHECK_STR_CONTAINS(parse_err("[nan]"), "expected a value");
    CHECK_STR_CONTAINS(parse_err("[tru]"), "expected a value");
    CHECK_STR_CONTAINS(parse_err("[\"a\\q\"]"), "bad escape");
    CHECK_STR_CONTAINS(parse_err("[\"\\u12\"]"), "bad \\u escape");
    CHECK_STR_CONTAINS(parse_err("[\"a\nb\"]"), "control character");
    char deep[300];
    memset(deep, '[', 200);
    deep[200] = '\0';
    CHECK_STR_CONTAINS(parse_err(deep), "nested too deeply");
}

TEST(json_string_roundtrip)
{
    const char *s = "quote\" back\\ nl\n tab\t ctl\x01 é";
    char buf[256];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    json_write_string(f, s);
    fclose(f);
    char err[128];
    struct json *j = json_parse(buf, err, sizeof err);
    CHECK(j && !strcmp(json_str(j), s));
    json_free(j);
}

TEST(csv_quoting)
{
    char buf[256];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    const char *fields[] = { "plain", "a,b", "say \"hi\"", "two\nlines", " pad", "" };
    for (int i = 0; i < 6; i++) {
        if (i)
            fputc(',', f);
        csv_write_field(f, fields[i]);
    }
    fputc('\n', f);
    fclose(f);
    CHECK(!strcmp(buf, "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\" pad\",\n"));
    /* and back */
    char text[300], err[256];
    snprintf(text, sizeof text, "h1,h2,h3,h4,h5,h6\r\n%s", buf);
    struct csv_table t;
    CHECK_EQ_INT(csv_read_string(text, "t.csv", &t, err, sizeof err), 0);
    CHECK_EQ_INT(t.ncols, 6);
    CHECK_EQ_INT(t.nrows, 1);
    for (int i = 0; i < 6 && t.nrows == 1; i++)
        CHECK(!strcmp(t.rows[0][i], fields[i]));
    CHECK_EQ_INT(csv_column(&t, "h3"), 2);
    CHECK_EQ_INT(csv_column(&t, "h9"), -1);
    csv_free(&t);
}

TEST(csv_malformed)
{
    struct csv_table t;
    char err[256];
    CHECK_EQ_INT(csv_read_string("a,b\n1,2,3\n", "x.csv", &t, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "x.csv:2: 3 fields, the header has 2");
    CHECK_EQ_INT(csv_read_string("a,b\n\"1,2\n", "x.csv", &t, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "x.csv:2: unterminated quoted field");
    CHECK_EQ_INT(csv_read_string("a,b\n\"1\"x,2\n", "x.csv", &t, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "text after a closing quote");
    CHECK_EQ_INT(csv_read_string("", "x.csv", &t, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "no header");
    CHECK_EQ_INT(csv_read_string("a\n1\n\n2\n", "x.csv", &t, err, sizeof err), 0);
    CHECK_EQ_INT(t.nrows, 2); /* blank lines skipped */
    csv_free(&t);
    CHECK_EQ_INT(csv_read_file("/nonexistent/x.csv", &t, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "/nonexistent/x.csv");
}

TEST(means)
{
    double m;
    const double v[] = { 1, 2, 4 };
    CHECK_EQ_INT(means_arithmetic(v, 3, &m), 0);
    CHECK_NEAR(m, 7.0 / 3, 1e-12);
    CHECK_EQ_INT(means_harmonic(v, 3, &m), 0);
    CHECK_NEAR(m, 3.0 / (1 + 0.5 + 0.25), 1e-12); /* 12/7 */
    CHECK_EQ_INT(means_geometric(v, 3, &m), 0);
    CHECK_NEAR(m, 2.0, 1e-12);
    /* HM <= GM <= AM, equal when all values are */
    const double same[] = { 3, 3, 3, 3 };
    double h, g, a;
    means_harmonic(same, 4, &h);
    means_geometric(same, 4, &g);
    means_arithmetic(same, 4, &a);
    CHECK_NEAR(h, 3, 1e-12);
    CHECK_NEAR(g, 3, 1e-12);
    CHECK_NEAR(a, 3, 1e-12);
    const double spread[] = { 0.5, 1.63, 2.0, 1.2 };
    means_harmonic(spread, 4, &h);
    means_geometric(spread, 4, &g);
    means_arithmetic(spread, 4, &a);
    CHECK(h < g && g < a);
    /* no overflow for long products */
    double big[400];
    for (int i = 0; i < 400; i++)
        big[i] = 1e300;
    CHECK_EQ_INT(means_geometric(big, 400, &m), 0);
    CHECK_NEAR(m / 1e300, 1.0, 1e-9);
    /* undefined cases */
    const double zero[] = { 1, 0 }, neg[] = { 1, -2 }, inf[] = { 1, INFINITY };
    CHECK_EQ_INT(means_harmonic(v, 0, &m), -1);
    CHECK_EQ_INT(means_arithmetic(v, 0, &m), -1);
    CHECK_EQ_INT(means_harmonic(zero, 2, &m), -1);
    CHECK_EQ_INT(means_geometric(neg, 2, &m), -1);
    CHECK_EQ_INT(means_arithmetic(neg, 2, &m), 0);
    CHECK_NEAR(m, -0.5, 1e-12);
    CHECK_EQ_INT(means_arithmetic(inf, 2, &m), -1);
    CHECK_EQ_INT(means_geometric(inf, 2, &m), -1);
}

int main(void)
{
    RUN(json_values);
    RUN(json_malformed);
    RUN(json_string_roundtrip);
    RUN(csv_quoting);
    RUN(csv_malformed);
    RUN(means);
    return check_summary();
}
