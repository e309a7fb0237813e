/*
 * igtrace's batching shim over libotf2's event reader.
 *
 * A call from Java into native code costs little; a call from native code back into Java (one
 * JNA upcall per event) costs about 300 ns, ten times what libotf2 needs to decode the event.
 * So the event callbacks live here, in C: each appends a fixed-size record to a buffer that Java
 * owns, and pauses libotf2 (OTF2_CALLBACK_INTERRUPT) when the buffer is full. Java then makes one
 * downcall per buffer and decodes the records itself (nativelib.EventBatch).
 *
 * Record layout (40 bytes, native byte order), by kind:
 *   int32 kind | int32 a | int32 b | int32 c | int64 time | int64 x | int64 y
 *   ENTER, LEAVE         a = region
 *   CC_ENTER, CC_LEAVE   a = calling context (CallingContextEnter/Leave, as lo2s and Score-P with
 *                        unwinding record region events; registering them turns off libotf2's
 *                        own conversion to Enter/Leave, which needs the global definitions read
 *                        by the same reader, so each event is delivered exactly once)
 *   SEND, RECV           a = partner (rank in the communicator), b = communicator, c = tag, x = bytes
 *   ISEND, IRECV         as SEND, RECV, and y = request id
 *   ISEND_COMPLETE,
 *   IRECV_REQUEST        y = request id
 *   COLLECTIVE_BEGIN     (no fields)
 *   COLLECTIVE_END       a = communicator, b = root (-1: none), c = operation, x = bytes sent, y = received
 *   MEASUREMENT          a = 1: recording switched on, 0: off (MeasurementOnOff)
 *   THREAD_FORK          a = 1: fork (ThreadFork, a team about to begin), 0: join (ThreadJoin)
 * The kind numbers are repeated in EventBatch.java; change both together.
 */
#include <otf2/otf2.h>
#include <stdint.h>
#include <stdlib.h>

enum {
    IGT_ENTER = 1,
    IGT_LEAVE = 2,
    IGT_SEND = 3,
    IGT_RECV = 4,
    IGT_ISEND = 5,
    IGT_IRECV = 6,
    IGT_ISEND_COMPLETE = 7,
    IGT_IRECV_REQUEST = 8,
    IGT_COLLECTIVE_BEGIN = 9,
    IGT_COLLECTIVE_END = 10,
    IGT_CC_ENTER = 11,
    IGT_CC_LEAVE = 12,
    IGT_MEASUREMENT = 13,
    IGT_THREAD_FORK = 14
};

/* igt_batch_fill's answer for "buffer full, call again": no OTF2_ErrorCode has this value. */
#define IGT_FULL (-4096)

typedef struct {
    int32_t kind, a, b, c;
    int64_t time, x, y;
} igt_record;

typedef struct {
    igt_record *records; /* Java's buffer */
    int32_t capacity;
    int32_t count;
    uint64_t events;     /* every event libotf2 read, including kinds with no record */
} igt_batch;

_Static_assert(sizeof(igt_record) == 40, "the record layout EventBatch.java decodes");

static inline OTF2_CallbackCode append(igt_batch *b, int32_t kind, int32_t a, int32_t bb, int32_t c, OTF2_TimeStamp time,
                                       uint64_t x, uint64_t y) {
    igt_record *r = &b->records[b->count++];
    r->kind = kind;
    r->a = a;
    r->b = bb;
    r->c = c;
    r->time = (int64_t)time;
    r->x = (int64_t)x;
    r->y = (int64_t)y;
    return b->count == b->capacity ? OTF2_CALLBACK_INTERRUPT : OTF2_CALLBACK_SUCCESS;
}

/*
 * The callbacks of the same shape, each made by one macro: every callback's common parameters
 * (location, time, event position, the batch as user data, attributes), then its own.
 */
#define IGT_COMMON OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t p, void *u, OTF2_AttributeList *a
#define IGT_UNUSED (void)l; (void)p; (void)a

