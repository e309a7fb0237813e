/*
 * igtrace's batching shim over libotf2's event reader.
 *
 * A call from Java into native code costs little; a call from native code back into Java (one
 * JNA upcall per event) costs about 300 ns, ten times what libotf2 needs to decode the event.
 * So the event callbacks live here, in C: each appends a record to a buffer that Java
 * owns, and pauses libotf2 (OTF2_CALLBACK_INTERRUPT) when the buffer is full. Java then makes one
 * downcall per buffer and decodes the records itself (nativelib.EventBatch).
 *
 * Records are of a few sizes (native byte order, each a multiple of 8 bytes), the first int32 the
 * kind, which tells the size:
 *   16 bytes  int32 kind | int32 a | int64 time
 *             ENTER, LEAVE         a = region
 *             CC_ENTER, CC_LEAVE   a = calling context (CallingContextEnter/Leave, as lo2s and Score-P
 *                                  with unwinding record region events; registering them turns off
 *                                  libotf2's own conversion to Enter/Leave, which needs the global
 *                                  definitions read by the same reader, so each event is delivered
 *                                  exactly once)
 *             MEASUREMENT          a = 1: recording switched on, 0: off (MeasurementOnOff)
 *             THREAD_FORK          a = 1: fork (ThreadFork, a team about to begin), 0: join (ThreadJoin)
 *   24 bytes  int32 kind | int32 0 | int64 time | int64 request
 *             ISEND_COMPLETE, IRECV_REQUEST
 *   32 bytes  int32 kind | int32 partner | int32 communicator | int32 tag | int64 time | int64 bytes
 *             SEND, RECV           partner: rank in the communicator
 *   40 bytes  as SEND, RECV | int64 request                            ISEND, IRECV
 *             int32 kind | int32 communicator | int32 root (-1: none) | int32 operation | int64 time |
 *             int64 bytes sent | int64 received                        COLLECTIVE_END,
 *                                                                      NONBLOCKING_COLLECTIVE_END (its Complete)
 *   56 bytes  SEND_CALL, RECV_CALL: an Enter, a MpiSend or MpiRecv and the Leave of the same region
 *             in a row within one fill (a blocking send or receive, the commonest run of events): the
 *             Enter's record with this kind, the SEND or RECV record after it as it was written, and
 *             the Leave's time: int32 kind | int32 region | int64 enter | (int32 SEND or RECV |
 *             int32 partner | int32 communicator | int32 tag | int64 time | int64 bytes) | int64 leave
 * CollectiveBegin makes no record (matching needs only the events that carry the envelope,
 * definitions section 8, and the calls around them), but keeps the events around it from being one
 * call record, as when it had one. The kind numbers and sizes are repeated in
 * EventBatch.java; change both together.
 */
#include <otf2/otf2.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
    IGT_ENTER = 1,
    IGT_LEAVE = 2,
    IGT_SEND = 3,
    IGT_RECV = 4,
    IGT_ISEND = 5,
    IGT_IRECV = 6,
    IGT_ISEND_COMPLETE = 7,
    IGT_IRECV_REQUEST = 8,
    IGT_SEND_CALL = 9,
    IGT_COLLECTIVE_END = 10,
    IGT_CC_ENTER = 11,
    IGT_CC_LEAVE = 12,
    IGT_MEASUREMENT = 13,
    IGT_THREAD_FORK = 14,
    IGT_RECV_CALL = 15,
    IGT_NONBLOCKING_COLLECTIVE_END = 16
};

/* igt_batch_fill's answer for "buffer full, call again": no OTF2_ErrorCode has this value. */
#define IGT_FULL (-4096)

/*
 * Kinds of events counted for a note (igt_batch_unread): igtrace does not analyse them (a non-blocking
 * collective's waiting), or not at all. Those read only to be counted make no record and leave a call
 * record's Enter, message and Leave as they are (libotf2 skipped them before they were counted).
 */
