/* Reading an input file whole, the one way every input ccgpu reads whole is
 * read (configuration files, PTX and its register files, AWSS size and
 * schedule files, CTA schedules, CSV and JSON files, benchmark input files):
 * at most TEXT_INPUT_MAX_BYTES, a regular file larger than that refused
 * before reading, anything else (a pipe, a device) refused as soon as it
 * passes the bound; a text file with a NUL byte (a binary file, /dev/zero)
 * refused at the first block that holds one. Error messages quote what the
 * file holds only through text_printable. */
#ifndef CCGPU_UTIL_TEXT_INPUT_H
#define CCGPU_UTIL_TEXT_INPUT_H
#include <stddef.h>

/* The one bound on a file read whole: 1 GiB (docs/configuration.md). */
#define TEXT_INPUT_MAX_BYTES ((size_t)1 << 30)

enum text_input_kind { TEXT_INPUT_BINARY, TEXT_INPUT_TEXT };

/* The whole file at path, NUL-terminated (*len without the NUL), or NULL
 * with a one-line message "PATH: WHAT ..." in err (what: "config file",
 * "PTX file", ...). Free with free(). */
char *text_input_read(const char *path, const char *what, enum text_input_kind kind, size_t *len,
                      char *err, size_t errlen);

/* msg (NUL-terminated, in a buffer of cap bytes) with every byte that is
 * not printable ASCII written as \xHH, cut to fit: for a message that may
 * quote an input file. */
void text_printable_msg(char *msg, size_t cap);

/* src[0..len) for a message: printable ASCII as is, anything else as \xHH,
 * cut with "..." to fit n bytes (NUL included). Returns out. */
char *text_printable(char *out, size_t n, const char *src, size_t len);

#endif
