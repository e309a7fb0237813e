/*
 * Writes a synthetic but realistic OTF2 trace with libotf2's writer, for the OTF2 benchmark
 * (bench/otf2.sh) and the graph-scale checks.
 *
 *   make-otf2-trace DIR RANKS ITERATIONS PATTERN
 *
 * PATTERN:
 *   stencil   3-D halo exchange: ranks on an X x Y x Z grid (MPI_Dims_create-like factors),
 *             each iteration a compute region, then per neighbour (up to 6, not periodic)
 *             MPI_Send + MPI_Recv; every 10th iteration an MPI_Allreduce of 8 bytes.
 *   alltoall  every iteration each rank sends to every other rank, then receives from each.
 *   posted    the stencil's neighbours, with receives posted first so that every message shows its
 *             transfer (the calibration of `igtrace predict` measures them): each iteration per
 *             neighbour an MPI_Irecv (100 ticks each, posted before the compute region, so before
 *             any neighbour's send), then the compute region (from 600 ticks into the iteration on
 *             every rank), per neighbour MPI_Send, then one MPI_Waitall completing all the
 *             receives and leaving 700 ticks after the compute region on every rank, when every
 *             send has left; the Allreduce as in stencil.
 *   imbalanced  the stencil with rank 0's compute region 1500 ticks (30 %) longer (the period 1500
 *             longer), and each MPI_Recv leaving no earlier than 110 ticks after its partner's
 *             MPI_Send left: rank 0's neighbours wait for it (the first cause, whose what-ifs
 *             `igtrace why` and the report replay: its compute region balanced, rank 0 at the
 *             median compute). Events as stencil.
 *   synced    the stencil with an MPI_Allreduce that, as MPI's, releases no member before the last one entered:
 *             every rank leaves it 100 ticks after the latest rank's entry (in stencil each rank leaves 100
 *             ticks after its own entry, so ranks with fewer partners leave before others entered, which the
 *             clock rules read as clocks apart). Events as stencil.
 *   imbalanced-run  imbalanced as an MPI run would record it (the other patterns keep to a fixed schedule):
 *             every rank's iteration starts 1000 ticks after its previous one ended, a receive leaves 110
 *             ticks after its send left at the earliest, and the MPI_Allreduce releases its members 100 ticks
 *             after the last one entered; so rank 0's neighbours wait for it in their receives, their
 *             neighbours for them in the next iteration, and every rank for the latest in the Allreduce,
 *             and the run takes longer for rank 0's compute: balancing it (`igtrace why`'s what-if) gains.
 *             Events as stencil.
 *   declared  only the global definitions of RANKS processes (as stencil declares them, each
 *             announcing 0 events), no event or local definition file: a reader must report the
 *             first missing file; for the cost of declaring many locations (ITERATIONS unused).
 *
 * Events per rank: main Enter/Leave (2) + per iteration: compute Enter/Leave (2) + per partner
 * 6 (Enter, MpiSend, Leave, Enter, MpiRecv, Leave) + every 10th iteration 4 (Enter,
 * CollectiveBegin, CollectiveEnd, Leave). posted: per iteration compute 2 + per partner 7 (Enter,
 * MpiIrecvRequest, Leave; Enter, MpiSend, Leave; the MpiIrecv in the Waitall) + the Waitall's
 * Enter/Leave 2 + the Allreduce's 4 every 10th iteration. The program prints the exact total on
 * stdout, and the expected sums on stderr: total message bytes and messages, so a reader can be
 * checked. posted writes two more regions (MPI_Irecv, MPI_Waitall); the other patterns' archives
 * are as before.
 *
 * Timestamps (1 tick = 1 ns): iteration i starts at 1000 + i * period on every rank; compute lasts
 * 5000 ticks, each MPI call 100 ticks. Message size to partner p is 8 * (1 + (rank + p) % 64)
 * bytes, so different pairs carry different average sizes.
 */
#include <otf2/otf2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>

enum { R_MAIN, R_COMPUTE, R_SEND, R_RECV, R_ALLREDUCE, R_IRECV, R_WAITALL, ALL_REGIONS };
enum { REGIONS = R_IRECV }; /* the regions of stencil and alltoall; posted adds MPI_Irecv and MPI_Waitall */
static const char *region_names[ALL_REGIONS] = {"main", "compute", "MPI_Send", "MPI_Recv", "MPI_Allreduce",
                                                "MPI_Irecv", "MPI_Waitall"};