/* ENTER, LEAVE, CC_LEAVE: a = the region or calling context */
#define IGT_ON_REGION(name, kind, RefType)                                                             \
    static OTF2_CallbackCode name(IGT_COMMON, RefType ref) {                                           \
        IGT_UNUSED;                                                                                    \
        return append(u, kind, (int32_t)ref, 0, 0, t, 0, 0);                                           \
    }

IGT_ON_REGION(on_enter, IGT_ENTER, OTF2_RegionRef)
IGT_ON_REGION(on_leave, IGT_LEAVE, OTF2_RegionRef)
IGT_ON_REGION(on_cc_leave, IGT_CC_LEAVE, OTF2_CallingContextRef)

static OTF2_CallbackCode on_cc_enter(IGT_COMMON, OTF2_CallingContextRef context, uint32_t unwindDistance) {
    IGT_UNUSED;
    (void)unwindDistance;
    return append(u, IGT_CC_ENTER, (int32_t)context, 0, 0, t, 0, 0);
}

/* SEND, RECV: a = partner, b = communicator, c = tag, x = bytes */
#define IGT_ON_MESSAGE(name, kind)                                                                     \
    static OTF2_CallbackCode name(IGT_COMMON, uint32_t partner, OTF2_CommRef comm, uint32_t tag,        \
                                  uint64_t length) {                                                   \
        IGT_UNUSED;                                                                                    \
        return append(u, kind, (int32_t)partner, (int32_t)comm, (int32_t)tag, t, length, 0);           \
    }

IGT_ON_MESSAGE(on_send, IGT_SEND)
IGT_ON_MESSAGE(on_recv, IGT_RECV)

/* ISEND, IRECV: as SEND, RECV, and y = request id */
#define IGT_ON_REQUESTED_MESSAGE(name, kind)                                                           \
    static OTF2_CallbackCode name(IGT_COMMON, uint32_t partner, OTF2_CommRef comm, uint32_t tag,        \
                                  uint64_t length, uint64_t request) {                                 \
        IGT_UNUSED;                                                                                    \
        return append(u, kind, (int32_t)partner, (int32_t)comm, (int32_t)tag, t, length, request);     \
    }

IGT_ON_REQUESTED_MESSAGE(on_isend, IGT_ISEND)
IGT_ON_REQUESTED_MESSAGE(on_irecv, IGT_IRECV)

/* ISEND_COMPLETE, IRECV_REQUEST: y = request id */
#define IGT_ON_REQUEST(name, kind)                                                                     \
    static OTF2_CallbackCode name(IGT_COMMON, uint64_t request) {                                      \
        IGT_UNUSED;                                                                                    \
        return append(u, kind, 0, 0, 0, t, 0, request);                                                \
    }

IGT_ON_REQUEST(on_isend_complete, IGT_ISEND_COMPLETE)
IGT_ON_REQUEST(on_irecv_request, IGT_IRECV_REQUEST)

static OTF2_CallbackCode on_collective_begin(IGT_COMMON) {
    IGT_UNUSED;
    return append(u, IGT_COLLECTIVE_BEGIN, 0, 0, 0, t, 0, 0);
}

static OTF2_CallbackCode on_collective_end(IGT_COMMON, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root,
                                           uint64_t sent, uint64_t received) {
    IGT_UNUSED;
    return append(u, IGT_COLLECTIVE_END, (int32_t)comm, (int32_t)root, (int32_t)op, t, sent, received);
}

static OTF2_CallbackCode on_measurement(IGT_COMMON, OTF2_MeasurementMode mode) {
    IGT_UNUSED;
    return append(u, IGT_MEASUREMENT, mode == OTF2_MEASUREMENT_ON ? 1 : 0, 0, 0, t, 0, 0);
}

static OTF2_CallbackCode on_thread_fork(IGT_COMMON, OTF2_Paradigm model, uint32_t requested) {
    IGT_UNUSED;
    (void)model;
    (void)requested;
    return append(u, IGT_THREAD_FORK, 1, 0, 0, t, 0, 0);
}

