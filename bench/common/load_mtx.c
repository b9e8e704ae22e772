/* Matrix Market coordinate files into CSR. */
#include "common/inputs.h"
#include "common/text_reader.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct triplet {
    uint32_t r, c;
    double v;
};

static int cmp_triplet(const void *a, const void *b)
{
    const struct triplet *x = a, *y = b;
    if (x->r != y->r)
        return x->r < y->r ? -1 : 1;
    return (x->c > y->c) - (x->c < y->c);
}

enum mm_field { MM_REAL, MM_INTEGER, MM_PATTERN };
enum mm_symmetry { MM_GENERAL, MM_SYMMETRIC, MM_SKEW };

/* Header: %%MatrixMarket matrix coordinate FIELD SYMMETRY */
static int read_header(struct text_reader *r, enum mm_field *field, enum mm_symmetry *sym)
{
    char w[5][32];
    int n = 0;
    const char *p = r->buf;
    while (n < 5) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\n' || *p == '\r' || !*p)
            break;
        size_t k = 0;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') {
            if (k + 1 < sizeof w[n])
                w[n][k++] = *p;
            p++;
        }
        w[n++][k] = '\0';
    }
    if (n < 5 || strcmp(w[0], "%%MatrixMarket") != 0 || strcasecmp(w[1], "matrix") != 0)
        return text_fail(r, "not a Matrix Market file (expected '%%%%MatrixMarket matrix ...')");
    if (strcasecmp(w[2], "coordinate") != 0)
        return text_fail(r, "unsupported Matrix Market format '%s' (only coordinate)", w[2]);
    if (strcasecmp(w[3], "real") == 0 || strcasecmp(w[3], "double") == 0)
        *field = MM_REAL;
    else if (strcasecmp(w[3], "integer") == 0)
        *field = MM_INTEGER;
    else if (strcasecmp(w[3], "pattern") == 0)
        *field = MM_PATTERN;
    else
        return text_fail(r, "unsupported Matrix Market field '%s'", w[3]);
    if (strcasecmp(w[4], "general") == 0)
        *sym = MM_GENERAL;
    else if (strcasecmp(w[4], "symmetric") == 0)
        *sym = MM_SYMMETRIC;
    else if (strcasecmp(w[4], "skew-symmetric") == 0)
        *sym = MM_SKEW;
    else
        return text_fail(r, "unsupported Matrix Market symmetry '%s'", w[4]);
    return 0;
}

static int build_csr(struct csr_matrix *m, uint32_t rows, uint32_t cols, struct triplet *t,
                     size_t n, char *err, size_t errlen, const char *path)
{
    qsort(t, n, sizeof *t, cmp_triplet);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (kept && t[kept - 1].r == t[i].r && t[kept - 1].c == t[i].c)
            t[kept - 1].v += t[i].v; /* duplicates are summed, as assembly does */
        else
            t[kept++] = t[i];
    }
    memset(m, 0, sizeof *m);
    m->rows = rows;
    m->cols = cols;
    m->nnz = (uint32_t)kept;
    m->row = calloc((size_t)rows + 1, sizeof *m->row);
    m->col = malloc((kept + 1) * sizeof *m->col);
    m->val = malloc((kept + 1) * sizeof *m->val);
    if (!m->row || !m->col || !m->val) {
        csr_matrix_free(m);
        snprintf(err, errlen, "%s: out of memory for %zu nonzeros", path, kept);
        return -1;
    }
    for (size_t i = 0; i < kept; i++) {
        m->row[t[i].r + 1]++;
        m->col[i] = t[i].c;
        m->val[i] = (float)t[i].v;
    }
    for (uint32_t i = 0; i < rows; i++)
        m->row[i + 1] += m->row[i];
    return 0;
}

int inputs_load_matrix_market(const char *path, struct csr_matrix *m, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    struct text_reader r;
    if (text_open(&r, path, err, errlen))
        return -1;
    enum mm_field field = MM_REAL;
    enum mm_symmetry sym = MM_GENERAL;
    struct triplet *t = NULL;
    uint32_t rows = 0, cols = 0, nnz = 0;
    if (read_header(&r, &field, &sym))
        goto fail;
    if (!text_skip_comment_lines(&r, "%")) {
        text_fail(&r, "missing size line 'rows cols nonzeros'");
        goto fail;
    }
    if (text_u32(&r, 1, "row count", &rows) || text_u32(&r, 1, "column count", &cols) ||
        text_u32(&r, 1, "nonzero count", &nnz))
        goto fail;
    if (rows > INPUTS_MAX_NODES || cols > INPUTS_MAX_NODES) {
        text_fail(&r, "%u x %u matrix: at most %u rows and columns are supported", rows, cols,
                  INPUTS_MAX_NODES);
        goto fail;
    }
    if (text_end_line(&r))
        goto fail;
    if (rows == 0 || cols == 0) {
        text_fail(&r, "empty matrix (%u x %u)", rows, cols);
        goto fail;
    }
    if (sym != MM_GENERAL && rows != cols) {
        text_fail(&r, "symmetric matrix must be square, not %u x %u", rows, cols);
        goto fail;
    }
    /* each entry "i j\n" takes at least 4 bytes, so a count above half the
     * rest of the file is impossible: refused before anything is allocated
     * (a file that merely falls short gets the message where it ends) */
    if (nnz > (r.len - r.pos) / 2) {
        text_fail(&r, "nonzero count %u: the rest of the file (%zu bytes) cannot hold that many "
                  "entries", nnz, r.len - r.pos);
        goto fail;
    }
    size_t cap = (size_t)nnz * (sym == MM_GENERAL ? 1 : 2);
    t = malloc((cap + 1) * sizeof *t);
    if (!t) {
        text_fail(&r, "out of memory for %u entries", nnz);
        goto fail;
    }
    size_t n = 0;
    for (uint32_t k = 0; k < nnz; k++) {
        if (!text_skip_comment_lines(&r, "%")) {
            text_fail(&r, "truncated: expected %u entries, found %u", nnz, k);
            goto fail;
        }
        uint32_t i = 0, j = 0, at = r.line;
        double v = 1.0;
        if (text_u32(&r, 1, "row index", &i) || text_u32(&r, 1, "column index", &j))
            goto fail;
        if (field != MM_PATTERN && text_f64(&r, 1, "value", &v))
            goto fail;
        if (text_end_line(&r))
            goto fail;
        if (i < 1 || i > rows || j < 1 || j > cols) {
            r.line = at;
            text_fail(&r, "entry (%u, %u) outside the %u x %u matrix", i, j, rows, cols);
            goto fail;
        }
        t[n++] = (struct triplet){ i - 1, j - 1, v };
        if (sym != MM_GENERAL && i != j)
            t[n++] = (struct triplet){ j - 1, i - 1, sym == MM_SKEW ? -v : v };
    }
    if (text_skip_comment_lines(&r, "%")) {
        text_fail(&r, "more entries than the %u announced", nnz);
        goto fail;
    }
    int rc = build_csr(m, rows, cols, t, n, err, errlen, path);
    free(t);
    text_close(&r);
    return rc;
fail:
    free(t);
    text_close(&r);
    return -1;
}
