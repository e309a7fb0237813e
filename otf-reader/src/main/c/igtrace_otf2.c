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
 *             int64 bytes sent | int64 received                        COLLECTIVE_END
 *   56 bytes  SEND_CALL, RECV_CALL: an Enter, a MpiSend or MpiRecv and the Leave of the same region
 *             in a row within one fill (a blocking send or receive, the commonest run of events): the
 *             Enter's record with this kind, the SEND or RECV record after it as it was written, and
 *             the Leave's time: int32 kind | int32 region | int64 enter | (int32 SEND or RECV |
 *             int32 partner | int32 communicator | int32 tag | int64 time | int64 bytes) | int64 leave
 *   56 bytes  SEND_CALL_ENCODED, RECV_CALL_ENCODED: as SEND_CALL, RECV_CALL, a call whose match record
 *             the shim wrote itself (below)
 * CollectiveBegin makes no record (matching needs only the events that carry the envelope,
 * definitions section 8, and the calls around them), but keeps the events around it from being one
 * call record, as when it had one. The kind numbers and sizes are repeated in
 * EventBatch.java; change both together.
 */
/*
 * The match records of the blocking calls (igt_batch_encoding): while nothing of the location waits in
 * Java's recorder (the fill's "clean" argument), the shim encodes each blocking send or receive's match
 * record itself, as RecordStream.message does (the same bytes), per partner: the stream's first end of
 * the fill raw (Java writes it against the stream's state), the rest encoded against the end before
 * them; Java hands them to the streams before the fill's events. The first message end that Java's
 * recorder writes itself (a message not in a call record, a call the shim cannot encode) or recording
 * switched on or off ends the encoding for the rest of the fill, so that every stream's records stay in
 * event order. (A collective arrival does not: its stream is another, and an end the recorder would
 * hold behind it is written with the same bytes.) Only the ends on one communicator (the one Java
 * names, world-like) are encoded: its ranks are one partner each.
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
    IGT_SEND_CALL_ENCODED = 16,
    IGT_RECV_CALL_ENCODED = 17
};

/* Partners with encoded ends in one fill, at most; one more ends the encoding for the fill. */
#define IGT_SLOTS 64
/* The longest encoded end: head, extension, communicator and tag (5 each), size (10), three times (10 each). */
#define IGT_MAX_ENCODED 52
/* An encoded slot's description in Java's memory: int64 fields (see igt_batch_fill). */
#define IGT_SLOT_LONGS 16

/* igt_batch_fill's answer for "buffer full, call again": no OTF2_ErrorCode has this value. */
#define IGT_FULL (-4096)

/* The largest record: a buffer of capacity records has room for capacity + 2 of them (done_beyond). */
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

/* One partner's encoded ends in this fill. */
typedef struct {
    int32_t side, rank;               /* 0 send, 1 receive; the rank in the encoded communicator */
    int32_t records, tag, call;       /* ends; the first end's tag and call ordinal */
    int32_t last_tag;
    int64_t time, enter, leave, size; /* the first end's */
    int64_t last_time, last_size;
    uint8_t *bytes, *lengths;         /* the ends after the first, encoded; each one's length */
    int32_t used, room, length_room;
} igt_slot;

typedef struct {
    char *records;       /* Java's buffer, (capacity + 2) * IGT_MAX_RECORD bytes */
    int32_t capacity;    /* records per fill */
    int32_t count;       /* records in this fill */
    int32_t end;         /* bytes in this fill */
    int32_t enter_at;    /* this fill's last record if an Enter, else -1 */
    int32_t message_at;  /* this fill's last record if a SEND or RECV right after that Enter, else -1 */
    uint64_t events;     /* every event libotf2 read, including kinds with no record */
    /* the encoding of the blocking calls' match records (igt_batch_encoding) */
    const int32_t *calls;    /* MpiCall ordinal by region id, -1: not an MPI call; NULL: no encoding */
    int32_t region_count;
    int32_t comm, dense_comm, sized;
    int32_t clean;           /* this fill still encodes */
    int32_t slot_count;
    int16_t slot_of[2][IGT_SLOTS * 2]; /* open addressing by side and rank: slot + 1, 0 empty */
    igt_slot slots[IGT_SLOTS];
    int64_t *out;            /* Java's memory for the slots' descriptions */
} igt_batch;

