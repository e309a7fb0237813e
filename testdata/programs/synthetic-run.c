/*
 * synthetic-run: writes one small, fully known MPI run as
 *   OUT/otf1-plain/synth.otf   OTF 1 short format, uncompressed   (libotf 1.12.5 writer)
 *   OUT/otf1-z/synth.otf       OTF 1 short format, zlib-compressed (.z files)
 *   OUT/otf1-long/synth.otf    OTF 1 long format ("ENTER 3"), uncompressed
 *   OUT/otf2/synth.otf2        OTF2                              (libotf2 writer)
 * The same events go to every copy, so igtrace must build the same graph from each.
 *
 * The run (timer resolution 1 MHz, times in microseconds), 4 MPI ranks r = 0..3:
 *   0 Enter main ... 1000 Leave main
 *   10-20 MPI_Init, 100-(150+10r) compute
 *   3 iterations k, base = 200 + 100k:
 *     base .. base+10         MPI_Send of 1000*(r+1) bytes to (r+1)%4, tag k
 *     base+20 .. base+25+5r   MPI_Recv of the matching message from (r+3)%4
 *   rank 0: 3 x MPI_Isend (520, 540, 560, 4 us each) of 64 bytes to rank 2, tag 7; MPI_Wait 580-590
 *   rank 2: 3 x MPI_Recv (600+10j .. 605+10j) of those 64 bytes
 *   700 .. 710+r MPI_Allreduce (8 bytes sent and received)
 *   800 .. 820   MPI_Bcast, root rank 1, 256 bytes
 *   900 .. 950   MPI_Finalize
 * plus a second CPU thread of rank 1 ("worker" 50-850) and a GPU stream of rank 0
 * ("kernel" 100-400), which igtrace must fold in and leave out respectively.
 *
 * Build: gcc -O1 -o synthetic-run synthetic-run.c -I/usr/include/open-trace-format \
 *            -lopen-trace-format -lotf2
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <otf.h>
#include <otf2/otf2.h>

enum { RANKS = 4, THREAD_LOC = 4, GPU_LOC = 5, LOCATIONS = 6 };
enum { R_MAIN, R_INIT, R_FINALIZE, R_SEND, R_RECV, R_ISEND, R_WAIT, R_ALLREDUCE, R_BCAST, R_COMPUTE,
       R_WORKER, R_KERNEL, REGIONS };
static const char *region_names[REGIONS] = {"main", "MPI_Init", "MPI_Finalize", "MPI_Send", "MPI_Recv",
    "MPI_Isend", "MPI_Wait", "MPI_Allreduce", "MPI_Bcast", "compute", "worker", "kernel"};
static int is_mpi(int region) { return region >= R_INIT && region <= R_BCAST; }

enum Kind { ENTER, LEAVE, SEND, ISEND, ISEND_DONE, RECV, COLL_BEGIN, COLL_END };
typedef struct {
    int location, seq;
    uint64_t time;
    enum Kind kind;
    int region;          /* ENTER, LEAVE */
    int partner, tag;    /* messages: world rank */
    uint64_t bytes, request;
    int op, root;        /* collectives: op is R_ALLREDUCE or R_BCAST, root a world rank or -1 */
    uint64_t sent, received;
} Event;

static Event events[1000];
static int n_events;

static Event *add(int location, uint64_t time, enum Kind kind) {
    Event *e = &events[n_events];
    memset(e, 0, sizeof *e);
    e->location = location;
    e->seq = n_events++;
    e->time = time;
    e->kind = kind;
    return e;
}
static void enter(int l, uint64_t t, int region) { add(l, t, ENTER)->region = region; }
static void leave(int l, uint64_t t, int region) { add(l, t, LEAVE)->region = region; }
static void message(int l, uint64_t t, enum Kind kind, int partner, int tag, uint64_t bytes, uint64_t request) {
    Event *e = add(l, t, kind);
    e->partner = partner; e->tag = tag; e->bytes = bytes; e->request = request;
}
static void collective(int l, uint64_t begin, uint64_t end, int op, int root, uint64_t sent, uint64_t received) {
    enter(l, begin, op);
    Event *b = add(l, begin, COLL_BEGIN);
    b->op = op;
    Event *e = add(l, end, COLL_END);
    e->op = op; e->root = root; e->sent = sent; e->received = received;
    leave(l, end, op);
}