static void die(const char *what) {
    fprintf(stderr, "make-otf2-trace: %s failed\n", what);
    exit(1);
}

static OTF2_FlushType pre_flush(void *d, OTF2_FileType t, OTF2_LocationRef l, void *c, bool final) {
    (void)d; (void)t; (void)l; (void)c; (void)final;
    return OTF2_FLUSH;
}

static OTF2_TimeStamp post_flush(void *d, OTF2_FileType t, OTF2_LocationRef l) {
    (void)d; (void)t; (void)l;
    return 0;
}

static OTF2_FlushCallbacks flush_callbacks = {.otf2_pre_flush = pre_flush, .otf2_post_flush = post_flush};

static int dims[3];

/* Three factors of n, as equal as possible, largest first (like MPI_Dims_create). */
static void make_dims(int n) {
    int best[3] = {n, 1, 1};
    long bestSpread = n;
    for (int x = 1; x <= n; x++) {
        if (n % x) continue;
        for (int y = 1; y <= x; y++) {
            if ((n / x) % y) continue;
            int z = n / x / y;
            if (z > y) continue;
            long spread = x - z;
            if (spread < bestSpread) { bestSpread = spread; best[0] = x; best[1] = y; best[2] = z; }
        }
    }
    memcpy(dims, best, sizeof dims);
}

/* Partners of rank r; returns how many. */
static int partners(const char *pattern, int n, int r, int *out) {
    int k = 0;
    if (strcmp(pattern, "alltoall") == 0) {
        for (int p = 0; p < n; p++) if (p != r) out[k++] = p;
        return k;
    }
    int x = r % dims[0], y = (r / dims[0]) % dims[1], z = r / (dims[0] * dims[1]);
    int c[3] = {x, y, z};
    for (int d = 0; d < 3; d++) {
        for (int s = -1; s <= 1; s += 2) {
            int q[3] = {c[0], c[1], c[2]};
            q[d] += s;
            if (q[d] < 0 || q[d] >= dims[d]) continue;
            out[k++] = q[0] + dims[0] * (q[1] + dims[1] * q[2]);
        }
    }
    return k;
}

/*
 * imbalanced-run: the events of every rank, iteration by iteration (all the ranks' event writers open together, so
 * libotf2 holds an event chunk, 1 MB, per rank: made for the 64 ranks of bench/full-run.sh), each time following from
 * the ones it waits for. Returns the last time written; fills counts, and bytes and messages.
 */
