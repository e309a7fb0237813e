/*
 * late-reduce.c - an MPI_Reduce whose root waits for its first member, then for its last (igtrace why: the critical
 * path goes on from the last member to enter; the early-reduce wait is charged to the first). Needs exactly 4 ranks.
 *
 * First rank 0 exchanges a byte with each other rank both ways (MPI_Send / MPI_Recv): a tracer that stamps each process
 * from its own start (EZTrace) makes clocks that differ by the processes' start times, and messages both ways tie them
 * (a barrier alone did not: rank 0, started 217 ms after the others, read as leaving it 217 ms before them). Then an
 * MPI_Barrier lines the ranks up, and each sleeps (nanosleep) before calling MPI_Reduce to root 2, then MPI_Finalize:
 *
 *   rank   sleep    in MPI_Reduce
 *   2      10 ms    the root: waits for rank 0 (early reduce, about 10 ms), leaves after rank 3 entered (about 80 ms)
 *   0      20 ms    the first member to enter
 *   1      30 ms
 *   3      80 ms    the last member to enter
 *
 * The run after the barrier is about 80 ms; its critical path runs on rank 3 (its 80 ms of sleep, computing to a
 * tracer) and then on rank 2 from rank 3's enter. A sleep lasts at least its delay; the scheduler (4 ranks on fewer
 * cores) adds to it, which the tests bound.
 */
#include <mpi.h>
#include <time.h>

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0) {
    }
}

int main(int argc, char **argv) {
    int rank, n;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    if (n != 4) {
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    static const long delay_ms[4] = {20, 30, 10, 80};
    double value = rank, sum = 0;
    char byte = 0;
    for (int peer = 1; peer < n; peer++) {
        if (rank == 0) {
            MPI_Send(&byte, 1, MPI_BYTE, peer, 0, MPI_COMM_WORLD);
            MPI_Recv(&byte, 1, MPI_BYTE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (rank == peer) {
            MPI_Recv(&byte, 1, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(&byte, 1, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    sleep_ms(delay_ms[rank]);
    MPI_Reduce(&value, &sum, 1, MPI_DOUBLE, MPI_SUM, 2, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