static void make_run(void) {
    for (int r = 0; r < RANKS; r++) {
        enter(r, 0, R_MAIN);
        enter(r, 10, R_INIT); leave(r, 20, R_INIT);
        enter(r, 100, R_COMPUTE); leave(r, 150 + 10 * r, R_COMPUTE);
        for (int k = 0; k < 3; k++) {
            uint64_t base = 200 + 100 * k;
            int to = (r + 1) % RANKS, from = (r + RANKS - 1) % RANKS;
            enter(r, base, R_SEND); message(r, base, SEND, to, k, 1000 * (r + 1), 0); leave(r, base + 10, R_SEND);
            enter(r, base + 20, R_RECV);
            message(r, base + 25 + 5 * r, RECV, from, k, 1000 * (from + 1), 0);
            leave(r, base + 25 + 5 * r, R_RECV);
        }
        if (r == 0) {
            for (int j = 0; j < 3; j++) {
                uint64_t t = 520 + 20 * j;
                enter(r, t, R_ISEND); message(r, t, ISEND, 2, 7, 64, j + 1); leave(r, t + 4, R_ISEND);
            }
            enter(r, 580, R_WAIT);
            for (int j = 0; j < 3; j++) message(r, 590, ISEND_DONE, 2, 7, 64, j + 1);
            leave(r, 590, R_WAIT);
        }
        if (r == 2) {
            for (int j = 0; j < 3; j++) {
                enter(r, 600 + 10 * j, R_RECV);
                message(r, 605 + 10 * j, RECV, 0, 7, 64, 0);
                leave(r, 605 + 10 * j, R_RECV);
            }
        }
        collective(r, 700, 710 + r, R_ALLREDUCE, -1, 8, 8);
        collective(r, 800, 820, R_BCAST, 1, r == 1 ? 256 : 0, 256);
        enter(r, 900, R_FINALIZE); leave(r, 950, R_FINALIZE);
        leave(r, 1000, R_MAIN);
    }
    enter(THREAD_LOC, 50, R_WORKER); leave(THREAD_LOC, 850, R_WORKER);
    enter(GPU_LOC, 100, R_KERNEL); leave(GPU_LOC, 400, R_KERNEL);
}

static int by_location_time(const void *a, const void *b) {
    const Event *x = a, *y = b;
    if (x->location != y->location) return x->location - y->location;
    if (x->time != y->time) return x->time < y->time ? -1 : 1;
    return x->seq - y->seq;
}

static void die(const char *what) { fprintf(stderr, "synthetic-run: %s failed\n", what); exit(1); }

/* ---------------- OTF 1 ---------------- */
/* VampirTrace's ids: rank r is process r+1; thread t of rank r is (t << 20) + r + 1. */
static uint32_t otf1_process(int location) {
    if (location < RANKS) return location + 1;
    if (location == THREAD_LOC) return (1u << 20) + 1 + 1;
    return (2u << 20) + 0 + 1; /* the GPU stream, parent rank 0 */
}
enum { WORLD = 1000000005, GPU_GROUP = 1000000003, HOST_GROUP = 1000000001, FG_APP = 1, FG_MPI = 3, FG_CUDA = 7, CO_ALLREDUCE = 3, CO_BCAST = 7 };

