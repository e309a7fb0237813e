/*
 * jacobi.c - the paper's first example (its figure 2): a 2-D Laplace equation solved by
 * Jacobi iteration with a 1-D row decomposition and halo exchange.
 * The global grid is N x N doubles (N = 256); rank r owns N/n rows. Each iteration every
 * rank exchanges one row (N doubles = 2048 bytes) with each neighbour (r-1 and r+1, no
 * wrap-around) using blocking MPI_Send/MPI_Recv, then the residual is combined
 * with MPI_Allreduce every 10 iterations. ITER = 50 iterations.
 * Messages per neighbouring pair and direction: 50, each 2048 bytes.
 */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 256
#define ITER 50

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    int rows = N / n;
    double *u = calloc((size_t)(rows + 2) * N, sizeof(double));
    double *v = calloc((size_t)(rows + 2) * N, sizeof(double));
    if (rank == 0) for (int j = 0; j < N; j++) u[N + j] = 1.0; /* hot top edge */
    int up = rank - 1, down = rank + 1;
    for (int it = 0; it < ITER; it++) {
        /* halo exchange: even ranks send first, odd ranks receive first */
        if (rank % 2 == 0) {
            if (down < n) MPI_Send(&u[rows * N], N, MPI_DOUBLE, down, 0, MPI_COMM_WORLD);
            if (up >= 0) MPI_Send(&u[N], N, MPI_DOUBLE, up, 1, MPI_COMM_WORLD);
            if (down < n) MPI_Recv(&u[(rows + 1) * N], N, MPI_DOUBLE, down, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (up >= 0) MPI_Recv(&u[0], N, MPI_DOUBLE, up, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            if (up >= 0) MPI_Recv(&u[0], N, MPI_DOUBLE, up, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (down < n) MPI_Recv(&u[(rows + 1) * N], N, MPI_DOUBLE, down, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (down < n) MPI_Send(&u[rows * N], N, MPI_DOUBLE, down, 0, MPI_COMM_WORLD);
            if (up >= 0) MPI_Send(&u[N], N, MPI_DOUBLE, up, 1, MPI_COMM_WORLD);
        }
        double local = 0.0;
        for (int i = 1; i <= rows; i++)
            for (int j = 1; j < N - 1; j++) {
                double nv = 0.25 * (u[(i - 1) * N + j] + u[(i + 1) * N + j] + u[i * N + j - 1] + u[i * N + j + 1]);
                local += fabs(nv - u[i * N + j]);
                v[i * N + j] = nv;
            }
        for (int i = 1; i <= rows; i++)
            for (int j = 1; j < N - 1; j++) u[i * N + j] = v[i * N + j];
        if (it % 10 == 9) {
            double global;
            MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
            if (rank == 0) printf("iteration %d residual %g\n", it + 1, global);
        }
    }
    free(u);
    free(v);
    MPI_Finalize();
    return 0;
}
