/*
 * requests.c - MPI patterns the bundled traces do not cover. Needs exactly 4 ranks.
 *
 * Compute imbalance: busy(ms) spins on the clock; in each of the 3 compute phases every rank spins
 * 10 ms, rank 2 spins 20 ms (before phases A, C and H).
 *
 * Point-to-point messages (sender->receiver: count x bytes), world communicator unless noted:
 *  A  ANY_SOURCE/ANY_TAG recv     1->0 1x64, 2->0 1x128, 3->0 1x192 (MPI_Send, tags 1,2,3)
 *  B  Probe / Iprobe + Recv       0->1 1x200 (tag 5, Probe), 2->3 1x300 (tag 6, Iprobe loop)
 *  C  Testall loop, ring          r->(r+1)%4 1x80 (Isend/Irecv tag 7, MPI_Testall until done)
 *  D  Waitany                     1->0, 2->0, 3->0 1x40 each (Isend tag 8; rank 0 Irecv x3 + Waitany)
 *     Waitsome                    0->3, 1->3, 2->3 1x24 each (Isend tag 9; rank 3 Irecv x3 + Waitsome)
 *  E  persistent (Send_init/Recv_init/Startall/Waitall), 3 rounds, partner r^1, tag 10:
 *                                 0->1, 1->0, 2->3, 3->2 3x512 each
 *  F  Sendrecv_replace, ring      r->(r+1)%4 1x128 (16 doubles, tag 11)
 *  G  Bsend (Buffer_attach)       1->2 1x1000 (tag 12)
 *     Rsend                       0->3 1x256 (tag 13; rank 3's Irecv posted before a Barrier)
 *     Test loop (MPI_Test)        3->1 1x32 (Isend tag 15; rank 1 Irecv + MPI_Test until done)
 *  H  on a Comm_dup of WORLD:     1->2 1x48 (MPI_Send tag 14; same ranks in dup)
 *
 * Per unordered pair (messages, bytes), p2p only:
 *  {0,1}: A 1x64 + B 1x200 + C 1x80 + D 1x40 + E 6x512 + F 1x128          = 11 msgs, 3584 B
 *  {0,2}: A 1x128 + D 1x40                                                 =  2 msgs,  168 B
 *  {0,3}: A 1x192 + C 1x80(3->0) + D 1x40 + D 1x24(0->3) + F 1x128(3->0) + G 1x256 = 6 msgs, 720 B
 *  {1,2}: C 1x80 + F 1x128 + G 1x1000 + H 1x48                             =  4 msgs, 1256 B
 *  {1,3}: D 1x24 + G 1x32                                                  =  2 msgs,   56 B
 *  {2,3}: B 1x300 + C 1x80 + D 1x24 + E 6x512 + F 1x128                    = 10 msgs, 3604 B
 *  Total 35 messages (F's 4 are inside MPI_Sendrecv_replace: 31 without them).
 *
 * Collectives (world unless noted): Barrier (G), Alltoallv (rank r sends (r+1)*(d+1) ints to rank d),
 * Allgatherv (rank r contributes r ints: rank 0 contributes 0), Gatherv (root 0, r+1 doubles),
 * Scatterv (root 3, 2*(r+1) ints to rank r), Reduce_scatter (recvcounts 1,2,3,4 ints), Scan and Exscan
 * (1 double), Iallreduce (4 doubles) + MPI_Wait, Allreduce (1 int) on the dup, Comm_free of the dup.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static volatile double sink;
static void busy(double ms) {
    double end = now() + ms * 1e-3, x = 0;
    while (now() < end) x += 1e-9;
    sink = x;
}

static void compute_phase(int rank) { busy(rank == 2 ? 20.0 : 10.0); }

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    if (n != 4) {
        if (rank == 0) fprintf(stderr, "requests: needs exactly 4 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    char buf[4096], rbuf[4096];
    memset(buf, rank, sizeof buf);
    MPI_Status st;
    int next = (rank + 1) % n, prev = (rank + n - 1) % n;

    /* A: receives from any source with any tag */
    compute_phase(rank);
    if (rank == 0) {
        for (int k = 0; k < 3; k++) {
            int cnt;
            MPI_Recv(rbuf, sizeof rbuf, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_BYTE, &cnt);
            if (cnt != 64 * st.MPI_SOURCE || st.MPI_TAG != st.MPI_SOURCE) MPI_Abort(MPI_COMM_WORLD, 2);
        }
    } else {
        MPI_Send(buf, 64 * rank, MPI_BYTE, 0, rank, MPI_COMM_WORLD);
    }

    /* B: Probe then Recv (0->1), Iprobe loop then Recv (2->3) */
    if (rank == 0) MPI_Send(buf, 200, MPI_BYTE, 1, 5, MPI_COMM_WORLD);
    if (rank == 1) {
        int cnt;
        MPI_Probe(0, 5, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_BYTE, &cnt);
        MPI_Recv(rbuf, cnt, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, &st);
    }
    if (rank == 2) MPI_Send(buf, 300, MPI_BYTE, 3, 6, MPI_COMM_WORLD);
    if (rank == 3) {
        int flag = 0, cnt;
        while (!flag) MPI_Iprobe(MPI_ANY_SOURCE, 6, MPI_COMM_WORLD, &flag, &st);
        MPI_Get_count(&st, MPI_BYTE, &cnt);
        MPI_Recv(rbuf, cnt, MPI_BYTE, st.MPI_SOURCE, 6, MPI_COMM_WORLD, &st);
    }

    /* C: ring with Testall polling */
    compute_phase(rank);
    {
        MPI_Request rq[2];
        int flag = 0;
        MPI_Irecv(rbuf, 80, MPI_BYTE, prev, 7, MPI_COMM_WORLD, &rq[0]);
        MPI_Isend(buf, 80, MPI_BYTE, next, 7, MPI_COMM_WORLD, &rq[1]);
        while (!flag) MPI_Testall(2, rq, &flag, MPI_STATUSES_IGNORE);
    }

    /* D: Waitany at rank 0, Waitsome at rank 3 */
    {
        char in[3][64];
        MPI_Request rq[3];
        if (rank == 0) {
            for (int k = 0; k < 3; k++) MPI_Irecv(in[k], 40, MPI_BYTE, k + 1, 8, MPI_COMM_WORLD, &rq[k]);
            for (int k = 0; k < 3; k++) {
                int idx;
                MPI_Waitany(3, rq, &idx, &st);
            }
        } else {
            MPI_Request r;
            MPI_Isend(buf, 40, MPI_BYTE, 0, 8, MPI_COMM_WORLD, &r);
            MPI_Wait(&r, &st);
        }
        if (rank == 3) {
            int done = 0, outcount, idx[3];
            for (int k = 0; k < 3; k++) MPI_Irecv(in[k], 24, MPI_BYTE, k, 9, MPI_COMM_WORLD, &rq[k]);
            while (done < 3) {
                MPI_Waitsome(3, rq, &outcount, idx, MPI_STATUSES_IGNORE);
                done += outcount;
            }
        } else {
            MPI_Request r;
            MPI_Isend(buf, 24, MPI_BYTE, 3, 9, MPI_COMM_WORLD, &r);
            MPI_Wait(&r, &st);
        }
    }

    /* E: persistent requests with partner rank^1, 3 rounds */
    {
        MPI_Request rq[2];
        int partner = rank ^ 1;
        MPI_Recv_init(rbuf, 512, MPI_BYTE, partner, 10, MPI_COMM_WORLD, &rq[0]);
        MPI_Send_init(buf, 512, MPI_BYTE, partner, 10, MPI_COMM_WORLD, &rq[1]);
        for (int it = 0; it < 3; it++) {
            MPI_Startall(2, rq);
            MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
        }
        MPI_Request_free(&rq[0]);
        MPI_Request_free(&rq[1]);
    }

    /* F: Sendrecv_replace around the ring */
    {
        double v[16];
        for (int k = 0; k < 16; k++) v[k] = rank;
        MPI_Sendrecv_replace(v, 16, MPI_DOUBLE, next, 11, prev, 11, MPI_COMM_WORLD, &st);
    }

    /* G: Bsend 1->2, Rsend 0->3, Test loop 3->1 */
    {
        int bsize = 1000 + MPI_BSEND_OVERHEAD;
        char *bbuf = malloc(bsize);
        MPI_Request r3 = MPI_REQUEST_NULL, r1 = MPI_REQUEST_NULL;
        MPI_Buffer_attach(bbuf, bsize);
        if (rank == 1) MPI_Bsend(buf, 1000, MPI_BYTE, 2, 12, MPI_COMM_WORLD);
        if (rank == 2) MPI_Recv(rbuf, 1000, MPI_BYTE, 1, 12, MPI_COMM_WORLD, &st);
        if (rank == 3) MPI_Irecv(rbuf, 256, MPI_BYTE, 0, 13, MPI_COMM_WORLD, &r3);
        if (rank == 1) MPI_Irecv(rbuf + 1024, 32, MPI_BYTE, 3, 15, MPI_COMM_WORLD, &r1);
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0) MPI_Rsend(buf, 256, MPI_BYTE, 3, 13, MPI_COMM_WORLD);
        if (rank == 3) {
            MPI_Wait(&r3, &st);
            MPI_Request s;
            MPI_Isend(buf, 32, MPI_BYTE, 1, 15, MPI_COMM_WORLD, &s);
            MPI_Wait(&s, &st);
        }
        if (rank == 1) {
            int flag = 0;
            while (!flag) MPI_Test(&r1, &flag, &st);
        }
        void *b;
        MPI_Buffer_detach(&b, &bsize);
        free(bbuf);
    }

    /* H: collectives */
    compute_phase(rank);
    {
        int sc[4], sd[4], rc[4], rd[4];
        int *sb = malloc(64 * sizeof(int)), *rb = malloc(64 * sizeof(int));
        for (int k = 0; k < 64; k++) sb[k] = rank;
        int off = 0, roff = 0;
        for (int d = 0; d < 4; d++) {
            sc[d] = (rank + 1) * (d + 1); sd[d] = off; off += sc[d];
            rc[d] = (d + 1) * (rank + 1); rd[d] = roff; roff += rc[d];
        }
        MPI_Alltoallv(sb, sc, sd, MPI_INT, rb, rc, rd, MPI_INT, MPI_COMM_WORLD);

        int gc[4], gd[4];
        for (int d = 0, o = 0; d < 4; d++) { gc[d] = d; gd[d] = o; o += d; }
        MPI_Allgatherv(sb, rank, MPI_INT, rb, gc, gd, MPI_INT, MPI_COMM_WORLD);

        double dv[8] = {0}, dr[16];
        int vc[4], vd[4];
        for (int d = 0, o = 0; d < 4; d++) { vc[d] = d + 1; vd[d] = o; o += d + 1; }
        MPI_Gatherv(dv, rank + 1, MPI_DOUBLE, dr, vc, vd, MPI_DOUBLE, 0, MPI_COMM_WORLD);

        int scc[4], scd[4];
        for (int d = 0, o = 0; d < 4; d++) { scc[d] = 2 * (d + 1); scd[d] = o; o += scc[d]; }
        MPI_Scatterv(sb, scc, scd, MPI_INT, rb, 2 * (rank + 1), MPI_INT, 3, MPI_COMM_WORLD);

        int rsc[4] = {1, 2, 3, 4};
        MPI_Reduce_scatter(sb, rb, rsc, MPI_INT, MPI_SUM, MPI_COMM_WORLD);

        double x = rank + 1, y = 0;
        MPI_Scan(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        MPI_Exscan(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

        double a4[4] = {1, 2, 3, 4}, b4[4];
        MPI_Request r;
        MPI_Iallreduce(a4, b4, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &r);
        MPI_Wait(&r, &st);

        MPI_Comm dup;
        MPI_Comm_dup(MPI_COMM_WORLD, &dup);
        if (rank == 1) MPI_Send(buf, 48, MPI_BYTE, 2, 14, dup);
        if (rank == 2) MPI_Recv(rbuf, 48, MPI_BYTE, 1, 14, dup, &st);
        int one = 1, sum = 0;
        MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, dup);
        if (sum != 4) MPI_Abort(MPI_COMM_WORLD, 3);
        MPI_Comm_free(&dup);
        free(sb);
        free(rb);
    }

    MPI_Finalize();
    return 0;
}
