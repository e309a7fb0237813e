/*
 * patterns.c - an MPI program whose point-to-point traffic is known exactly by design.
 * igtrace's tests derive expected bytes and message counts from the comments below.
 * Needs an even number of ranks >= 4 (traced on 4 and 8).
 *
 * Phases (n = number of ranks, all buffers are MPI_BYTE unless noted):
 *  A. MPI_Send/MPI_Recv ring: rank r sends 1000 bytes to (r+1)%n, tag 1, 3 times.
 *  B. MPI_Isend/MPI_Irecv + MPI_Waitall: rank r sends 2000 bytes to r^1 (its pair
 *     partner), tag 2, 2 times.
 *  C. MPI_Sendrecv: rank r sends 3000 bytes to (r+2)%n and receives from (r-2+n)%n, tag 3, once.
 *  D. Sub-communicator: MPI_Comm_split(color = r % 2, key = r). In the sub communicator
 *     (size n/2), sub-rank s sends 4000 bytes to sub-rank (s+1)%(n/2), tag 4, once,
 *     with MPI_Send/MPI_Recv. In world ranks: r sends to (r+2)%n.
 *  E. Collectives on MPI_COMM_WORLD: Barrier; Bcast of 512 bytes from root 0;
 *     Reduce of 16 doubles to root 0; Allreduce of 8 doubles.
 *  Compute phases (busy loops) sit between the communication phases.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile double sink;

static void compute(long iterations) {
    double x = 0.0;
    for (long i = 0; i < iterations; i++) x += (double)i * 1e-9;
    sink = x;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    if (n < 4 || n % 2 != 0) {
        if (rank == 0) fprintf(stderr, "patterns: needs an even number of ranks >= 4\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    char *sendbuf = calloc(4000, 1), *recvbuf = calloc(4000, 1);

    /* A. ring, blocking */
    compute(2000000);
    for (int k = 0; k < 3; k++) {
        int to = (rank + 1) % n, from = (rank - 1 + n) % n;
        if (rank % 2 == 0) {
            MPI_Send(sendbuf, 1000, MPI_BYTE, to, 1, MPI_COMM_WORLD);
            MPI_Recv(recvbuf, 1000, MPI_BYTE, from, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(recvbuf, 1000, MPI_BYTE, from, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(sendbuf, 1000, MPI_BYTE, to, 1, MPI_COMM_WORLD);
        }
    }

    /* B. pairs, non-blocking */
    compute(2000000);
    for (int k = 0; k < 2; k++) {
        MPI_Request req[2];
        int partner = rank ^ 1;
        MPI_Irecv(recvbuf, 2000, MPI_BYTE, partner, 2, MPI_COMM_WORLD, &req[0]);
        MPI_Isend(sendbuf, 2000, MPI_BYTE, partner, 2, MPI_COMM_WORLD, &req[1]);
        MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    }

    /* C. shift by two, Sendrecv */
    compute(2000000);
    MPI_Sendrecv(sendbuf, 3000, MPI_BYTE, (rank + 2) % n, 3,
                 recvbuf, 3000, MPI_BYTE, (rank - 2 + n) % n, 3,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    /* D. sub-communicator ring */
    compute(2000000);
    MPI_Comm sub;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &sub);
    int s, m;
    MPI_Comm_rank(sub, &s);
    MPI_Comm_size(sub, &m);
    if (s % 2 == 0) {
        MPI_Send(sendbuf, 4000, MPI_BYTE, (s + 1) % m, 4, sub);
        MPI_Recv(recvbuf, 4000, MPI_BYTE, (s - 1 + m) % m, 4, sub, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(recvbuf, 4000, MPI_BYTE, (s - 1 + m) % m, 4, sub, MPI_STATUS_IGNORE);
        MPI_Send(sendbuf, 4000, MPI_BYTE, (s + 1) % m, 4, sub);
    }
    MPI_Comm_free(&sub);

    /* E. collectives */
    compute(2000000);
    double dsend[16] = {0}, drecv[16];
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Bcast(sendbuf, 512, MPI_BYTE, 0, MPI_COMM_WORLD);
    MPI_Reduce(dsend, drecv, 16, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Allreduce(dsend, drecv, 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    compute(2000000);

    free(sendbuf);
    free(recvbuf);
    MPI_Finalize();
    return 0;
}
