/* Tracer-independent ground truth: every thread records the wall-clock
 * interval (MPI_Wtime) of each of its MPI communication calls; at the end
 * each rank prints per-thread sums, the busiest thread, the sum and the
 * union over its threads, as one line "TRUTH rank=..". */
#ifndef TRUTH_H
#define TRUTH_H
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define MAXT 8
#define MAXC 256
static double tr_s[MAXT][MAXC], tr_e[MAXT][MAXC];
static int tr_n[MAXT];
static double tr_t0;
#define TCALL(tid, call) do { double _s = MPI_Wtime(); call; double _e = MPI_Wtime(); \
    if (tr_n[tid] < MAXC) { tr_s[tid][tr_n[tid]] = _s; tr_e[tid][tr_n[tid]] = _e; tr_n[tid]++; } } while (0)
static int tr_cmp(const void *a, const void *b) {
    const double *x = a, *y = b; return (x[0] > y[0]) - (x[0] < y[0]);
}
static void truth_report(int rank, int nt) {
    static double iv[MAXT * MAXC][2];
    int n = 0; double busiest = 0, sum = 0, uni = 0;
    char buf[512]; int off = 0;
    for (int t = 0; t < nt; t++) {
        double s = 0;
        for (int i = 0; i < tr_n[t]; i++) {
            s += tr_e[t][i] - tr_s[t][i];
            iv[n][0] = tr_s[t][i]; iv[n][1] = tr_e[t][i]; n++;
        }
        off += snprintf(buf + off, sizeof buf - off, " t%d=%.6f(%d calls)", t, s, tr_n[t]);
        sum += s; if (s > busiest) busiest = s;
    }
    qsort(iv, n, sizeof iv[0], tr_cmp);
    double cs = -1, ce = -1;
    for (int i = 0; i < n; i++) {
        if (i == 0 || iv[i][0] > ce) { if (i) uni += ce - cs; cs = iv[i][0]; ce = iv[i][1]; }
        else if (iv[i][1] > ce) ce = iv[i][1];
    }
    if (n) uni += ce - cs;
    printf("TRUTH rank=%d busiest=%.6f sum=%.6f union=%.6f%s\n", rank, busiest, sum, uni, buf);
    fflush(stdout);
}
#endif