enum {
    IGT_UNREAD_NONBLOCKING_COLLECTIVES = 0, /* NonBlockingCollectiveComplete: MPI_Iallreduce and the like, done
                                               (a record too: their traffic is modelled, their waiting not) */
    IGT_UNREAD_ONE_SIDED = 1,               /* RmaPut, RmaGet, RmaAtomic: one-sided transfers */
    IGT_UNREAD_CANCELLED = 2,               /* MpiRequestCancelled: a request MPI_Cancel ended */
    IGT_UNREAD_UNKNOWN = 3,                 /* a record of a type libotf2 does not know (a newer OTF2's, or damage) */
    IGT_COLLECTIVE_BEGINS = 4,              /* MpiCollectiveBegin and MpiCollectiveEnd, counted so that a begin with no */
    IGT_COLLECTIVE_ENDS = 5,                /* end is found (EZTrace's MPI_Iallreduce writes a begin only) */
    IGT_UNREAD_KINDS = 6
};

/* The largest record: a buffer of capacity records has room for capacity of them. */
#define IGT_MAX_RECORD 56

typedef struct {
    int32_t kind, a;
    int64_t time;
} igt_short;

typedef struct {
    int32_t kind, zero;
    int64_t time, request;
} igt_request;

typedef struct {
    int32_t kind, partner, comm, tag;
    int64_t time, bytes, request; /* request: ISEND, IRECV only */
} igt_message;

typedef struct {
    int32_t kind, comm, root, op;
    int64_t time, sent, received;
} igt_collective;

_Static_assert(sizeof(igt_short) == 16 && sizeof(igt_request) == 24 && sizeof(igt_message) == 40
                   && sizeof(igt_collective) == 40 && sizeof(igt_short) + 32 + 8 == IGT_MAX_RECORD,
               "the record layout EventBatch.java decodes");

typedef struct {
    char *records;       /* Java's buffer, capacity * IGT_MAX_RECORD bytes */
    int32_t capacity;    /* records per fill */
    int32_t count;       /* records in this fill */
    int32_t end;         /* bytes in this fill */
    int32_t enter_at;    /* this fill's last record if an Enter, else -1 */
    int32_t message_at;  /* this fill's last record if a SEND or RECV right after that Enter, else -1 */
    uint64_t events;     /* every event libotf2 read, including kinds with no record */
    uint64_t unread[IGT_UNREAD_KINDS]; /* events of kinds igtrace does not analyse, counted for a note */
    uint64_t halves[2];  /* records whose time is below 2^63 ticks, and at or above it (igt_batch_times) */
} igt_batch;

/* Counts a record's time by half of OTF2's unsigned range: igtrace reads times as signed, so a location whose
   times cross 2^63 would read as going back by 2^64 ticks (igt_batch_times). */
static inline int64_t timed(igt_batch *b, OTF2_TimeStamp time) {
    b->halves[time >> 63]++;
    return (int64_t)time;
}

/* The next record's place; done() counts it. */
static inline void *next(igt_batch *b) {
    return b->records + b->end;
}

static inline OTF2_CallbackCode done(igt_batch *b, int32_t bytes) {
    b->end += bytes;
    return ++b->count == b->capacity ? OTF2_CALLBACK_INTERRUPT : OTF2_CALLBACK_SUCCESS;
}

static inline OTF2_CallbackCode append_short(igt_batch *b, int32_t kind, int32_t a, OTF2_TimeStamp time) {
    igt_short *r = next(b);
    r->kind = kind;
    r->a = a;
    r->time = timed(b, time);
    b->enter_at = -1;
    b->message_at = -1;
    return done(b, sizeof(igt_short));
}

/*
 * The callbacks of the same shape, each made by one macro: every callback's common parameters
 * (location, time, event position, the batch as user data, attributes), then its own.
 */
#define IGT_COMMON OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t p, void *u, OTF2_AttributeList *a
#define IGT_UNUSED (void)l; (void)p; (void)a

static OTF2_CallbackCode on_enter(IGT_COMMON, OTF2_RegionRef region) {
    IGT_UNUSED;
    igt_batch *b = u;
    int32_t at = b->end;
    OTF2_CallbackCode code = append_short(b, IGT_ENTER, (int32_t)region, t);
    b->enter_at = at;
    return code;
}

