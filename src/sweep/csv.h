/* CSV as RFC 4180 has it: comma-separated, a field holding a comma, a double
 * quote, a line break or leading/trailing space is quoted, with "" for a
 * quote inside. The reader takes the same, plus LF or CRLF line ends. */
#ifndef CCGPU_SWEEP_CSV_H
#define CCGPU_SWEEP_CSV_H
#include <stddef.h>
#include <stdio.h>

void csv_write_field(FILE *out, const char *s);

struct csv_table {
    char **header;
    int ncols;
    char ***rows; /* rows[r][c], each row exactly ncols fields */
    int nrows, caprows;
};

/* Reads a whole file; the first record is the header. -1 with "FILE:LINE:
 * what" in err on a malformed file (unterminated quote, a row with a
 * different number of fields) or I/O error. */
int csv_read_file(const char *path, struct csv_table *t, char *err, size_t errlen);
int csv_read_string(const char *text, const char *name, struct csv_table *t, char *err,
                    size_t errlen);
void csv_free(struct csv_table *t);
/* Column index by exact name, or -1. */
int csv_column(const struct csv_table *t, const char *name);

#endif
