/*
 * pi.c - the paper's second example (its figure 3): pi by numerical integration of
 * 4/(1+x^2) on [0,1]. Rank 0 broadcasts the number of intervals, every rank integrates
 * its share, and the partial sums are collected on rank 0 with MPI_Send/MPI_Recv
 * (one message of one double, 8 bytes, from every rank r > 0 to rank 0), then the
 * result is broadcast back with MPI_Bcast.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    long intervals = 20000000;
    MPI_Bcast(&intervals, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    double h = 1.0 / (double)intervals, sum = 0.0;
    for (long i = rank; i < intervals; i += n) {
        double x = h * ((double)i + 0.5);
        sum += 4.0 / (1.0 + x * x);
    }
    double part = h * sum, pi = part;
    if (rank == 0) {
        for (int r = 1; r < n; r++) {
            double other;
            MPI_Recv(&other, 1, MPI_DOUBLE, r, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            pi += other;
        }
    } else {
        MPI_Send(&part, 1, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD);
    }
    MPI_Bcast(&pi, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("pi = %.12f\n", pi);
    MPI_Finalize();
    return 0;
}
