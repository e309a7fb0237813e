/*
 * bcast.c - a broadcast-only run (issue 34, item 12): no point-to-point message at all.
 * ITER = 30 iterations: a compute phase of WORK multiply-adds (rank r does
 * WORK * (1 + (r % 4) / 8)), then MPI_Bcast of COUNT = 8192 doubles (65536 bytes) from
 * root it % ranks. Collective instances: 30 MPI_Bcast on MPI_COMM_WORLD, each 65536 bytes.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define COUNT 8192
#define ITER 30
#define WORK 1000000

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    double *buf = malloc(COUNT * sizeof(double));
    for (int i = 0; i < COUNT; i++) buf[i] = rank;
    double x = 1.0;
    long work = (long)WORK * (8 + rank % 4) / 8;
    for (int it = 0; it < ITER; it++) {
        for (long i = 0; i < work; i++) x = x * 1.0000001 + buf[i % COUNT] * 1e-12;
        buf[0] = x;
        MPI_Bcast(buf, COUNT, MPI_DOUBLE, it % n, MPI_COMM_WORLD);
    }
    if (rank == 0) printf("x %g\n", buf[1]);
    free(buf);
    MPI_Finalize();
    return 0;
}
