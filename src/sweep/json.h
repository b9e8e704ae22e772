/* A small JSON reader, enough to read back what ccgpu writes (sweep point
 * files with their statistics). Objects keep their keys in file order and
 * numbers keep their text, so a value read back is written out unchanged.
 * Malformed or truncated input is an error with the byte offset, never a
 * partial tree. */
#ifndef CCGPU_SWEEP_JSON_H
#define CCGPU_SWEEP_JSON_H
#include <stddef.h>
#include <stdio.h>

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT };

struct json {
    enum json_type type;
    int boolean;
    char *text;          /* string value (decoded), or a number's text as written */
    struct json **items; /* array elements, or object values */
    char **keys;         /* object keys, in file order */
    int n, cap;
};

/* Parses a whole document (NUL-terminated); trailing non-space is an error.
 * NULL on error with "byte N: what" in err (also on out of memory). */
struct json *json_parse(const char *text, char *err, size_t errlen);
/* Reads and parses a file; err names the file. */
struct json *json_parse_file(const char *path, char *err, size_t errlen);
void json_free(struct json *j);

/* Member of an object by key (first match), or NULL (also when j is not an object). */
const struct json *json_get(const struct json *j, const char *key);
/* The string of a JSON_STRING, or NULL. */
const char *json_str(const struct json *j);

/* Writes s as a JSON string literal (quotes and escapes). */
void json_write_string(FILE *out, const char *s);

#endif
