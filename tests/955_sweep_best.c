/* Best row per group (Best-SWL): max or min, ties to the earlier row, FAIL
 * rows and non-numbers left out, groups in first-appearance order. */
#include "check.h"
#include "sweep/csv.h"
#include "sweep/sweep_best.h"
#include <stdlib.h>

static const char table[] = "bench,swl,l1,status,ipc\n"
                            "bfs,1,16,PASS,1.0\n"
                            "bfs,2,16,PASS,2.0\n"
                            "bfs,4,16,PASS,2.0\n"  /* tie: swl 2 stays */
                            "bfs,8,16,FAIL,9.0\n"  /* failed: ignored */
                            "km,1,16,PASS,0.5\n"
                            "km,2,16,PASS,\n"      /* no number */
                            "km,4,16,PASS,0.25\n"
                            "bfs,1,32,PASS,3.0\n"
                            "bfs,2,32,PASS,1.0\n"
                            "nw,1,16,FAIL,1.0\n";  /* no usable row: no group */

TEST(max_min_ties_groups)
{
    struct csv_table t;
    char err[256];
    CHECK_EQ_INT(csv_read_string(table, "t.csv", &t, err, sizeof err), 0);
    const char *group[] = { "bench", "l1" };
    int *rows, n;
    CHECK_EQ_INT(sweep_best_rows(&t, "ipc", group, 2, 0, &rows, &n, err, sizeof err), 0);
    CHECK_EQ_INT(n, 3);
    if (n == 3) {
        CHECK_EQ_INT(rows[0], 1); /* bfs l1=16: swl 2 (tie with 4, earlier wins) */
        CHECK_EQ_INT(rows[1], 4); /* km: swl 1 */
        CHECK_EQ_INT(rows[2], 7); /* bfs l1=32: swl 1 */
    }
    free(rows);
    CHECK_EQ_INT(sweep_best_rows(&t, "ipc", group, 2, 1, &rows, &n, err, sizeof err), 0);
    CHECK_EQ_INT(n, 3);
    if (n == 3) {
        CHECK_EQ_INT(rows[0], 0);
        CHECK_EQ_INT(rows[1], 6);
        CHECK_EQ_INT(rows[2], 8);
    }
    free(rows);
    /* no groups: one best row overall */
    CHECK_EQ_INT(sweep_best_rows(&t, "ipc", NULL, 0, 0, &rows, &n, err, sizeof err), 0);
    CHECK(n == 1 && rows[0] == 7);
    free(rows);
    CHECK_EQ_INT(sweep_best_rows(&t, "cycles", group, 2, 0, &rows, &n, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "no column 'cycles'");
    const char *bad[] = { "bench", "sched" };
    CHECK_EQ_INT(sweep_best_rows(&t, "ipc", bad, 2, 0, &rows, &n, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "no column 'sched'");
    CHECK(rows == NULL);
    csv_free(&t);
}

int main(void)
{
    RUN(max_min_ties_groups);
    return check_summary();
}
