/* MPI_THREAD_SERIALIZED: halo exchange inside "omp single"; the thread that
 * reaches the single first varies from iteration to iteration (each thread's
 * compute before the single depends on (tid + it)), so the MPI calls move
 * between the threads of a rank. Every third iteration an MPI_Allreduce in
 * another omp single. */
#include <mpi.h>
#include <omp.h>
#include <unistd.h>
#include "truth.h"
#define NITER 10
#define N 4096
int main(int argc, char **argv) {
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided < MPI_THREAD_SERIALIZED) { fprintf(stderr, "provided=%d\n", provided); MPI_Abort(MPI_COMM_WORLD, 1); }
    int nt = 3;
    if (argc > 1) nt = atoi(argv[1]);
    static double sbuf[N], rbuf[N];
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    int who[NITER]; int whoar[NITER];
    TCALL(0, MPI_Barrier(MPI_COMM_WORLD));   /* EZTrace records this one too */
    tr_t0 = MPI_Wtime();
#pragma omp parallel num_threads(nt)
    {
        int tid = omp_get_thread_num();
        int n = omp_get_num_threads();
        for (int it = 0; it < NITER; it++) {
            /* thread ((n - it % n) % n) is fastest in iteration it; rank adds skew */
            usleep(1000 * (1 + ((tid + it) % n)) + 700 * rank * (it % 2));
#pragma omp single
            {
                who[it] = tid;
                for (int i = 0; i < N; i++) sbuf[i] = rank + it + i;
                TCALL(tid, MPI_Sendrecv(sbuf, N, MPI_DOUBLE, right, it, rbuf, N, MPI_DOUBLE, left, it,
                                        MPI_COMM_WORLD, MPI_STATUS_IGNORE));
            }
            whoar[it] = -1;
            if (it % 3 == 2) {
                usleep(500 * ((tid + 2 * it) % n));
#pragma omp single
                {
                    double x = rbuf[0], y;
                    whoar[it] = tid;
                    TCALL(tid, MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD));
                }
            }
        }
    }
    printf("rank %d sendrecv-threads:", rank);
    for (int it = 0; it < NITER; it++) printf(" %d", who[it]);
    printf(" allreduce-threads:");
    for (int it = 0; it < NITER; it++) if (whoar[it] >= 0) printf(" %d", whoar[it]);
    printf("\n");
    truth_report(rank, nt);
    MPI_Finalize();
    return 0;
}
