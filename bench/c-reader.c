/*
 * The C baseline of the OTF2 benchmark: reads an OTF2 archive with libotf2's per-location event
 * readers and does the accumulation igtrace does, in the cheapest way C allows: per location the
 * first and last region timestamps and the time inside MPI regions (outermost call), per sender x
 * receiver pair the bytes and messages sent and received (dense arrays, communicator ranks
 * translated to world ranks through the communicator's group).
 *
 *   c-reader ANCHOR [THREADS] [noop]
 *
 * With "noop" the callbacks do nothing: what libotf2 alone costs to decode the events.
 * THREADS readers (default 1), each its own OTF2_Reader over every THREADS-th location, merged at
 * the end. Prints one line: events, sent bytes, sent messages, received bytes, received messages,
 * and the sum over locations of T and Tcomm in ticks, so a run can be checked against igtrace's.
 */
#include <otf2/otf2.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>

#define MAX_IDS 65536

static const char *anchor;
static int nLocations;
static uint64_t locations[MAX_IDS];
static int nRanks;
static uint8_t regionIsMpi[MAX_IDS];
static uint64_t *groupMembers[MAX_IDS];
static uint32_t groupSize[MAX_IDS];
static uint32_t commGroup[MAX_IDS];

static OTF2_CallbackCode def_location(void *u, OTF2_LocationRef self, OTF2_StringRef name, OTF2_LocationType type,
                                      uint64_t events, OTF2_LocationGroupRef group) {
    (void)u; (void)name; (void)events; (void)group;
    if (type == OTF2_LOCATION_TYPE_CPU_THREAD && nLocations < MAX_IDS) locations[nLocations++] = self;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_region(void *u, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef canonical,
                                    OTF2_StringRef description, OTF2_RegionRole role, OTF2_Paradigm paradigm,
                                    OTF2_RegionFlag flags, OTF2_StringRef file, uint32_t begin, uint32_t end) {
    (void)u; (void)name; (void)canonical; (void)description; (void)role; (void)flags; (void)file; (void)begin; (void)end;
    if (self < MAX_IDS) regionIsMpi[self] = paradigm == OTF2_PARADIGM_MPI;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_group(void *u, OTF2_GroupRef self, OTF2_StringRef name, OTF2_GroupType type,
                                   OTF2_Paradigm paradigm, OTF2_GroupFlag flags, uint32_t n, const uint64_t *members) {
    (void)u; (void)name; (void)paradigm; (void)flags;
    if (self >= MAX_IDS) return OTF2_CALLBACK_SUCCESS;
    if (type == OTF2_GROUP_TYPE_COMM_LOCATIONS && (int)n > nRanks) nRanks = (int)n;
    groupMembers[self] = malloc(sizeof(uint64_t) * (n ? n : 1));
    memcpy(groupMembers[self], members, sizeof(uint64_t) * n);
    groupSize[self] = n;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_comm(void *u, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group,
                                  OTF2_CommRef parent, OTF2_CommFlag flags) {
    (void)u; (void)name; (void)parent; (void)flags;
    if (self < MAX_IDS) commGroup[self] = group;
    return OTF2_CALLBACK_SUCCESS;
}

typedef struct {
    int index;                 /* thread number */
    int threads;
    uint64_t events;
    double *sentBytes, *receivedBytes;   /* nRanks x nRanks */
    uint64_t *sentCount, *receivedCount;
    /* the location being read */
    uint64_t rank;
    uint64_t first, last;
    int depth;
    uint64_t enterTime, commTicks, spanTicks;
} Worker;

static inline uint64_t world(uint32_t comm, uint32_t rank) {
    uint32_t g = comm < MAX_IDS ? commGroup[comm] : 0;
    return rank < groupSize[g] ? groupMembers[g][rank] : UINT64_MAX;
}

static inline void region_time(Worker *w, OTF2_TimeStamp t) {
    if (t < w->first) w->first = t;
    if (t > w->last) w->last = t;
}

static OTF2_CallbackCode ev_enter(OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t p, void *u, OTF2_AttributeList *a,
                                  OTF2_RegionRef region) {
    (void)l; (void)p; (void)a;
    Worker *w = u;
    region_time(w, t);
    if (region < MAX_IDS && regionIsMpi[region] && w->depth++ == 0) w->enterTime = t;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode ev_leave(OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t p, void *u, OTF2_AttributeList *a,
                                  OTF2_RegionRef region) {
    (void)l; (void)p; (void)a;
    Worker *w = u;
    region_time(w, t);
    if (region < MAX_IDS && regionIsMpi[region] && w->depth > 0 && --w->depth == 0) w->commTicks += t - w->enterTime;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode ev_send(OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t p, void *u, OTF2_AttributeList *a,
                                 uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t length) {
    (void)l; (void)t; (void)p; (void)a; (void)tag;
    Worker *w = u;
    uint64_t to = world(comm, receiver);
    if (to < (uint64_t)nRanks) {
        w->sentBytes[w->rank * nRanks + to] += (double)length;
        w->sentCount[w->rank * nRanks + to]++;
    }
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode ev_recv(OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t p, void *u, OTF2_AttributeList *a,
                                 uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t length) {
    (void)l; (void)t; (void)p; (void)a; (void)tag;
    Worker *w = u;
    uint64_t from = world(comm, sender);
    if (from < (uint64_t)nRanks) {
        w->receivedBytes[from * nRanks + w->rank] += (double)length;
        w->receivedCount[from * nRanks + w->rank]++;
    }
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode ev_collective_end(OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t p, void *u,
                                           OTF2_AttributeList *a, OTF2_CollectiveOp op, OTF2_CommRef comm,
                                           uint32_t root, uint64_t sent, uint64_t received) {
    (void)l; (void)t; (void)p; (void)u; (void)a; (void)op; (void)comm; (void)root; (void)sent; (void)received;
    return OTF2_CALLBACK_SUCCESS;
}

static int noop;

static OTF2_CallbackCode ev_nothing_region(OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t p, void *u,
                                           OTF2_AttributeList *a, OTF2_RegionRef region) {
    (void)l; (void)t; (void)p; (void)u; (void)a; (void)region;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode ev_nothing_message(OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t p, void *u,
                                            OTF2_AttributeList *a, uint32_t partner, OTF2_CommRef comm, uint32_t tag,
                                            uint64_t length) {
    (void)l; (void)t; (void)p; (void)u; (void)a; (void)partner; (void)comm; (void)tag; (void)length;
    return OTF2_CALLBACK_SUCCESS;
}

static void *work(void *arg) {
    Worker *w = arg;
    OTF2_Reader *reader = OTF2_Reader_Open(anchor);
    if (!reader) { fprintf(stderr, "c-reader: cannot open %s\n", anchor); exit(1); }
    OTF2_Reader_SetSerialCollectiveCallbacks(reader);
    for (int i = w->index; i < nLocations; i += w->threads) OTF2_Reader_SelectLocation(reader, locations[i]);
    int defFiles = OTF2_Reader_OpenDefFiles(reader) == OTF2_SUCCESS;
    OTF2_Reader_OpenEvtFiles(reader);
    OTF2_EvtReaderCallbacks *cbs = OTF2_EvtReaderCallbacks_New();
    OTF2_EvtReaderCallbacks_SetEnterCallback(cbs, noop ? ev_nothing_region : ev_enter);
    OTF2_EvtReaderCallbacks_SetLeaveCallback(cbs, noop ? ev_nothing_region : ev_leave);
    OTF2_EvtReaderCallbacks_SetMpiSendCallback(cbs, noop ? ev_nothing_message : ev_send);
    OTF2_EvtReaderCallbacks_SetMpiRecvCallback(cbs, noop ? ev_nothing_message : ev_recv);
    OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback(cbs, ev_collective_end);
    for (int i = w->index; i < nLocations; i += w->threads) {
        if (defFiles) {
            OTF2_DefReader *d = OTF2_Reader_GetDefReader(reader, locations[i]);
            if (d) {
                uint64_t n;
                OTF2_Reader_ReadAllLocalDefinitions(reader, d, &n);
                OTF2_Reader_CloseDefReader(reader, d);
            }
        }
        OTF2_EvtReader *e = OTF2_Reader_GetEvtReader(reader, locations[i]);
        OTF2_Reader_RegisterEvtCallbacks(reader, e, cbs, w);
        w->rank = (uint64_t)i; /* the generator's locations are ranks in order */
        w->first = UINT64_MAX; w->last = 0; w->depth = 0;
        uint64_t n = 0;
        if (OTF2_Reader_ReadAllLocalEvents(reader, e, &n) != OTF2_SUCCESS) {
            fprintf(stderr, "c-reader: reading location %" PRIu64 " failed\n", locations[i]);
            exit(1);
        }
        w->events += n;
        if (w->last >= w->first) w->spanTicks += w->last - w->first;
        OTF2_Reader_CloseEvtReader(reader, e);
    }
    OTF2_EvtReaderCallbacks_Delete(cbs);
    if (defFiles) OTF2_Reader_CloseDefFiles(reader);
    OTF2_Reader_CloseEvtFiles(reader);
    OTF2_Reader_Close(reader);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: c-reader ANCHOR [THREADS]\n"); return 2; }
    anchor = argv[1];
    int threads = argc > 2 ? atoi(argv[2]) : 1;
    noop = argc > 3 && strcmp(argv[3], "noop") == 0;
    if (threads < 1) threads = 1;
    OTF2_Reader *reader = OTF2_Reader_Open(anchor);
    if (!reader) { fprintf(stderr, "c-reader: cannot open %s\n", anchor); return 1; }
    OTF2_GlobalDefReader *g = OTF2_Reader_GetGlobalDefReader(reader);
    OTF2_GlobalDefReaderCallbacks *gcbs = OTF2_GlobalDefReaderCallbacks_New();
    OTF2_GlobalDefReaderCallbacks_SetLocationCallback(gcbs, def_location);
    OTF2_GlobalDefReaderCallbacks_SetRegionCallback(gcbs, def_region);
    OTF2_GlobalDefReaderCallbacks_SetGroupCallback(gcbs, def_group);
    OTF2_GlobalDefReaderCallbacks_SetCommCallback(gcbs, def_comm);
    OTF2_Reader_RegisterGlobalDefCallbacks(reader, g, gcbs, NULL);
    uint64_t defs;
    OTF2_Reader_ReadAllGlobalDefinitions(reader, g, &defs);
    OTF2_GlobalDefReaderCallbacks_Delete(gcbs);
    OTF2_Reader_CloseGlobalDefReader(reader, g);
    OTF2_Reader_Close(reader);
    if (nRanks == 0) nRanks = nLocations;

    Worker *workers = calloc(threads, sizeof(Worker));
    pthread_t *ids = calloc(threads, sizeof(pthread_t));
    size_t cells = (size_t)nRanks * nRanks;
    for (int t = 0; t < threads; t++) {
        workers[t].index = t;
        workers[t].threads = threads;
        workers[t].sentBytes = calloc(cells, sizeof(double));
        workers[t].receivedBytes = calloc(cells, sizeof(double));
        workers[t].sentCount = calloc(cells, sizeof(uint64_t));
        workers[t].receivedCount = calloc(cells, sizeof(uint64_t));
        pthread_create(&ids[t], NULL, work, &workers[t]);
    }
    uint64_t events = 0, sentMessages = 0, receivedMessages = 0, span = 0, comm = 0;
    double sentBytes = 0, receivedBytes = 0;
    for (int t = 0; t < threads; t++) {
        pthread_join(ids[t], NULL);
        Worker *w = &workers[t];
        events += w->events; span += w->spanTicks; comm += w->commTicks;
        for (size_t c = 0; c < cells; c++) {
            sentBytes += w->sentBytes[c]; sentMessages += w->sentCount[c];
            receivedBytes += w->receivedBytes[c]; receivedMessages += w->receivedCount[c];
        }
    }
    printf("events=%" PRIu64 " sent_bytes=%.0f sent_messages=%" PRIu64 " received_bytes=%.0f received_messages=%" PRIu64
           " span_ticks=%" PRIu64 " comm_ticks=%" PRIu64 "\n",
           events, sentBytes, sentMessages, receivedBytes, receivedMessages, span, comm);
    return 0;
}