/* The next record's place; done() counts it. */
static inline void *next(igt_batch *b) {
    return b->records + b->end;
}

/*
 * A fill ends at its capacity'th record, but not inside a blocking call: an Enter may be one record beyond it and a
 * message right after that Enter two (the Leave then makes them one call record and ends the fill), so that the
 * calls' ends are not split between fills (an end split so waits in Java's recorder, and the next fill encodes none).
 * A fill holds at most capacity + 2 records.
 */
static inline OTF2_CallbackCode done_beyond(igt_batch *b, int32_t bytes, int32_t beyond) {
    b->end += bytes;
    return ++b->count >= b->capacity + beyond ? OTF2_CALLBACK_INTERRUPT : OTF2_CALLBACK_SUCCESS;
}

static inline OTF2_CallbackCode done(igt_batch *b, int32_t bytes) {
    return done_beyond(b, bytes, 0);
}

/* A message record not made part of a call record: Java's recorder holds or writes its end. */
static inline void unfused(igt_batch *b) {
    if (b->message_at >= 0) b->clean = 0;
}

static inline OTF2_CallbackCode append_short_beyond(igt_batch *b, int32_t kind, int32_t a, OTF2_TimeStamp time, int32_t beyond) {
    unfused(b);
    igt_short *r = next(b);
    r->kind = kind;
    r->a = a;
    r->time = (int64_t)time;
    b->enter_at = -1;
    b->message_at = -1;
    return done_beyond(b, sizeof(igt_short), beyond);
}

static inline OTF2_CallbackCode append_short(igt_batch *b, int32_t kind, int32_t a, OTF2_TimeStamp time) {
    return append_short_beyond(b, kind, a, time, 0);
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
    OTF2_CallbackCode code = append_short_beyond(b, IGT_ENTER, (int32_t)region, t, 1);
    b->enter_at = at;
    return code;
}

/* Room for n more bytes and one more length in a slot's buffers; 0 when memory ran out. */
static int slot_room(igt_slot *s, int32_t n) {
    if (s->used + n > s->room) {
        int32_t room = s->room ? s->room * 2 : 4096;
        while (s->used + n > room) room *= 2;
        uint8_t *bytes = realloc(s->bytes, (size_t)room);
        if (!bytes) return 0;
        s->bytes = bytes;
        s->room = room;
    }
    if (s->records >= s->length_room) {
        int32_t room = s->length_room ? s->length_room * 2 : 1024;
        uint8_t *lengths = realloc(s->lengths, (size_t)room);
        if (!lengths) return 0;
        s->lengths = lengths;
        s->length_room = room;
    }
    return 1;
}

/* RecordStream's varint: 7 bits a byte, low first. */
static inline uint8_t *put_unsigned(uint8_t *at, uint64_t z) {
    while (z & ~(uint64_t)0x7F) {
        *at++ = (uint8_t)((z & 0x7F) | 0x80);
        z >>= 7;
    }
    *at++ = (uint8_t)z;
    return at;
}