/*
 * A Leave: right after an Enter of its region and a SEND or RECV in this fill, the three become one
 * call record: the Enter's record (its kind changed) and the message's after it, then the Leave's
 * time. Else a LEAVE record.
 */
static OTF2_CallbackCode on_leave(IGT_COMMON, OTF2_RegionRef region) {
    IGT_UNUSED;
    igt_batch *b = u;
    if (b->message_at >= 0) {
        igt_short *enter = (igt_short *)(b->records + b->enter_at);
        if (enter->a == (int32_t)region) {
            const igt_message *message = (const igt_message *)(b->records + b->message_at);
            enter->kind = message->kind == IGT_SEND ? IGT_SEND_CALL : IGT_RECV_CALL;
            int64_t leave = timed(b, t);
            memcpy(b->records + b->end, &leave, sizeof leave);
            b->end += (int32_t)sizeof leave;
            b->count--; /* two records became one */
            b->enter_at = -1;
            b->message_at = -1;
            return OTF2_CALLBACK_SUCCESS;
        }
    }
    return append_short(b, IGT_LEAVE, (int32_t)region, t);
}

/* CC_LEAVE: a = the calling context */
static OTF2_CallbackCode on_cc_leave(IGT_COMMON, OTF2_CallingContextRef context) {
    IGT_UNUSED;
    return append_short(u, IGT_CC_LEAVE, (int32_t)context, t);
}

static OTF2_CallbackCode on_cc_enter(IGT_COMMON, OTF2_CallingContextRef context, uint32_t unwindDistance) {
    IGT_UNUSED;
    (void)unwindDistance;
    return append_short(u, IGT_CC_ENTER, (int32_t)context, t);
}

static inline OTF2_CallbackCode append_message(igt_batch *b, int32_t kind, uint32_t partner, OTF2_CommRef comm,
                                               uint32_t tag, OTF2_TimeStamp time, uint64_t length) {
    int32_t at = b->end;
    igt_message *r = next(b);
    r->kind = kind;
    r->partner = (int32_t)partner;
    r->comm = (int32_t)comm;
    r->tag = (int32_t)tag;
    r->time = timed(b, time);
    r->bytes = (int64_t)length;
    /* right after an Enter in this fill: a Leave of its region next makes them one call record */
    if (b->enter_at >= 0 && b->message_at < 0) {
        b->message_at = at;
    } else {
        b->enter_at = -1;
        b->message_at = -1;
    }
    return done(b, 32);
}

/* SEND, RECV */
static OTF2_CallbackCode on_send(IGT_COMMON, uint32_t partner, OTF2_CommRef comm, uint32_t tag, uint64_t length) {
    IGT_UNUSED;
    return append_message(u, IGT_SEND, partner, comm, tag, t, length);
}

static OTF2_CallbackCode on_recv(IGT_COMMON, uint32_t partner, OTF2_CommRef comm, uint32_t tag, uint64_t length) {
    IGT_UNUSED;
    return append_message(u, IGT_RECV, partner, comm, tag, t, length);
}

/* ISEND, IRECV: as SEND, RECV, and the request id */
#define IGT_ON_REQUESTED_MESSAGE(name, KIND)                                                           \
    static OTF2_CallbackCode name(IGT_COMMON, uint32_t partner, OTF2_CommRef comm, uint32_t tag,        \
                                  uint64_t length, uint64_t request) {                                 \
        IGT_UNUSED;                                                                                    \
        igt_batch *b = u;                                                                              \
        igt_message *r = next(b);                                                                      \
        r->kind = KIND;                                                                                \
        r->partner = (int32_t)partner;                                                                 \
        r->comm = (int32_t)comm;                                                                       \
        r->tag = (int32_t)tag;                                                                         \
        r->time = timed(b, t);                                                                         \
        r->bytes = (int64_t)length;                                                                    \
        r->request = (int64_t)request;                                                                 \
        b->enter_at = -1;                                                                              \
        b->message_at = -1;                                                                            \
        return done(b, sizeof(igt_message));                                                           \
    }