static void write_otf1(const char *dir, int compressed, int long_format) {
    mkdir(dir, 0755);
    char prefix[4096];
    snprintf(prefix, sizeof prefix, "%s/synth", dir);
    OTF_FileManager *manager = OTF_FileManager_open(16);
    OTF_Writer *w = OTF_Writer_open(prefix, 0, manager);
    if (!w) die("OTF_Writer_open");
    OTF_Writer_setCompression(w, compressed ? OTF_FILECOMPRESSION_COMPRESSED : OTF_FILECOMPRESSION_UNCOMPRESSED);
    if (long_format) OTF_Writer_setFormat(w, OTF_WSTREAM_FORMAT_LONG);

    OTF_Writer_writeDefTimerResolution(w, 0, 1000000);
    for (int r = 0; r < RANKS; r++) {
        char name[32];
        snprintf(name, sizeof name, "Process %d", r);
        OTF_Writer_writeDefProcess(w, 0, otf1_process(r), name, 0);
    }
    OTF_Writer_writeDefProcess(w, 0, otf1_process(THREAD_LOC), "Process 1 thread 1", otf1_process(1));
    OTF_Writer_writeDefProcess(w, 0, otf1_process(GPU_LOC), "CUDA[0:1] 0:1", otf1_process(0));
    uint32_t world[RANKS] = {1, 2, 3, 4}, gpu[1] = {otf1_process(GPU_LOC)};
    OTF_Writer_writeDefProcessGroup(w, 0, WORLD, "MPI_COMM_WORLD", RANKS, world);
    OTF_Writer_writeDefProcessGroup(w, 0, GPU_GROUP, "GPU_GROUP", 1, gpu);
    /* VampirTrace's per-host group (the OTF2 copy's system tree node has the same name) */
    uint32_t host[RANKS + 2] = {1, 2, 3, 4, otf1_process(THREAD_LOC), otf1_process(GPU_LOC)};
    OTF_Writer_writeDefProcessGroup(w, 0, HOST_GROUP, "machine", RANKS + 2, host);
    OTF_ATTR_TYPE communicator[1] = {OTF_ATTR_IsCommunicator}, cuda[1] = {OTF_ATTR_IsCUDAThread};
    OTF_Writer_writeDefAttributeList(w, 0, 1, 1, communicator);
    OTF_Writer_writeDefAttributeList(w, 0, 2, 1, cuda);
    OTF_Writer_writeDefProcessOrGroupAttributes(w, 0, WORLD, 1);
    OTF_Writer_writeDefProcessOrGroupAttributes(w, 0, GPU_GROUP, 2);
    OTF_Writer_writeDefFunctionGroup(w, 0, FG_APP, "Application");
    OTF_Writer_writeDefFunctionGroup(w, 0, FG_MPI, "MPI");
    OTF_Writer_writeDefFunctionGroup(w, 0, FG_CUDA, "CUDA_KERNEL");
    for (int f = 0; f < REGIONS; f++) /* function tokens 0x10.. so they are not the region indices */
        OTF_Writer_writeDefFunction(w, 0, 0x10 + f, region_names[f],
                                    is_mpi(f) ? FG_MPI : f == R_KERNEL ? FG_CUDA : FG_APP, 0);
    OTF_Writer_writeDefCollectiveOperation(w, 0, CO_ALLREDUCE, "MPI_Allreduce", OTF_COLLECTIVE_TYPE_ALL2ALL);
    OTF_Writer_writeDefCollectiveOperation(w, 0, CO_BCAST, "MPI_Bcast", OTF_COLLECTIVE_TYPE_ONE2ALL);

    uint64_t handle[LOCATIONS] = {0};
    for (int i = 0; i < n_events; i++) {
        Event *e = &events[i];
        uint32_t p = otf1_process(e->location);
        int ok = 1;
        switch (e->kind) {
        case ENTER: ok = OTF_Writer_writeEnter(w, e->time, 0x10 + e->region, p, 0); break;
        case LEAVE: ok = OTF_Writer_writeLeave(w, e->time, 0, p, 0); break; /* VampirTrace writes a bare L */
        case SEND: case ISEND:
            ok = OTF_Writer_writeSendMsg(w, e->time, p, otf1_process(e->partner), WORLD, e->tag, e->bytes, 0); break;
        case RECV:
            ok = OTF_Writer_writeRecvMsg(w, e->time, p, otf1_process(e->partner), WORLD, e->tag, e->bytes, 0); break;
        case ISEND_DONE: break; /* OTF 1 has no completion record */
        case COLL_BEGIN: {
            /* the begin record carries the fields; find this instance's end for them */
            Event *end = e + 1;
            while (end->kind != COLL_END) end++;
            ok = OTF_Writer_writeBeginCollectiveOperation(w, e->time, p, e->op == R_ALLREDUCE ? CO_ALLREDUCE : CO_BCAST,
                    ++handle[e->location], WORLD, end->root < 0 ? 0 : otf1_process(end->root), end->sent, end->received, 0);
            break;
        }
        case COLL_END: ok = OTF_Writer_writeEndCollectiveOperation(w, e->time, p, handle[e->location]); break;
        }
        if (!ok) die("an OTF event write");
    }
    if (!OTF_Writer_close(w)) die("OTF_Writer_close");
    OTF_FileManager_close(manager);
}

