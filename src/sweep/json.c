#include "sweep/json.h"
#include "util/text_input.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define JSON_MAX_DEPTH 64

struct json_parser {
    const char *s, *p;
    char *err;
    size_t errlen;
    int failed;
};

static void *fail(struct json_parser *ps, const char *what)
{
    if (!ps->failed)
        snprintf(ps->err, ps->errlen, "byte %ld: %s", (long)(ps->p - ps->s), what);
    ps->failed = 1;
    return NULL;
}

static void skip_space(struct json_parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
        ps->p++;
}

static struct json *new_node(struct json_parser *ps, enum json_type t)
{
    struct json *j = calloc(1, sizeof *j);
    if (!j)
        return fail(ps, "out of memory");
    j->type = t;
    return j;
}

static int push(struct json_parser *ps, struct json *parent, char *key, struct json *item)
{
    if (parent->n == parent->cap) {
        int cap = parent->cap ? parent->cap * 2 : 8;
        struct json **items = realloc(parent->items, (size_t)cap * sizeof *items);
        if (items)
            parent->items = items;
        char **keys = items && parent->type == JSON_OBJECT
                          ? realloc(parent->keys, (size_t)cap * sizeof *keys)
                          : parent->keys;
        if (!items || (parent->type == JSON_OBJECT && !keys)) {
            fail(ps, "out of memory");
            return -1;
        }
        parent->keys = keys;
        parent->cap = cap;
    }
    if (parent->type == JSON_OBJECT)
        parent->keys[parent->n] = key;
    parent->items[parent->n++] = item;
    return 0;
}

static int hex4(const char *p, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= (unsigned)(c - 'A' + 10);
        else
            return -1;
    }
    *out = v;
    return 0;
}

static size_t put_utf8(char *o, unsigned cp)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | (cp >> 6));
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | (cp >> 12));
        o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | (cp >> 18));
    o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* at the opening quote; returns a malloc'd decoded string */
static char *parse_string(struct json_parser *ps)
{
    const char *start = ++ps->p;
    size_t raw = 0;
    while (start[raw] && start[raw] != '"') {
        if (start[raw] == '\\' && start[raw + 1])
            raw++;
        raw++;
    }
    if (!start[raw])
        return fail(ps, "unterminated string");
    /* decoding never grows the text (\uXXXX is 6 bytes for at most 4) */
    char *out = malloc(raw + 1), *o = out;
    if (!out)
        return fail(ps, "out of memory");
    while (*ps->p != '"') {
        unsigned char c = (unsigned char)*ps->p;
        if (c < 0x20) {
            free(out);
            return fail(ps, "control character in string");
        }
        if (c != '\\') {
            *o++ = (char)c;
            ps->p++;
            continue;
        }
        char e = ps->p[1];
        ps->p += 2;
        switch (e) {
        case '"': *o++ = '"'; break;
        case '\\': *o++ = '\\'; break;
        case '/': *o++ = '/'; break;
        case 'b': *o++ = '\b'; break;
        case 'f': *o++ = '\f'; break;
        case 'n': *o++ = '\n'; break;
        case 'r': *o++ = '\r'; break;
        case 't': *o++ = '\t'; break;
        case 'u': {
            unsigned cp, lo;
            if (hex4(ps->p, &cp) != 0) {
                free(out);
                return fail(ps, "bad \\u escape");
            }
            ps->p += 4;
            if (cp >= 0xD800 && cp < 0xDC00 && ps->p[0] == '\\' && ps->p[1] == 'u' &&
                hex4(ps->p + 2, &lo) == 0 && lo >= 0xDC00 && lo < 0xE000) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                ps->p += 6;
            }
            if (cp == 0) {
                free(out);
                return fail(ps, "\\u0000 in string");
            }
            o += put_utf8(o, cp);
            break;
        }
        default:
            free(out);
            ps->p--;
            return fail(ps, "bad escape in string");
        }
    }
    ps->p++;
    *o = '\0';
    return out;
}

static struct json *parse_number(struct json_parser *ps)
{
    const char *q = ps->p;
    if (*q == '-')
        q++;
    if (*q == '0')
        q++;
    else if (*q >= '1' && *q <= '9')
        while (*q >= '0' && *q <= '9')
            q++;
    else
        return fail(ps, "expected a value");
    if (*q == '.') {
        if (!(*++q >= '0' && *q <= '9'))
            return fail(ps, "bad number");
        while (*q >= '0' && *q <= '9')
            q++;
    }
    if (*q == 'e' || *q == 'E') {
        q++;
        if (*q == '+' || *q == '-')
            q++;
        if (!(*q >= '0' && *q <= '9'))
            return fail(ps, "bad number");
        while (*q >= '0' && *q <= '9')
            q++;
    }
    struct json *j = new_node(ps, JSON_NUMBER);
    if (!j)
        return NULL;
    size_t n = (size_t)(q - ps->p);
    j->text = malloc(n + 1);
    if (!j->text) {
        free(j);
        return fail(ps, "out of memory");
    }
    memcpy(j->text, ps->p, n);
    j->text[n] = '\0';
    ps->p = q;
    return j;
}