static OTF2_CallbackCode on_thread_join(IGT_COMMON, OTF2_Paradigm model) {
    IGT_UNUSED;
    (void)model;
    return append(u, IGT_THREAD_FORK, 0, 0, 0, t, 0, 0);
}

/** A batch over Java's buffer of {@code capacity} records; free it with igt_batch_free. */
igt_batch *igt_batch_new(void *records, int32_t capacity) {
    if (capacity < 1) return NULL;
    igt_batch *b = calloc(1, sizeof(igt_batch));
    if (b) {
        b->records = records;
        b->capacity = capacity;
    }
    return b;
}

void igt_batch_free(igt_batch *b) {
    free(b);
}

/** Registers the batching callbacks on an event reader, with the batch as their user data. */
int32_t igt_batch_attach(OTF2_Reader *reader, OTF2_EvtReader *events, igt_batch *b) {
    OTF2_EvtReaderCallbacks *cbs = OTF2_EvtReaderCallbacks_New();
    if (!cbs) return OTF2_ERROR_MEM_ALLOC_FAILED;
    OTF2_EvtReaderCallbacks_SetEnterCallback(cbs, on_enter);
    OTF2_EvtReaderCallbacks_SetLeaveCallback(cbs, on_leave);
    OTF2_EvtReaderCallbacks_SetCallingContextEnterCallback(cbs, on_cc_enter);
    OTF2_EvtReaderCallbacks_SetCallingContextLeaveCallback(cbs, on_cc_leave);
    OTF2_EvtReaderCallbacks_SetMpiSendCallback(cbs, on_send);
    OTF2_EvtReaderCallbacks_SetMpiRecvCallback(cbs, on_recv);
    OTF2_EvtReaderCallbacks_SetMpiIsendCallback(cbs, on_isend);
    OTF2_EvtReaderCallbacks_SetMpiIrecvCallback(cbs, on_irecv);
    OTF2_EvtReaderCallbacks_SetMpiIsendCompleteCallback(cbs, on_isend_complete);
    OTF2_EvtReaderCallbacks_SetMpiIrecvRequestCallback(cbs, on_irecv_request);
    OTF2_EvtReaderCallbacks_SetMpiCollectiveBeginCallback(cbs, on_collective_begin);
    OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback(cbs, on_collective_end);
    OTF2_EvtReaderCallbacks_SetMeasurementOnOffCallback(cbs, on_measurement);
    OTF2_EvtReaderCallbacks_SetThreadForkCallback(cbs, on_thread_fork);
    OTF2_EvtReaderCallbacks_SetThreadJoinCallback(cbs, on_thread_join);
    OTF2_ErrorCode rc = OTF2_Reader_RegisterEvtCallbacks(reader, events, cbs, b);
    OTF2_EvtReaderCallbacks_Delete(cbs);
    return (int32_t)rc;
}

/**
 * Fills the batch with the location's next records. Returns IGT_FULL when the buffer is full
 * and more may follow, 0 when the location is done (the buffer may still hold records), or
 * libotf2's error code when reading failed. The record count is in the batch
 * (igt_batch_count), the events read so far in igt_batch_events.
 */
int32_t igt_batch_fill(OTF2_Reader *reader, OTF2_EvtReader *events, igt_batch *b) {
    b->count = 0;
    uint64_t read = 0;
    OTF2_ErrorCode rc = OTF2_Reader_ReadAllLocalEvents(reader, events, &read);
    b->events += read;
    if (rc == OTF2_ERROR_INTERRUPTED_BY_CALLBACK) return IGT_FULL;
    return rc == OTF2_SUCCESS ? 0 : (int32_t)rc;
}

int32_t igt_batch_count(const igt_batch *b) {
    return b->count;
}

int64_t igt_batch_events(const igt_batch *b) {
    return (int64_t)b->events;
}
