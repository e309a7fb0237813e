/* MPI_THREAD_MULTIPLE: two threads per rank; thread t of rank r exchanges
 * with thread t of rank r^1 (tag = 100 + t) by blocking MPI_Send/MPI_Recv.
 * The even rank receives first, the odd rank computes then sends, with
 * different compute per thread, so the two threads of a rank are inside
 * MPI_Recv at overlapping times. With argument 0 both threads of the even
 * rank wait in MPI_Recv for the same ~2 ms (fully overlapping waits); a second
 * argument sets that sender compute time in microseconds. */
#include <mpi.h>
#include <omp.h>
#include <unistd.h>
#include "truth.h"
#define NITER 8
int main(int argc, char **argv) {
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided < MPI_THREAD_MULTIPLE) { fprintf(stderr, "provided=%d\n", provided); MPI_Abort(MPI_COMM_WORLD, 1); }
    if (size % 2) { fprintf(stderr, "need an even number of ranks\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
    int partner = rank ^ 1;
    /* argv[1] = stagger (default 1); 0: both threads of a rank wait at the same time */
    int stagger = argc > 1 ? atoi(argv[1]) : 1;
    /* argv[2] = compute of the sending (odd) rank before its send, in us (default 2000) */
    int delay = argc > 2 ? atoi(argv[2]) : 2000;
    TCALL(0, MPI_Barrier(MPI_COMM_WORLD));   /* EZTrace records this one too */
    tr_t0 = MPI_Wtime();
#pragma omp parallel num_threads(2)
    {
        int tid = omp_get_thread_num();
        int tag = 100 + tid;
        double buf[64] = {0};
        for (int it = 0; it < NITER; it++) {
            if (rank % 2 == 0) {
                usleep(1000 * tid * stagger);          /* thread 1 enters 1 ms later */
                TCALL(tid, MPI_Recv(buf, 64, MPI_DOUBLE, partner, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
                usleep(500);
                TCALL(tid, MPI_Send(buf, 64, MPI_DOUBLE, partner, tag, MPI_COMM_WORLD));
            } else {
                usleep(delay + 1500 * tid * stagger);   /* partner of thread 0 sends at ~2 ms, of thread 1 at ~3.5 ms */
                TCALL(tid, MPI_Send(buf, 64, MPI_DOUBLE, partner, tag, MPI_COMM_WORLD));
                TCALL(tid, MPI_Recv(buf, 64, MPI_DOUBLE, partner, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
            }
        }
    }
    truth_report(rank, 2);
    MPI_Finalize();
    return 0;
}