static uint64_t write_run(OTF2_Archive *archive, int n, long iterations, uint64_t *counts, double *bytes_out,
                          double *messages_out) {
    int (*part)[6] = malloc(sizeof(int[6]) * n), (*at)[6] = malloc(sizeof(int[6]) * n);
    int *k = malloc(sizeof(int) * n), theirs[6];
    uint64_t *start = malloc(sizeof(uint64_t) * n), *computed = malloc(sizeof(uint64_t) * n),
             *ended = malloc(sizeof(uint64_t) * n);
    OTF2_EvtWriter **w = malloc(sizeof(OTF2_EvtWriter *) * n);
    for (int r = 0; r < n; r++) {
        k[r] = partners("stencil", n, r, part[r]);
        for (int j = 0; j < k[r]; j++) {
            int m = partners("stencil", n, part[r][j], theirs), a = 0;
            while (a < m && theirs[a] != r) a++;
            at[r][j] = a; /* r's place among its j-th partner's partners: that partner's send to r is its a-th */
        }
        w[r] = OTF2_Archive_GetEvtWriter(archive, (OTF2_LocationRef)r);
        if (!w[r]) die("OTF2_Archive_GetEvtWriter");
        OTF2_EvtWriter_Enter(w[r], NULL, 0, R_MAIN);
        counts[r] = 1;
        start[r] = 1000;
    }
    uint64_t last = 0;
    for (long i = 0; i < iterations; i++) {
        for (int r = 0; r < n; r++) {
            uint64_t t = start[r];
            OTF2_EvtWriter_Enter(w[r], NULL, t, R_COMPUTE);
            t += 5000 + (r == 0 ? 1500 : 0);
            OTF2_EvtWriter_Leave(w[r], NULL, t, R_COMPUTE);
            computed[r] = t;
            for (int j = 0; j < k[r]; j++) {
                uint64_t b = 8 * (1 + (r + part[r][j]) % 64);
                OTF2_EvtWriter_Enter(w[r], NULL, t, R_SEND);
                OTF2_EvtWriter_MpiSend(w[r], NULL, t + 10, (uint32_t)part[r][j], 0, 0, b);
                t += 100;
                OTF2_EvtWriter_Leave(w[r], NULL, t, R_SEND);
                *bytes_out += (double)b;
                *messages_out += 1;
            }
            counts[r] += 2 + 3 * (uint64_t)k[r];
        }
        uint64_t latest = 0;
        for (int r = 0; r < n; r++) {
            uint64_t t = computed[r] + 100 * (uint64_t)k[r];
            for (int j = 0; j < k[r]; j++) {
                int q = part[r][j];
                OTF2_EvtWriter_Enter(w[r], NULL, t, R_RECV);
                t += 100;
                uint64_t left = computed[q] + (uint64_t)(at[r][j] + 1) * 100; /* q's send to r left */
                if (t < left + 110) t = left + 110;
                OTF2_EvtWriter_MpiRecv(w[r], NULL, t - 10, (uint32_t)q, 0, 0, 8 * (1 + (r + q) % 64));
                OTF2_EvtWriter_Leave(w[r], NULL, t, R_RECV);
            }
            counts[r] += 3 * (uint64_t)k[r];
            ended[r] = t;
            if (t > latest) latest = t;
        }
        for (int r = 0; r < n; r++) {
            uint64_t t = ended[r];
            if (i % 10 == 9) {
                OTF2_EvtWriter_Enter(w[r], NULL, t, R_ALLREDUCE);
                OTF2_EvtWriter_MpiCollectiveBegin(w[r], NULL, t + 1);
                t = latest + 100; /* released when the last member has entered */
                OTF2_EvtWriter_MpiCollectiveEnd(w[r], NULL, t - 1, OTF2_COLLECTIVE_OP_ALLREDUCE, 0,
                                                OTF2_UNDEFINED_UINT32, 8, 8);
                OTF2_EvtWriter_Leave(w[r], NULL, t, R_ALLREDUCE);
                counts[r] += 4;
            }
            start[r] = t + 1000;
            if (t > last) last = t;
        }
    }
    uint64_t end = last + 1000;
    for (int r = 0; r < n; r++) {
        OTF2_EvtWriter_Leave(w[r], NULL, end, R_MAIN);
        counts[r]++;
        if (OTF2_Archive_CloseEvtWriter(archive, w[r]) != OTF2_SUCCESS) die("OTF2_Archive_CloseEvtWriter");
    }
    free(part); free(at); free(k); free(start); free(computed); free(ended); free(w);
    return end;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: make-otf2-trace DIR RANKS ITERATIONS stencil|alltoall|posted|imbalanced|synced|imbalanced-run|declared\n");
        return 2;
    }
    const char *dir = argv[1];
    int n = atoi(argv[2]);
    long iterations = atol(argv[3]);
    const char *pattern = argv[4];
    int posted = strcmp(pattern, "posted") == 0;
    int declared = strcmp(pattern, "declared") == 0;
    int imbalanced = strcmp(pattern, "imbalanced") == 0;
    int synced = strcmp(pattern, "synced") == 0;
    int run = strcmp(pattern, "imbalanced-run") == 0;
    int regions = posted ? ALL_REGIONS : REGIONS;
    if (n < 1 || iterations < 0 || (strcmp(pattern, "stencil") && strcmp(pattern, "alltoall") && !posted && !declared && !imbalanced && !synced && !run)) {
        fprintf(stderr, "make-otf2-trace: bad arguments\n");
        return 2;
    }
    make_dims(n);
    int *buf = malloc(sizeof(int) * (n > 6 ? n : 6));
    int *theirs = malloc(sizeof(int) * (n > 6 ? n : 6));
    uint64_t *counts = calloc(n, sizeof(uint64_t));
    int most = 0; /* synced: the most partners of any rank, so the latest entry into the Allreduce */
    for (int r = 0; synced && r < n; r++) {
        int k = partners(pattern, n, r, buf);
        if (k > most) most = k;
    }

    OTF2_Archive *archive = OTF2_Archive_Open(dir, "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                                              OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    if (!archive) die("OTF2_Archive_Open");
    OTF2_Archive_SetFlushCallbacks(archive, &flush_callbacks, NULL);
    OTF2_Archive_SetSerialCollectiveCallbacks(archive);
    OTF2_Archive_OpenEvtFiles(archive);

    /* compute, two MPI calls per partner (at most n - 1 or 6), the Allreduce, and some slack */
    uint64_t period = 5000 + 200 * (uint64_t)(strcmp(pattern, "alltoall") == 0 ? n : 6) + 100 + 1000
                      + (posted ? 100 : 0) /* posted: the Waitall */
                      + (imbalanced ? 1500 : 0); /* imbalanced: rank 0's longer compute */
    double totalBytes = 0, totalMessages = 0;
    uint64_t lastTime = 0;
    if (run) lastTime = write_run(archive, n, iterations, counts, &totalBytes, &totalMessages);
    for (int r = 0; r < (declared || run ? 0 : n); r++) {
        int k = partners(pattern, n, r, buf);
        OTF2_EvtWriter *w = OTF2_Archive_GetEvtWriter(archive, (OTF2_LocationRef)r);
        if (!w) die("OTF2_Archive_GetEvtWriter");
        uint64_t ev = 0;
        OTF2_EvtWriter_Enter(w, NULL, 0, R_MAIN); ev++;
        for (long i = 0; i < iterations; i++) {
            uint64_t t0 = 1000 + (uint64_t)i * period, t = t0;
            if (posted) {
                for (int j = 0; j < k; j++) {
                    OTF2_EvtWriter_Enter(w, NULL, t, R_IRECV);
                    OTF2_EvtWriter_MpiIrecvRequest(w, NULL, t + 10, (uint64_t)j);
                    t += 100;
                    OTF2_EvtWriter_Leave(w, NULL, t, R_IRECV);
                    ev += 3;
                }
                t = t0 + 600; /* every rank computes from the same time, whatever its neighbours */
            }
            OTF2_EvtWriter_Enter(w, NULL, t, R_COMPUTE);
            t += 5000 + (imbalanced && r == 0 ? 1500 : 0);
            OTF2_EvtWriter_Leave(w, NULL, t, R_COMPUTE);
            ev += 2;
            for (int j = 0; j < k; j++) {
                uint64_t bytes = 8 * (1 + (r + buf[j]) % 64);
                OTF2_EvtWriter_Enter(w, NULL, t, R_SEND);
                OTF2_EvtWriter_MpiSend(w, NULL, t + 10, (uint32_t)buf[j], 0, 0, bytes);
                t += 100;
                OTF2_EvtWriter_Leave(w, NULL, t, R_SEND);
                ev += 3;
                totalBytes += (double)bytes;
                totalMessages += 1;
            }
            if (posted) {
                /* the last send of any rank leaves at t0 + 5600 + 600: the receives complete after it */
                OTF2_EvtWriter_Enter(w, NULL, t, R_WAITALL);
                t = t0 + 5600 + 600 + 100;
                for (int j = 0; j < k; j++) {
                    uint64_t bytes = 8 * (1 + (r + buf[j]) % 64);
                    OTF2_EvtWriter_MpiIrecv(w, NULL, t - 90 + j, (uint32_t)buf[j], 0, 0, bytes, (uint64_t)j);
                }
                OTF2_EvtWriter_Leave(w, NULL, t, R_WAITALL);
                ev += 2 + k;
            }
            for (int j = 0; j < k && !posted; j++) {
                uint64_t bytes = 8 * (1 + (r + buf[j]) % 64);
                OTF2_EvtWriter_Enter(w, NULL, t, R_RECV);
                t += 100;
                if (imbalanced) {
                    /* the partner's send to r left at t0 + its compute + (r's place among its partners + 1) * 100 */
                    int m = partners(pattern, n, buf[j], theirs), at = 0;
                    while (at < m && theirs[at] != r) at++;
                    uint64_t left = t0 + 5000 + (buf[j] == 0 ? 1500 : 0) + (uint64_t)(at + 1) * 100;
                    if (t < left + 110) t = left + 110;
                }
                OTF2_EvtWriter_MpiRecv(w, NULL, t - 10, (uint32_t)buf[j], 0, 0, bytes);
                OTF2_EvtWriter_Leave(w, NULL, t, R_RECV);
                ev += 3;
            }
            if (i % 10 == 9) {
                OTF2_EvtWriter_Enter(w, NULL, t, R_ALLREDUCE);
                OTF2_EvtWriter_MpiCollectiveBegin(w, NULL, t + 1);
                t += 100;
                if (synced) t = t0 + 5000 + 200 * (uint64_t)most + 100; /* the latest entry + 100 */
                OTF2_EvtWriter_MpiCollectiveEnd(w, NULL, t - 1, OTF2_COLLECTIVE_OP_ALLREDUCE, 0,
                                                OTF2_UNDEFINED_UINT32, 8, 8);
                OTF2_EvtWriter_Leave(w, NULL, t, R_ALLREDUCE);
                ev += 4;
            }
            if (t > lastTime) lastTime = t;
        }
        uint64_t end = 1000 + (uint64_t)iterations * period + 1000;
        if (end > lastTime) lastTime = end;
        OTF2_EvtWriter_Leave(w, NULL, end, R_MAIN); ev++;
        counts[r] = ev;
        if (OTF2_Archive_CloseEvtWriter(archive, w) != OTF2_SUCCESS) die("OTF2_Archive_CloseEvtWriter");
    }
    OTF2_Archive_CloseEvtFiles(archive);
    OTF2_Archive_OpenDefFiles(archive);
    for (int r = 0; r < (declared ? 0 : n); r++) OTF2_Archive_CloseDefWriter(archive, OTF2_Archive_GetDefWriter(archive, r));
    OTF2_Archive_CloseDefFiles(archive);

    OTF2_GlobalDefWriter *g = OTF2_Archive_GetGlobalDefWriter(archive);
    OTF2_GlobalDefWriter_WriteClockProperties(g, 1000000000, 0, lastTime + 1, OTF2_UNDEFINED_TIMESTAMP);
    uint32_t s = 0;
    OTF2_GlobalDefWriter_WriteString(g, s++, "");               /* 0 */
    OTF2_GlobalDefWriter_WriteString(g, s++, "machine");        /* 1 */
    OTF2_GlobalDefWriter_WriteString(g, s++, "node");           /* 2 */
    OTF2_GlobalDefWriter_WriteString(g, s++, "MPI_COMM_WORLD"); /* 3 */
    uint32_t firstRegion = s;
    for (int f = 0; f < regions; f++) OTF2_GlobalDefWriter_WriteString(g, s++, region_names[f]);
    uint32_t firstRank = s;
    char name[64];
    for (int r = 0; r < n; r++) {
        snprintf(name, sizeof name, "MPI Rank %d", r);
        OTF2_GlobalDefWriter_WriteString(g, s++, name);
    }
    OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, 1, 2, OTF2_UNDEFINED_SYSTEM_TREE_NODE);
    for (int r = 0; r < n; r++)
        OTF2_GlobalDefWriter_WriteLocationGroup(g, r, firstRank + r, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                                OTF2_UNDEFINED_LOCATION_GROUP);
    for (int r = 0; r < n; r++)
        OTF2_GlobalDefWriter_WriteLocation(g, r, firstRank + r, OTF2_LOCATION_TYPE_CPU_THREAD, counts[r], r);
    for (int f = 0; f < regions; f++) {
        int mpi = f >= R_SEND;
        OTF2_GlobalDefWriter_WriteRegion(g, f, firstRegion + f, firstRegion + f, 0,
                                         f == R_ALLREDUCE ? OTF2_REGION_ROLE_COLL_ALL2ALL
                                         : mpi ? OTF2_REGION_ROLE_POINT2POINT : OTF2_REGION_ROLE_FUNCTION,
                                         mpi ? OTF2_PARADIGM_MPI : OTF2_PARADIGM_USER, OTF2_REGION_FLAG_NONE, 0, 0, 0);
    }
    uint64_t *locations = malloc(sizeof(uint64_t) * n);
    uint64_t *ranks = malloc(sizeof(uint64_t) * n);
    for (int r = 0; r < n; r++) locations[r] = ranks[r] = (uint64_t)r;
    OTF2_GlobalDefWriter_WriteGroup(g, 0, 0, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                    n, locations);
    OTF2_GlobalDefWriter_WriteGroup(g, 1, 0, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                    n, ranks);
    OTF2_GlobalDefWriter_WriteComm(g, 0, 3, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
    OTF2_Archive_CloseGlobalDefWriter(archive, g);
    if (OTF2_Archive_Close(archive) != OTF2_SUCCESS) die("OTF2_Archive_Close");

    uint64_t total = 0;
    for (int r = 0; r < n; r++) total += counts[r];
    printf("%" PRIu64 "\n", total);
    fprintf(stderr, "make-otf2-trace: %d ranks (%dx%dx%d), %ld iterations, %s: %" PRIu64
            " events, %.0f bytes in %.0f messages\n", n, dims[0], dims[1], dims[2], iterations, pattern, total,
            totalBytes, totalMessages);
    return 0;
}
