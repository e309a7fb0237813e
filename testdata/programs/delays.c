/*
 * delays.c - an MPI program that makes every wait-state pattern happen once, with a known delay.
 * igtrace's wait-state tests take their expected waiting times from the table below.
 * Needs exactly 4 ranks.
 *
 * Each phase starts from a resynchronisation: two rounds of MPI_Sendrecv around the ring (after
 * two rounds every rank has heard, indirectly, from every other). EZTrace 2.0 records no message
 * events inside MPI_Sendrecv, so these resyncs add no wait state of their own to an EZTrace trace.
 * Then one rank sleeps (nanosleep) for the phase's delay while the others go straight on:
 *
 *  phase  pattern            who sleeps   delay   who waits, how long          edge
 *  1      late sender        rank 0       50 ms   rank 1 in MPI_Recv     50 ms  {0,1}
 *         (rank 0 MPI_Send 100 bytes to rank 1, tag 11)
 *  2      late receiver      rank 3       60 ms   rank 2 in MPI_Ssend    60 ms  {2,3}
 *         (rank 2 MPI_Ssend 100 bytes to rank 3, tag 12)
 *  3      wait at barrier    rank 3       70 ms   ranks 0,1,2 in MPI_Barrier 70 ms each  {p,3}
 *  4      wait at N x N      rank 1       80 ms   ranks 0,2,3 in MPI_Allreduce 80 ms each  {p,1}
 *  5      late broadcast     rank 0       90 ms   ranks 1,2,3 in MPI_Bcast (root 0) 90 ms each  {p,0}
 *  6      early reduce       ranks 0,1,3  100 ms  rank 2 (root of MPI_Reduce) 100 ms  {2,first to arrive}
 *
 * A sleep lasts at least its delay; the waiting ranks' excess over it comes from the resync spread
 * and the scheduler (4 ranks on fewer cores), which the tests bound.
 */
#include <mpi.h>
#include <stdio.h>
#include <time.h>

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0) {
    }
}

static void resync(int rank, int n) {
    char out = 0, in = 0;
    for (int round = 0; round < 2; round++) {
        MPI_Sendrecv(&out, 1, MPI_BYTE, (rank + 1) % n, 99, &in, 1, MPI_BYTE, (rank - 1 + n) % n, 99,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&out, 1, MPI_BYTE, (rank - 1 + n) % n, 98, &in, 1, MPI_BYTE, (rank + 1) % n, 98,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    if (n != 4) {
        if (rank == 0) fprintf(stderr, "delays: needs exactly 4 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    char buf[100] = {0};
    double a[8] = {0}, b[8];

    /* 1. late sender */
    resync(rank, n);
    if (rank == 0) {
        sleep_ms(50);
        MPI_Send(buf, 100, MPI_BYTE, 1, 11, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(buf, 100, MPI_BYTE, 0, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }

    /* 2. late receiver */
    resync(rank, n);
    if (rank == 2) {
        MPI_Ssend(buf, 100, MPI_BYTE, 3, 12, MPI_COMM_WORLD);
    } else if (rank == 3) {
        sleep_ms(60);
        MPI_Recv(buf, 100, MPI_BYTE, 2, 12, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }

    /* 3. wait at barrier */
    resync(rank, n);
    if (rank == 3) sleep_ms(70);
    MPI_Barrier(MPI_COMM_WORLD);

    /* 4. wait at N x N */
    resync(rank, n);
    if (rank == 1) sleep_ms(80);
    MPI_Allreduce(a, b, 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

    /* 5. late broadcast */
    resync(rank, n);
    if (rank == 0) sleep_ms(90);
    MPI_Bcast(a, 8, MPI_DOUBLE, 0, MPI_COMM_WORLD);

    /* 6. early reduce */
    resync(rank, n);
    if (rank != 2) sleep_ms(100);
    MPI_Reduce(a, b, 8, MPI_DOUBLE, MPI_SUM, 2, MPI_COMM_WORLD);

    resync(rank, n);
    MPI_Finalize();
    return 0;
}