/* Zigzag, as Java's (v << 1) ^ (v >> 63). */
static inline uint64_t zigzag(int64_t v) {
    return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

/* RecordStream.putDelta: unsigned when not negative (the head's sign bit says), else zigzag. */
static inline uint8_t *put_delta(uint8_t *at, int64_t v) {
    return put_unsigned(at, v >= 0 ? (uint64_t)v : zigzag(v));
}

static inline int64_t minus(int64_t a, int64_t b) {
    return (int64_t)((uint64_t)a - (uint64_t)b); /* Java's wrapping subtraction */
}

/*
 * Encodes a blocking call's end (the Enter's record at enter, the message's at message, left at leave)
 * into its partner's slot, as RecordStream.message writes an end with no extension but its size: true
 * when encoded, false when the shim cannot (then nothing changed).
 */
static int encode_end(igt_batch *b, const igt_short *enter, const igt_message *message, int64_t leave) {
    int32_t region = enter->a;
    if (region < 0 || region >= b->region_count || b->calls[region] < 0 || message->comm != b->comm || message->partner < 0
        || (b->sized && message->bytes < 0)) {
        return 0;
    }
    int32_t side = message->kind == IGT_SEND ? 0 : 1;
    int32_t mask = IGT_SLOTS * 2 - 1;
    int32_t h = message->partner & mask;
    while (b->slot_of[side][h] && b->slots[b->slot_of[side][h] - 1].rank != message->partner) h = (h + 1) & mask;
    int64_t time = message->time, start = enter->time, size = message->bytes;
    int32_t call = b->calls[region], tag = message->tag;
    if (!b->slot_of[side][h]) {
        if (b->slot_count == IGT_SLOTS) return 0;
        igt_slot *s = &b->slots[b->slot_count++];
        b->slot_of[side][h] = (int16_t)b->slot_count;
        s->side = side;
        s->rank = message->partner;
        s->records = 1;
        s->tag = s->last_tag = tag;
        s->call = call;
        s->time = s->last_time = time;
        s->enter = start;
        s->leave = leave;
        s->size = s->last_size = size;
        s->used = 0;
        return 1;
    }
    igt_slot *s = &b->slots[b->slot_of[side][h] - 1];
    if (!slot_room(s, IGT_MAX_ENCODED)) return 0;
    uint8_t *first = s->bytes + s->used, *at = first;
    int new_key = tag != s->last_tag;
    int sized = b->sized && size != s->last_size;
    int signs = (time < s->last_time ? 16 : 0) | (start > time ? 32 : 0) | (leave < time ? 64 : 0);
    *at++ = (uint8_t)((sized ? 7 : call) | (new_key ? 8 : 0) | signs);
    if (sized) *at++ = (uint8_t)(call | 32);
    if (new_key) {
        at = put_unsigned(at, zigzag(b->dense_comm));
        at = put_unsigned(at, zigzag(tag));
        s->last_tag = tag;
    }
    if (sized) {
        at = put_unsigned(at, (uint64_t)size);
        s->last_size = size;
    }
    at = put_delta(at, minus(time, s->last_time));
    at = put_delta(at, minus(time, start));
    at = put_delta(at, minus(leave, time));
    s->last_time = time;
    s->lengths[s->records++ - 1] = (uint8_t)(at - first);
    s->used += (int32_t)(at - first);
    return 1;
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
            int64_t leave = (int64_t)t;
            if (b->clean && !encode_end(b, enter, message, leave)) b->clean = 0;
            enter->kind = message->kind == IGT_SEND ? (b->clean ? IGT_SEND_CALL_ENCODED : IGT_SEND_CALL)
                                                    : (b->clean ? IGT_RECV_CALL_ENCODED : IGT_RECV_CALL);
            memcpy(b->records + b->end, &leave, sizeof leave);
            b->end += (int32_t)sizeof leave;
            b->count--; /* two records became one */
            b->enter_at = -1;
            b->message_at = -1;
            return b->count >= b->capacity ? OTF2_CALLBACK_INTERRUPT : OTF2_CALLBACK_SUCCESS;
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
    unfused(b);
    int32_t at = b->end;
    igt_message *r = next(b);
    r->kind = kind;
    r->partner = (int32_t)partner;
    r->comm = (int32_t)comm;
    r->tag = (int32_t)tag;
    r->time = (int64_t)time;
    r->bytes = (int64_t)length;
    /* right after an Enter in this fill: a Leave of its region next makes them one call record */
    if (b->enter_at >= 0 && b->message_at < 0) {
        b->message_at = at;
        return done_beyond(b, 32, 2);
    }
    b->clean = 0; /* not in a call record: Java's recorder holds or writes its end */
    b->enter_at = -1;
    b->message_at = -1;
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
        r->time = (int64_t)t;                                                                          \
        r->bytes = (int64_t)length;                                                                    \
        r->request = (int64_t)request;                                                                 \
        b->clean = 0; /* Java's recorder holds or writes this end */                                   \
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
        unfused(b);                                                                                    \
        igt_request *r = next(b);                                                                      \
        r->kind = KIND;                                                                                \
        r->zero = 0;                                                                                   \
        r->time = (int64_t)t;                                                                          \
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
    unfused(b);
    b->enter_at = -1;
    b->message_at = -1;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode on_collective_end(IGT_COMMON, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root,
                                           uint64_t sent, uint64_t received) {
    IGT_UNUSED;
    igt_batch *b = u;
    /* an arrival goes to a stream of its own: the ends after it may still be encoded (they are the same bytes when
       the recorder holds them behind it, and a partner's ends stay in order) */
    igt_collective *r = next(b);
    r->kind = IGT_COLLECTIVE_END;
    r->comm = (int32_t)comm;
    r->root = (int32_t)root;
    r->op = (int32_t)op;
    r->time = (int64_t)t;
    r->sent = (int64_t)sent;
    r->received = (int64_t)received;
    b->enter_at = -1;
    b->message_at = -1;
    return done(b, sizeof(igt_collective));
}

static OTF2_CallbackCode on_measurement(IGT_COMMON, OTF2_MeasurementMode mode) {
    IGT_UNUSED;
    ((igt_batch *)u)->clean = 0; /* Java's recorder leaves the time off out of the calls after it */
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
 * A batch over Java's buffer of (capacity + 2) * IGT_MAX_RECORD bytes, filled with about capacity
 * records at a time (at most capacity + 2, done_beyond); free it with igt_batch_free.
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
    if (!b) return;
    for (int i = 0; i < IGT_SLOTS; i++) {
        free(b->slots[i].bytes);
        free(b->slots[i].lengths);
    }
    free(b);
}

/**
 * Has the shim encode the blocking calls' match records (see above) of the locations read next:
 * calls[region] is the region's MpiCall ordinal (-1: not an MPI call), comm the OTF2 communicator whose
 * ends are encoded (dense_comm its number in the records), sized whether the records keep sizes, out
 * Java's memory for IGT_SLOTS slot descriptions of IGT_SLOT_LONGS int64 each after one int64 count.
 * calls NULL: none encoded. The memory stays Java's and must outlive the batch's fills.
 */
void igt_batch_encoding(igt_batch *b, const int32_t *calls, int32_t region_count, int32_t comm, int32_t dense_comm, int32_t sized,
                        int64_t *out) {
    b->calls = calls;
    b->region_count = calls ? region_count : 0;
    b->comm = comm;
    b->dense_comm = dense_comm;
    b->sized = sized;
    b->out = out;
}

/* The fill's encoded slots described in Java's memory: a count, then per slot IGT_SLOT_LONGS int64. */
static void describe_slots(igt_batch *b) {
    int64_t *o = b->out;
    o[0] = b->slot_count;
    for (int32_t i = 0; i < b->slot_count; i++) {
        const igt_slot *s = &b->slots[i];
        int64_t *d = o + 1 + (int64_t)i * IGT_SLOT_LONGS;
        d[0] = s->side;
        d[1] = s->rank;
        d[2] = s->records;
        d[3] = s->tag;
        d[4] = s->call;
        d[5] = s->time;
        d[6] = s->enter;
        d[7] = s->leave;
        d[8] = s->size;
        d[9] = s->last_time;
        d[10] = s->last_tag;
        d[11] = s->last_size;
        d[12] = (int64_t)(intptr_t)s->bytes;
        d[13] = s->used;
        d[14] = (int64_t)(intptr_t)s->lengths;
        d[15] = 0;
    }
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
 * Fills the batch with the location's next records; encode: whether its blocking calls' match records
 * may be encoded (nothing waits in Java's recorder), when igt_batch_encoding asked for them. Returns IGT_FULL when the buffer is full
 * and more may follow, 0 when the location is done (the buffer may still hold records), or
 * libotf2's error code when reading failed. The records' bytes are in the batch
 * (igt_batch_bytes), the events read so far in igt_batch_events.
 */
int32_t igt_batch_fill(OTF2_Reader *reader, OTF2_EvtReader *events, igt_batch *b, int32_t encode) {
    b->count = 0;
    b->end = 0;
    b->enter_at = -1;
    b->message_at = -1;
    b->clean = encode && b->calls != NULL;
    if (b->slot_count) {
        memset(b->slot_of, 0, sizeof b->slot_of);
        b->slot_count = 0;
    }
    uint64_t read = 0;
    OTF2_ErrorCode rc = OTF2_Reader_ReadAllLocalEvents(reader, events, &read);
    b->events += read;
    if (b->out) describe_slots(b);
    if (rc == OTF2_ERROR_INTERRUPTED_BY_CALLBACK) return IGT_FULL;
    return rc == OTF2_SUCCESS ? 0 : (int32_t)rc;
}

int32_t igt_batch_bytes(const igt_batch *b) {
    return b->end;
}

int64_t igt_batch_events(const igt_batch *b) {
    return (int64_t)b->events;
}
