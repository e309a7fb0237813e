/*
 * quiet.c - an MPI program that sends no point-to-point message: every rank computes, then all
 * meet in one MPI_Barrier. Its information graph has a vertex per rank and no edge.
 */
#include <mpi.h>

static volatile double sink;

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double x = 0.0;
    for (long i = 0; i < 3000000L * (rank + 1); i++) x += (double)i * 1e-9;
    sink = x;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