IGT_ON_REQUESTED_MESSAGE(on_isend, IGT_ISEND)
IGT_ON_REQUESTED_MESSAGE(on_irecv, IGT_IRECV)

/* ISEND_COMPLETE, IRECV_REQUEST: the request id */
#define IGT_ON_REQUEST(name, KIND)                                                                     \
    static OTF2_CallbackCode name(IGT_COMMON, uint64_t request) {                                      \
        IGT_UNUSED;                                                                                    \
        igt_batch *b = u;                                                                              \
        igt_request *r = next(b);                                                                      \
        r->kind = KIND;                                                                                \
        r->zero = 0;                                                                                   \
        r->time = timed(b, t);                                                                         \
        r->request = (int64_t)request;                                                                 \
        b->enter_at = -1;                                                                              \
        b->message_at = -1;                                                                            \
        return done(b, sizeof(igt_request));                                                           \
    }

IGT_ON_REQUEST(on_isend_complete, IGT_ISEND_COMPLETE)
IGT_ON_REQUEST(on_irecv_request, IGT_IRECV_REQUEST)

/* A CollectiveBegin makes no record, but an Enter, a message and a Leave around it are not one call. */
static OTF2_CallbackCode on_collective_begin(IGT_COMMON) {
    IGT_UNUSED;
    igt_batch *b = u;
    (void)t;
    b->unread[IGT_COLLECTIVE_BEGINS]++;
    b->enter_at = -1;
    b->message_at = -1;
    return OTF2_CALLBACK_SUCCESS;
}

static inline OTF2_CallbackCode append_collective(igt_batch *b, int32_t kind, OTF2_TimeStamp t, OTF2_CollectiveOp op,
                                                  OTF2_CommRef comm, uint32_t root, uint64_t sent, uint64_t received) {
    igt_collective *r = next(b);
    r->kind = kind;
    r->comm = (int32_t)comm;
    r->root = (int32_t)root;
    r->op = (int32_t)op;
    r->time = timed(b, t);
    r->sent = (int64_t)sent;
    r->received = (int64_t)received;
    b->enter_at = -1;
    b->message_at = -1;
    return done(b, sizeof(igt_collective));
}

static OTF2_CallbackCode on_collective_end(IGT_COMMON, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root,
                                           uint64_t sent, uint64_t received) {
    IGT_UNUSED;
    ((igt_batch *)u)->unread[IGT_COLLECTIVE_ENDS]++;
    return append_collective(u, IGT_COLLECTIVE_END, t, op, comm, root, sent, received);
}

static inline OTF2_CallbackCode unread(igt_batch *b, int kind) {
    b->unread[kind]++;
    return OTF2_CALLBACK_SUCCESS;
}

/* A non-blocking collective's Complete: a record (its modelled traffic), and counted (its waiting is not analysed). */
static OTF2_CallbackCode on_nonblocking_collective(IGT_COMMON, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root,
                                                   uint64_t sent, uint64_t received, uint64_t request) {
    IGT_UNUSED;
    (void)request;
    igt_batch *b = u;
    b->unread[IGT_UNREAD_NONBLOCKING_COLLECTIVES]++;
    return append_collective(b, IGT_NONBLOCKING_COLLECTIVE_END, t, op, comm, root, sent, received);
}

static OTF2_CallbackCode on_rma_transfer(IGT_COMMON, OTF2_RmaWinRef win, uint32_t remote, uint64_t bytes,
                                         uint64_t matching) {
    IGT_UNUSED;
    (void)t; (void)win; (void)remote; (void)bytes; (void)matching;
    return unread(u, IGT_UNREAD_ONE_SIDED);
}

static OTF2_CallbackCode on_rma_atomic(IGT_COMMON, OTF2_RmaWinRef win, uint32_t remote, OTF2_RmaAtomicType type,
                                       uint64_t sent, uint64_t received, uint64_t matching) {
    IGT_UNUSED;
    (void)t; (void)win; (void)remote; (void)type; (void)sent; (void)received; (void)matching;
    return unread(u, IGT_UNREAD_ONE_SIDED);
}

