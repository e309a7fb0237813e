/*
 * halo3d.c - a 3-D halo exchange of 128 KiB messages (issue 34, item 12: self-prediction).
 * The ranks form a periodic 3-D grid (MPI_Dims_create; 16 ranks: 4x2x2, 32 ranks: 4x4x2).
 * Each of ITER = 20 iterations: MPI_Isend of COUNT = 16384 doubles (131072 bytes = 128 KiB,
 * above Open MPI's eager limit, so rendezvous) to each of the 6 face neighbours, a blocking
 * MPI_Recv from each of them, one MPI_Waitall over the 6 send requests, then a compute phase of
 * WORK
 * multiply-adds (rank r does WORK * (1 + (r % 4) / 8) of them: a small imbalance), and every
 * 5 iterations an MPI_Allreduce of one double. (MPI_Irecv would be the usual way, but EZTrace 2.0
 * records no receive event for a request completed by MPI_Wait/MPI_Waitall, so its messages
 * could not be matched; a blocking MPI_Recv is recorded.) Up to 6 transfers per process are in
 * flight at once: its own Isends while it receives.
 * Messages per rank and iteration: 6 sent, 6 received, each 131072 bytes; per run
 * 20 * 6 * ranks messages (a neighbour met twice, as on a grid side of 2, gets two of them).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define COUNT 16384
#define ITER 20
#define WORK 2000000

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int dims[3] = {0, 0, 0}, periods[3] = {1, 1, 1};
    MPI_Dims_create(n, 3, dims);
    MPI_Comm grid;
    MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 0, &grid);
    int nb[6];
    for (int d = 0; d < 3; d++) MPI_Cart_shift(grid, d, 1, &nb[2 * d], &nb[2 * d + 1]);
    double *out = malloc(6 * COUNT * sizeof(double));
    double *in = malloc(6 * COUNT * sizeof(double));
    for (int i = 0; i < 6 * COUNT; i++) out[i] = rank + i * 1e-6;
    double x = 1.0;
    long work = (long)WORK * (8 + rank % 4) / 8;
    for (int it = 0; it < ITER; it++) {
        MPI_Request req[6];
        /* direction k receives from nb[k] with tag k and sends to nb[k ^ 1] with tag k */
        for (int k = 0; k < 6; k++)
            MPI_Isend(&out[k * COUNT], COUNT, MPI_DOUBLE, nb[k ^ 1], k, grid, &req[k]);
        for (int k = 0; k < 6; k++)
            MPI_Recv(&in[k * COUNT], COUNT, MPI_DOUBLE, nb[k], k, grid, MPI_STATUS_IGNORE);
        MPI_Waitall(6, req, MPI_STATUSES_IGNORE);
        for (long i = 0; i < work; i++) x = x * 1.0000001 + in[i % (6 * COUNT)] * 1e-12;
        out[it % COUNT] = x;
        if (it % 5 == 4) {
            double global;
            MPI_Allreduce(&x, &global, 1, MPI_DOUBLE, MPI_SUM, grid);
            if (rank == 0) printf("iteration %d sum %g\n", it + 1, global);
        }
    }
    free(out);
    free(in);
    MPI_Comm_free(&grid);
    MPI_Finalize();
    return 0;
}