static struct json *parse_value(struct json_parser *ps, int depth);

static struct json *parse_container(struct json_parser *ps, int depth, int object)
{
    struct json *j = new_node(ps, object ? JSON_OBJECT : JSON_ARRAY);
    if (!j)
        return NULL;
    char close = object ? '}' : ']';
    ps->p++;
    skip_space(ps);
    if (*ps->p == close) {
        ps->p++;
        return j;
    }
    for (;;) {
        char *key = NULL;
        skip_space(ps);
        if (object) {
            if (*ps->p != '"')
                goto bad_key;
            if (!(key = parse_string(ps)))
                goto out;
            skip_space(ps);
            if (*ps->p != ':') {
                free(key);
                fail(ps, "expected ':'");
                goto out;
            }
            ps->p++;
        }
        struct json *v = parse_value(ps, depth + 1);
        if (!v || push(ps, j, key, v) != 0) {
            free(key);
            json_free(v);
            goto out;
        }
        skip_space(ps);
        if (*ps->p == ',') {
            ps->p++;
            continue;
        }
        if (*ps->p == close) {
            ps->p++;
            return j;
        }
        fail(ps, *ps->p ? (object ? "expected ',' or '}'" : "expected ',' or ']'")
                        : "unexpected end of input");
        goto out;
    }
bad_key:
    fail(ps, *ps->p ? "expected a string key" : "unexpected end of input");
out:
    json_free(j);
    return NULL;
}

static struct json *literal(struct json_parser *ps, const char *word, enum json_type t, int b)
{
    size_t n = strlen(word);
    if (strncmp(ps->p, word, n) != 0)
        return fail(ps, "expected a value");
    ps->p += n;
    struct json *j = new_node(ps, t);
    if (j)
        j->boolean = b;
    return j;
}

static struct json *parse_value(struct json_parser *ps, int depth)
{
    if (depth > JSON_MAX_DEPTH)
        return fail(ps, "nested too deeply");
    skip_space(ps);
    switch (*ps->p) {
    case '\0': return fail(ps, "unexpected end of input");
    case '{': return parse_container(ps, depth, 1);
    case '[': return parse_container(ps, depth, 0);
    case '"': {
        char *s = parse_string(ps);
        if (!s)
            return NULL;
        struct json *j = new_node(ps, JSON_STRING);
        if (!j)
            free(s);
        else
            j->text = s;
        return j;
    }
    case 't': return literal(ps, "true", JSON_BOOL, 1);
    case 'f': return literal(ps, "false", JSON_BOOL, 0);
    case 'n': return literal(ps, "null", JSON_NULL, 0);
    default: return parse_number(ps);
    }
}

struct json *json_parse(const char *text, char *err, size_t errlen)
{
    struct json_parser ps = { text, text, err, errlen, 0 };
    struct json *j = parse_value(&ps, 0);
    if (!j)
        return NULL;
    skip_space(&ps);
    if (*ps.p) {
        json_free(j);
        fail(&ps, "trailing text after the value");
        return NULL;
    }
    return j;
}

struct json *json_parse_file(const char *path, char *err, size_t errlen)
{
    char *buf = text_input_read(path, "JSON file", TEXT_INPUT_TEXT, NULL, err, errlen);
    if (!buf)
        return NULL;
    char perr[256];
    struct json *j = json_parse(buf, perr, sizeof perr);
    free(buf);
    if (!j)
        snprintf(err, errlen, "%s: %s", path, perr);
    return j;
}

void json_free(struct json *j)
{
    if (!j)
        return;
    for (int i = 0; i < j->n; i++) {
        json_free(j->items[i]);
        if (j->keys)
            free(j->keys[i]);
    }
    free(j->items);
    free(j->keys);
    free(j->text);
    free(j);
}

const struct json *json_get(const struct json *j, const char *key)
{
    if (!j || j->type != JSON_OBJECT)
        return NULL;
    for (int i = 0; i < j->n; i++)
        if (strcmp(j->keys[i], key) == 0)
            return j->items[i];
    return NULL;
}

const char *json_str(const struct json *j)
{
    return j && j->type == JSON_STRING ? j->text : NULL;
}

void json_write_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", out);
        else if (*p < 0x20)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}