/* ---------------- OTF2 ---------------- */
static OTF2_FlushType pre_flush(void *data, OTF2_FileType type, OTF2_LocationRef location, void *callerData, bool final) {
    (void)data; (void)type; (void)location; (void)callerData; (void)final;
    return OTF2_FLUSH;
}
static OTF2_TimeStamp post_flush(void *data, OTF2_FileType type, OTF2_LocationRef location) {
    (void)data; (void)type; (void)location;
    return 0;
}
static OTF2_FlushCallbacks flush_callbacks = {.otf2_pre_flush = pre_flush, .otf2_post_flush = post_flush};

static void write_otf2(const char *dir) {
    OTF2_Archive *archive = OTF2_Archive_Open(dir, "synth", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                                              OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    if (!archive) die("OTF2_Archive_Open");
    OTF2_Archive_SetFlushCallbacks(archive, &flush_callbacks, NULL);
    OTF2_Archive_SetSerialCollectiveCallbacks(archive);
    OTF2_Archive_OpenEvtFiles(archive);
    uint64_t counts[LOCATIONS] = {0};
    for (int i = 0; i < n_events; i++) {
        Event *e = &events[i];
        OTF2_EvtWriter *w = OTF2_Archive_GetEvtWriter(archive, e->location);
        OTF2_ErrorCode rc = OTF2_SUCCESS;
        switch (e->kind) {
        case ENTER: rc = OTF2_EvtWriter_Enter(w, NULL, e->time, e->region); break;
        case LEAVE: rc = OTF2_EvtWriter_Leave(w, NULL, e->time, e->region); break;
        case SEND: rc = OTF2_EvtWriter_MpiSend(w, NULL, e->time, e->partner, 0, e->tag, e->bytes); break;
        case ISEND: rc = OTF2_EvtWriter_MpiIsend(w, NULL, e->time, e->partner, 0, e->tag, e->bytes, e->request); break;
        case ISEND_DONE: rc = OTF2_EvtWriter_MpiIsendComplete(w, NULL, e->time, e->request); break;
        case RECV: rc = OTF2_EvtWriter_MpiRecv(w, NULL, e->time, e->partner, 0, e->tag, e->bytes); break;
        case COLL_BEGIN: rc = OTF2_EvtWriter_MpiCollectiveBegin(w, NULL, e->time); break;
        case COLL_END:
            rc = OTF2_EvtWriter_MpiCollectiveEnd(w, NULL, e->time,
                    e->op == R_ALLREDUCE ? OTF2_COLLECTIVE_OP_ALLREDUCE : OTF2_COLLECTIVE_OP_BCAST, 0,
                    e->root < 0 ? OTF2_UNDEFINED_UINT32 : (uint32_t)e->root, e->sent, e->received);
            break;
        }
        if (rc != OTF2_SUCCESS) die("an OTF2 event write");
        counts[e->location]++;
    }
    for (int l = 0; l < LOCATIONS; l++) OTF2_Archive_CloseEvtWriter(archive, OTF2_Archive_GetEvtWriter(archive, l));
    OTF2_Archive_CloseEvtFiles(archive);

    OTF2_Archive_OpenDefFiles(archive);
    for (int l = 0; l < LOCATIONS; l++) OTF2_Archive_CloseDefWriter(archive, OTF2_Archive_GetDefWriter(archive, l));
    OTF2_Archive_CloseDefFiles(archive);

    OTF2_GlobalDefWriter *g = OTF2_Archive_GetGlobalDefWriter(archive);
    OTF2_GlobalDefWriter_WriteClockProperties(g, 1000000, 0, 1001, OTF2_UNDEFINED_TIMESTAMP);
    uint32_t s = 0;
    OTF2_GlobalDefWriter_WriteString(g, s++, "");                 /* 0 */
    OTF2_GlobalDefWriter_WriteString(g, s++, "machine");          /* 1 */
    OTF2_GlobalDefWriter_WriteString(g, s++, "node");             /* 2 */
    OTF2_GlobalDefWriter_WriteString(g, s++, "MPI_COMM_WORLD");   /* 3 */
    OTF2_GlobalDefWriter_WriteString(g, s++, "MPI");              /* 4 */
    uint32_t first_region_string = s;
    for (int f = 0; f < REGIONS; f++) OTF2_GlobalDefWriter_WriteString(g, s++, region_names[f]);
    uint32_t first_name_string = s;
    for (int r = 0; r < RANKS; r++) {
        char name[32];
        snprintf(name, sizeof name, "Process %d", r);
        OTF2_GlobalDefWriter_WriteString(g, s++, name);
    }
    uint32_t thread_string = s++, gpu_string = s++;
    OTF2_GlobalDefWriter_WriteString(g, thread_string, "Process 1 thread 1");
    OTF2_GlobalDefWriter_WriteString(g, gpu_string, "CUDA[0:1] 0:1");

    OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, 1, 2, OTF2_UNDEFINED_SYSTEM_TREE_NODE);
    for (int r = 0; r < RANKS; r++)
        OTF2_GlobalDefWriter_WriteLocationGroup(g, r, first_name_string + r, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                                OTF2_UNDEFINED_LOCATION_GROUP);
    for (int r = 0; r < RANKS; r++)
        OTF2_GlobalDefWriter_WriteLocation(g, r, first_name_string + r, OTF2_LOCATION_TYPE_CPU_THREAD, counts[r], r);
    OTF2_GlobalDefWriter_WriteLocation(g, THREAD_LOC, thread_string, OTF2_LOCATION_TYPE_CPU_THREAD, counts[THREAD_LOC], 1);
    OTF2_GlobalDefWriter_WriteLocation(g, GPU_LOC, gpu_string, OTF2_LOCATION_TYPE_ACCELERATOR_STREAM, counts[GPU_LOC], 0);
    for (int f = 0; f < REGIONS; f++)
        OTF2_GlobalDefWriter_WriteRegion(g, f, first_region_string + f, first_region_string + f, 0,
                                         f == R_MAIN || f == R_COMPUTE || f == R_WORKER || f == R_KERNEL
                                             ? OTF2_REGION_ROLE_FUNCTION : OTF2_REGION_ROLE_POINT2POINT,
                                         is_mpi(f) ? OTF2_PARADIGM_MPI : OTF2_PARADIGM_USER,
                                         OTF2_REGION_FLAG_NONE, 0, 0, 0);
    uint64_t locations[RANKS] = {0, 1, 2, 3}, ranks[RANKS] = {0, 1, 2, 3};
    OTF2_GlobalDefWriter_WriteGroup(g, 0, 0, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                    OTF2_GROUP_FLAG_NONE, RANKS, locations);
    OTF2_GlobalDefWriter_WriteGroup(g, 1, 0, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                    OTF2_GROUP_FLAG_NONE, RANKS, ranks);
    OTF2_GlobalDefWriter_WriteComm(g, 0, 3, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
    OTF2_Archive_CloseGlobalDefWriter(archive, g);
    if (OTF2_Archive_Close(archive) != OTF2_SUCCESS) die("OTF2_Archive_Close");
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: synthetic-run OUTDIR\n");
        return 2;
    }
    make_run();
    qsort(events, n_events, sizeof events[0], by_location_time);
    mkdir(argv[1], 0755);
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/otf1-plain", argv[1]); write_otf1(dir, 0, 0);
    snprintf(dir, sizeof dir, "%s/otf1-z", argv[1]); write_otf1(dir, 1, 0);
    snprintf(dir, sizeof dir, "%s/otf1-long", argv[1]); write_otf1(dir, 0, 1);
    snprintf(dir, sizeof dir, "%s/otf2", argv[1]); write_otf2(dir);
    return 0;
}