static OTF2_CallbackCode on_request_cancelled(IGT_COMMON, uint64_t request) {
    IGT_UNUSED;
    (void)t; (void)request;
    return unread(u, IGT_UNREAD_CANCELLED);
}

static OTF2_CallbackCode on_unknown(IGT_COMMON) {
    IGT_UNUSED;
    (void)t;
    return unread(u, IGT_UNREAD_UNKNOWN);
}

static OTF2_CallbackCode on_measurement(IGT_COMMON, OTF2_MeasurementMode mode) {
    IGT_UNUSED;
    return append_short(u, IGT_MEASUREMENT, mode == OTF2_MEASUREMENT_ON ? 1 : 0, t);
}

static OTF2_CallbackCode on_thread_fork(IGT_COMMON, OTF2_Paradigm model, uint32_t requested) {
    IGT_UNUSED;
    (void)model;
    (void)requested;
    return append_short(u, IGT_THREAD_FORK, 1, t);
}

static OTF2_CallbackCode on_thread_join(IGT_COMMON, OTF2_Paradigm model) {
    IGT_UNUSED;
    (void)model;
    return append_short(u, IGT_THREAD_FORK, 0, t);
}

/**
 * A batch over Java's buffer of capacity * IGT_MAX_RECORD bytes, filled with at most capacity
 * records at a time; free it with igt_batch_free.
 */
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
    OTF2_EvtReaderCallbacks_SetNonBlockingCollectiveCompleteCallback(cbs, on_nonblocking_collective);
    OTF2_EvtReaderCallbacks_SetRmaPutCallback(cbs, on_rma_transfer);
    OTF2_EvtReaderCallbacks_SetRmaGetCallback(cbs, on_rma_transfer);
    OTF2_EvtReaderCallbacks_SetRmaAtomicCallback(cbs, on_rma_atomic);
    OTF2_EvtReaderCallbacks_SetMpiRequestCancelledCallback(cbs, on_request_cancelled);
    OTF2_EvtReaderCallbacks_SetUnknownCallback(cbs, on_unknown);
    OTF2_ErrorCode rc = OTF2_Reader_RegisterEvtCallbacks(reader, events, cbs, b);
    OTF2_EvtReaderCallbacks_Delete(cbs);
    return (int32_t)rc;
}

/**
 * Fills the batch with the location's next records. Returns IGT_FULL when the buffer is full
 * and more may follow, 0 when the location is done (the buffer may still hold records), or
 * libotf2's error code when reading failed. The records' bytes are in the batch
 * (igt_batch_bytes), the events read so far in igt_batch_events.
 */
int32_t igt_batch_fill(OTF2_Reader *reader, OTF2_EvtReader *events, igt_batch *b) {
    b->count = 0;
    b->end = 0;
    b->enter_at = -1;
    b->message_at = -1;
    uint64_t read = 0;
    OTF2_ErrorCode rc = OTF2_Reader_ReadAllLocalEvents(reader, events, &read);
    b->events += read;
    if (rc == OTF2_ERROR_INTERRUPTED_BY_CALLBACK) return IGT_FULL;
    return rc == OTF2_SUCCESS ? 0 : (int32_t)rc;
}

int32_t igt_batch_bytes(const igt_batch *b) {
    return b->end;
}

int64_t igt_batch_events(const igt_batch *b) {
    return (int64_t)b->events;
}

/** Records read so far through the batch whose time is below 2^63 ticks (half 0), or at or above it (half 1). */
int64_t igt_batch_times(const igt_batch *b, int32_t half) {
    return (int64_t)b->halves[half != 0];
}

/** Events of an unread kind (IGT_UNREAD_*) read so far through the batch; -1 for no such kind. */
int64_t igt_batch_unread(const igt_batch *b, int32_t kind) {
    return kind >= 0 && kind < IGT_UNREAD_KINDS ? (int64_t)b->unread[kind] : -1;
}
