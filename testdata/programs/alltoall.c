/*
 * alltoall.c - an all-to-all run (issue 34, item 12).
 * ITER = 20 iterations: a compute phase of WORK multiply-adds (rank r does
 * WORK * (1 + (r % 4) / 8)), then MPI_Alltoall of BLOCK = 1024 doubles (8192 bytes) to every
 * rank, and every 5 iterations an MPI_Allreduce of one double. No point-to-point message.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK 1024
#define ITER 20
#define WORK 1000000

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    double *out = malloc((size_t)n * BLOCK * sizeof(double));
    double *in = malloc((size_t)n * BLOCK * sizeof(double));
    for (int i = 0; i < n * BLOCK; i++) out[i] = rank + i;
    double x = 1.0;
    long work = (long)WORK * (8 + rank % 4) / 8;
    for (int it = 0; it < ITER; it++) {
        for (long i = 0; i < work; i++) x = x * 1.0000001 + out[i % (n * BLOCK)] * 1e-12;
        out[0] = x;
        MPI_Alltoall(out, BLOCK, MPI_DOUBLE, in, BLOCK, MPI_DOUBLE, MPI_COMM_WORLD);
        out[1] = in[n * BLOCK - 1];
        if (it % 5 == 4) {
            double global;
            MPI_Allreduce(&x, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
            if (rank == 0) printf("iteration %d sum %g\n", it + 1, global);
        }
    }
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
