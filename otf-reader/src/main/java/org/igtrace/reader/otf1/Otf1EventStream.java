package org.igtrace.reader.otf1;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.RegionStack;
import org.igtrace.core.util.LongIntMap;

/**
 * Parses one events file (OTF1-FORMAT sections 3.3 and 4.2) into {@link LocationEvents}, one
 * location per process met in the file. Time and process lines set the state later records
 * inherit; it lasts only within the file. Leave records name no function, so each process keeps a
 * stack of open regions; regions still open at the end of the file are closed at the process's
 * last event. Collectives are reported at their end: the {@code COPE} matching a {@code COPB} by its
 * per-process handle, or an old-style {@code COP} at its time plus duration. Memory depends on the
 * number of processes and the nesting depth, not on the number of events.
 *
 * <p>Damage is an {@link IOException}: a record naming a process, function, process group or
 * collective operation the definitions never define ({@link UndefinedReference}), and a process
 * that began ({@code PB}) but whose end ({@code PE}) the file never reaches, which only a cut file
 * shows (VampirTrace 5.15 writes both for every process).
 */
final class Otf1EventStream implements LineSource.LineConsumer {
    private final Otf1Definitions definitions;
    private final LocationSink sink;
    private final long order;
    private final Otf1Line line = new Otf1Line();

    private long time = -1;
    /** Whether the last line read was a time line (a file cut there ends with one). */
    private boolean lastWasTime;
    /**
     * The time line before the last one, and whether only a process line followed the last: libotf closes a stream
     * with its last time again and a process line, which no cut makes once the time is past 0 (a time line is written
     * only when the time grows, 0 aside).
     */
    private long timeBefore = -1;
    private boolean closingLines;
    /**
     * The time before a time line of 0 that came after later times (0 when there is none): libotf's writer writes a
     * time of 0 whatever came before, but a record read at it went back in time (a time line cut to 0, a file doubled).
     */
    private long zeroAfter;
    private ProcessState current;
    private final LongIntMap stateOfProcess = new LongIntMap();
    private final List<ProcessState> states = new ArrayList<>();

    // What the summary reports.
    long unknownRecords;
    long leavesWithoutEnter;
    /** Collective records whose root the definitions do not define ({@link #rootOf}). */
    long undefinedRoots;
    long regionsLeftOpen;
    long collectiveEndsWithoutBegin;
    /** Leave records that name another function than the innermost open one: read as its leave (the stack's). */
    long leavesOfAnotherFunction;
    /** Collective begins (COPB) whose end (COPE) the stream never gave: ignored. */
    long collectiveBeginsWithoutEnd;
    boolean abortedByWriter;
    /**
     * Which processes of the stream the file holds no record of: bit {@code i % 64} of word
     * {@code i / 64} for the master file's i-th process of it (a stream can list any number).
     */
    long[] withoutRecords = new long[0];
    /**
     * Whether a process whose events are not read (a GPU stream) must end (PE) too: {@code info}'s damage check
     * ({@link Otf1DamageCheck#damage}), so that a GPU stream's file cut at a line end is not counted as a shorter whole
     * one; the analyses and {@code --skip-damaged}, which leave those events out, read on.
     */
    boolean everyProcessEnds;

    /** @param order where this file's locations come in the merge (the stream's position in the master file) */
    Otf1EventStream(Otf1Definitions definitions, LocationSink sink, long order) {
        this.definitions = definitions;
        this.sink = sink;
        this.order = order;
    }

    /** A record names something the definitions never define: the definitions or this file are damaged. */
    static final class UndefinedReference extends IOException {
        UndefinedReference(String what, Otf1Definitions definitions) {
            super("names " + what + ", which " + definitions.fileName() + " does not define (one of the two files is"
                    + " damaged or truncated)");
        }
    }

    /** The state of one process within this file. */
    private static final class ProcessState {
        final long id;
        final LocationEvents target; // null: events not read (GPU stream, orphaned thread)
        boolean begun;
        boolean ended;
        /** Whether a record (any, after its process line) of the process was read. */
        boolean recorded;
        final RegionStack stack = new RegionStack();
        long lastTime = -1;
        // Open collectives by handle: {handle, operation, communicator, root, sent, received}.
        long[] pending = new long[6 * 2];
        int pendingCount;

        ProcessState(long id, LocationEvents target) {
            this.id = id;
            this.target = target;
        }
    }

    private ProcessState state(long processId) throws IOException {
        if ((processId >>> 32) != 0) { // tokens are 32-bit (OTF1-FORMAT 3.1): cut to int, it would name another process
            throw new IOException("the process id " + Long.toHexString(processId) + " does not fit in 32 bits");
        }
        int index = stateOfProcess.get((int) processId, -1);
        if (index >= 0) {
            return states.get(index);
        }
        int rank = definitions.rank(processId);
        ProcessState s;
        if (rank != Otf1Definitions.NO_RANK) {
            int process = definitions.process(processId); // NO_RANK: not analysed, which no stream read holds (Otf1PeerPass)
            s = new ProcessState(processId, process == Otf1Definitions.NO_RANK ? null : sink.location(process, (order << 20) + states.size()));
        } else if (definitions.isLeftOut(processId) || definitions.isGroupOnly(processId)) {
            s = new ProcessState(processId, null); // not read: a GPU stream, an orphaned thread, a node group's counters
        } else {
            throw new UndefinedReference("process " + Long.toHexString(processId), definitions);
        }
        stateOfProcess.put((int) processId, states.size());
        states.add(s);
        return s;
    }

    /** The processes this file holds a record or process line of. */
    long[] processes() {
        return states.stream().mapToLong(st -> st.id).toArray();
    }

    /** Whether this file holds a record or process line of the process. */
    boolean holds(long processId) {
        return stateOfProcess.get((int) processId, -1) >= 0;
    }

    /** The time the records read so far are at (-1 before the first time line). */
    long time() {
        return time;
    }

    @Override
    public boolean line(byte[] buf, int start, int end) throws IOException {
        line.reset(buf, start, end);
        int c = line.peek();
        if (c < 0) {
            return true;
        }
        if (Otf1Line.isHexDigit(c)) {
            long before = time;
            time = line.hex();
            if (time < 0) {
                // an unsigned time of 2^63 ticks or more (the format's uint64): read as a signed long it was negative, the
                // sentinel of "no time line yet", and every record after it was dropped (wrong numbers, exit 0)
                throw new Otf1Line.Unreadable("a time of 2^63 ticks or more, which igtrace does not read (times from a"
                        + " clock that starts near 0 do not reach it)");
            }
            if (!line.restBlank()) {
                throw new Otf1Line.Unreadable("a time line holds more than one hexadecimal number");
            }
            timeBefore = before;
            closingLines = false;
            if (time != 0) {
                zeroAfter = 0;
            } else if (before > 0) {
                zeroAfter = before;
            }
            if (time < before && time != 0) { // read on, a damaged digit gave a process 496 s instead of 5 s, exit 0;
                // libotf's writer writes a time of 0 whatever came before (OTF_WBuffer_setTimeAndProcess)
                throw new Otf1Line.Unreadable("time " + Long.toHexString(time) + " is before the previous time line's "
                        + Long.toHexString(before) + " (an OTF writer never writes a stream's times out of order)");
            }
            if (definitions.outsideTimeRange(time)) {
                throw new Otf1Line.Unreadable("time " + Long.toHexString(time) + " lies outside the trace's time range "
                        + definitions.timeRangeText() + " (DTRG in " + definitions.fileName() + ")");
            }
            lastWasTime = true;
            return true;
        }
        closingLines = lastWasTime && c == '*';
        lastWasTime = false;
        if (c == '*') {
            line.skipChar();
            current = state(line.hex());
            if (!line.restBlank()) {
                throw new Otf1Line.Unreadable("a process line holds more than one hexadecimal number");
            }
            return true;
        }
        if (current != null) {
            current.recorded = true; // any record, a comment too (libotf writes an event comment as '#"text"')
        }
        if (c == '#') {
            String text = new String(buf, start, end - start, java.nio.charset.StandardCharsets.ISO_8859_1);
            if (text.contains("error due to unsorted time stamp")) {
                abortedByWriter = true;
                return false; // the writer stopped this stream here
            }
            int open = text.indexOf('"');
            if (open >= 0 && text.indexOf('"', open + 1) < 0) { // #"text without its end: libotf refuses it
                throw new Otf1Line.Unreadable("a comment's text has no closing quote");
            }
            return true;
        }
        if (current == null || time < 0) { // libotf reads it at time 2^64-1 or of process 2^32-1: a damaged first line
            throw new Otf1Line.Unreadable("a record before the file's first " + (time < 0 ? "time" : "process")
                    + " line (OTF's writer begins every stream with both)");
        }
        if (zeroAfter > 0) { // read on, its records were at time 0 after later ones, exit 0
            throw new Otf1Line.Unreadable("a record at time 0 after the time line " + Long.toHexString(zeroAfter)
                    + " (an OTF writer never writes a stream's times out of order)");
        }
        int length = line.readKeyword();
        if (length == 0) {
            unknownRecords++;
            return true;
        }
        long code = length == 14 && line.keyword().equals("FILEOPBEGINNEW") ? Otf1Keywords.FILEOP_BEGIN_NEW
                : Otf1Keywords.shortEventKeyword(line.keywordCode(), length); // otfmerge --long writes it
        ProcessState s = current;
        if (s.target == null && !(everyProcessEnds && (code == Otf1Keywords.PROCESS_BEGIN || code == Otf1Keywords.PROCESS_END))) {
            return true;
        }
        if (code == Otf1Keywords.PROCESS_BEGIN || code == Otf1Keywords.PROCESS_END) {
            s.begun |= code == Otf1Keywords.PROCESS_BEGIN;
            s.ended |= code == Otf1Keywords.PROCESS_END;
        } else if (code == Otf1Keywords.ENTER) {
            long function = line.hex();
            endOfRecord("an Enter");
            enter(s, function);
        } else if (code == Otf1Keywords.LEAVE) {
            boolean named = Otf1Line.isHexDigit(line.peek());
            long function = line.hex();
            if (named) { // L<func> ends as an Enter does (L0Z: refused by libotf); a bare L libotf reads whatever follows
                endOfRecord("a Leave");
            }
            leave(s, function);
        } else if (code == Otf1Keywords.SEND || code == Otf1Keywords.RECEIVE) {
            message(s, code == Otf1Keywords.SEND);
        } else if (code == Otf1Keywords.COLLECTIVE_BEGIN) {
            collectiveBegin(s);
        } else if (code == Otf1Keywords.COLLECTIVE_END) {
            collectiveEnd(s, line.hex());
        } else if (code == Otf1Keywords.COLLECTIVE) {
            collective(s);
        } else if (code == Otf1Keywords.KEY_VALUE) {
            keyValue();
        } else if (Otf1Keywords.isSkippedEvent(code)) {
            skippedFields(code);
        } else {
            unknownRecords++;
            return true;
        }
        s.lastTime = time;
        return true;
    }

    /** At the end of the file: every process that began must have ended, unless the writer aborted the stream. */
    @Override
    public void end() throws IOException {
        if (abortedByWriter) {
            return;
        }
        boolean closed = closingLines && time > 0 && time == timeBefore; // closed by the writer: not cut
        for (ProcessState s : states) {
            if (s.begun && !s.ended && !closed) { // VampirTrace 5.15 ends each process so; CASITA's writer does not
                throw new IOException("truncated: process " + Long.toHexString(s.id) + " began (PB) but the file ends"
                        + " before its end record (PE)");
            }
        }
        if (lastWasTime) { // the writer writes a time line before a record or before the process line that ends a file
            throw new IOException("truncated: the file ends after a time line, before the record it belongs to");
        }
        for (ProcessState s : states) {
            if (!s.recorded) { // a process line comes before its records, or closes a file after the process's last one
                throw new IOException("truncated: the file names process " + Long.toHexString(s.id) + " (a process line)"
                        + " but ends before any record of it");
            }
        }
    }

    private int region(long function) throws IOException {
        if ((function >>> 32) != 0) {
            throw new IOException("the function id " + Long.toHexString(function) + " does not fit in 32 bits");
        }
        int region = definitions.region(function);
        if (region < 0) {
            throw new UndefinedReference("function " + Long.toHexString(function), definitions);
        }
        return region;
    }

    /** The dense communicator of a process group; group 0 (none given) is no communicator. */
    private int communicator(long group) throws IOException {
        if ((group >>> 32) != 0) {
            throw new IOException("the process group id " + Long.toHexString(group) + " does not fit in 32 bits");
        }
        int communicator = definitions.communicator(group);
        if (communicator < 0 && group != 0) {
            throw new UndefinedReference("process group " + Long.toHexString(group), definitions);
        }
        return communicator;
    }

    /**
     * The process analysed that a message partner or collective root (a global process id) is, -1 for a
     * process left out (a GPU stream; with {@code --skip-missing}, one not analysed, which no message read names) or
     * one the definitions do not define: otfshrink keeps some processes' definitions and links the events files as
     * they were, so their messages still name the others (libotf reads them; refused, no such trace could be read).
     * The analyses count such a partner as outside the known processes, in a note.
     */
    private int partnerOf(long process) throws IOException {
        if ((process >>> 32) != 0) {
            throw new IOException("the process id " + Long.toHexString(process) + " does not fit in 32 bits");
        }
        return definitions.rank(process) == Otf1Definitions.NO_RANK ? -1 : definitions.process(process);
    }

    /**
     * A collective's root, as {@link #partnerOf}; one the definitions do not define (a process otfshrink dropped, or a
     * damaged digit) is counted for a note, since a root of -1 measures no root's wait (a late broadcast's 24 us went
     * without a word).
     */
    private int rootOf(long process) throws IOException {
        int rank = partnerOf(process);
        if (rank < 0 && definitions.rank(process) == Otf1Definitions.NO_RANK) {
            undefinedRoots++;
        }
        return rank;
    }

    private void enter(ProcessState s, long function) throws IOException {
        int region = region(function);
        s.stack.push(region, time);
        s.target.enter(time, region);
    }

    /**
     * A Leave closes the innermost open region; one that names another function (libotf reads the function it names) is
     * counted ({@link #leavesOfAnotherFunction}).
     */
    private void leave(ProcessState s, long function) throws IOException {
        if (!s.stack.pop()) {
            leavesWithoutEnter++;
            return;
        }
        int region = s.stack.region(s.stack.depth());
        if (function != 0 && region(function) != region) {
            // the innermost region is what the stack closes, and so the analyses: told another, rank 1's MPI_Recv left as
            // "main" read as 0 s in MPI with 250 us of waiting in it (an OTF1 hunt)
            leavesOfAnotherFunction++;
        }
        s.target.leave(time, region);
    }

    /**
     * The next field of a record, which libotf reads in a fixed order (OTF1-FORMAT section 4): another keyword, or none,
     * is a damaged line libotf refuses ({@code S2L3Z8T2C1}: a byte of the length's number made a letter), not a field
     * to skip with the others read as 0.
     */
    private long field(String record, long expected, String name) {
        expect(record, expected, name);
        return line.hex();
    }

    /** The keyword of a record's next field, which must be {@code expected} ({@link #field}); its value is not read. */
    private void expect(String record, long expected, String name) {
        int n = line.readKeyword();
        if (n == 0 || Otf1Keywords.shortEventKeyword(line.keywordCode(), n) != expected) {
            throw new Otf1Line.Unreadable(record + " record has " + (n == 0 ? "no " + name + " field" : line.keyword() + " where libotf reads its "
                    + name + " field"));
        }
    }

    /**
     * A record's end after its fields: the line's end, or a source location ({@code X}) and whatever follows it, which
     * libotf skips; anything else ({@code E10Q5}: a newline made a letter, the next time line read as a field) is a
     * damaged line libotf refuses.
     */
    private void endOfRecord(String record) {
        if (line.atEnd()) {
            return;
        }
        int n = line.readKeyword();
        long next = n == 0 ? -1 : Otf1Keywords.shortEventKeyword(line.keywordCode(), n);
        if (next != SOURCE_LOCATION && next != OLD_SOURCE_LOCATION) { // S: the source location as older writers spell it
            throw new Otf1Line.Unreadable(record + " record is followed by " + (n == 0 ? "more than its fields" : line.keyword())
                    + ", which libotf does not read there");
        }
    }

    private static final long SOURCE_LOCATION = Otf1Keywords.code("X"), OLD_SOURCE_LOCATION = Otf1Keywords.code("S");
    private static final long KV_TYPE = Otf1Keywords.code("Y"), KV_VALUE = Otf1Keywords.code("V");
    private static final long COUNTER = Otf1Keywords.code("CNT"), FILE_OPERATION = Otf1Keywords.code("F"), RMA_PUT = Otf1Keywords.code("T");
    private static final long RMA_PUT_REMOTE_END = Otf1Keywords.code("U"), RMA_GET = Otf1Keywords.code("G"), RMA_END = Otf1Keywords.code("M");
    private static final long OPERATION = Otf1Keywords.code("OP"), BYTES = Otf1Keywords.code("B"), TARGET = Otf1Keywords.code("P");

    /**
     * The leading fields of a record igtrace reads past, in libotf's order: a damaged byte that makes another record one
     * of these ({@code E13} made {@code T13}, an RMA put without its target; {@code L} made {@code G}) loses that record,
     * which libotf refuses. Counters {@code CNT<c>V<v>}, file operations {@code F<f>H<h>OP<op>B<bytes>D<dur>}, RMA
     * {@code T|U|G<origin>P<target>C<comm>T<tag>L<bytes>} and {@code M<remote>C<comm>T<tag>}; the others (file operation
     * begins and ends, inline snapshots) are not checked.
     */
    private void skippedFields(long code) {
        if (code == COUNTER) {
            line.hex();
            field("a counter", KV_VALUE, "value (V)");
        } else if (code == FILE_OPERATION) {
            line.hex();
            field("a file operation", Otf1Keywords.HANDLE, "handle (H)");
            field("a file operation", OPERATION, "operation (OP)");
            field("a file operation", BYTES, "bytes (B)");
            field("a file operation", Otf1Keywords.DURATION, "duration (D)");
        } else if (code == RMA_PUT || code == RMA_PUT_REMOTE_END || code == RMA_GET) {
            line.hex();
            field("an RMA", TARGET, "target (P)");
            field("an RMA", Otf1Keywords.COMM, "communicator (C)");
            field("an RMA", Otf1Keywords.TAG, "tag (T)");
            field("an RMA", Otf1Keywords.LENGTH, "length (L)");
        } else if (code == RMA_END) {
            line.hex();
            field("an RMA end", Otf1Keywords.COMM, "communicator (C)");
            field("an RMA end", Otf1Keywords.TAG, "tag (T)");
        }
    }

    /**
     * A key-value line, {@code K<key>Y<type>V<value>}: its fields in libotf's order ({@code K9a}, a damaged time line, is
     * refused). The value is not read: a byte array ({@code V<hex pairs>L<length>}) is longer than a number.
     */
    private void keyValue() {
        line.hex();
        field("a key-value", KV_TYPE, "type (Y)");
        expect("a key-value", KV_VALUE, "value (V)");
    }

    /** {@code S<receiver>L<bytes>T<tag>C<comm>} or {@code R<sender>...}: partners are global process ids. */
    private void message(ProcessState s, boolean send) throws IOException {
        String record = send ? "a send" : "a receive";
        long partner = line.hex();
        long bytes = field(record, Otf1Keywords.LENGTH, "length (L)");
        long tag = field(record, Otf1Keywords.TAG, "tag (T)");
        long group = field(record, Otf1Keywords.COMM, "communicator (C)");
        endOfRecord(record);
        int rank = partnerOf(partner);
        int communicator = communicator(group);
        if (send) {
            s.target.send(time, rank, communicator, (int) tag, bytes);
        } else {
            s.target.receive(time, rank, communicator, (int) tag, bytes);
        }
    }

    private final long[] scratch = new long[7];

    /**
     * Reads the fields of a collective record into {handle, operation, communicator, root, sent, received, duration}, in
     * libotf's order: {@code COPB<op>H<handle>C<comm>RT<root>S<sent>R<recvd>}, or without a handle
     * ({@code begin} false) {@code COP<op>C<comm>RT<root>S<sent>R<recvd>D<duration>}.
     */
    private long[] collectiveFields(long operation, boolean begin) {
        String record = begin ? "a collective begin" : "a collective";
        long[] f = scratch;
        Arrays.fill(f, 0);
        f[1] = operation;
        if (begin) {
            f[0] = field(record, Otf1Keywords.HANDLE, "handle (H)");
        }
        f[2] = field(record, Otf1Keywords.COMM, "communicator (C)");
        f[3] = field(record, Otf1Keywords.ROOT, "root (RT)");
        f[4] = field(record, Otf1Keywords.SENT, "bytes sent (S)");
        f[5] = field(record, Otf1Keywords.RECEIVED, "bytes received (R)");
        if (!begin) {
            f[6] = field(record, Otf1Keywords.DURATION, "duration (D)");
        }
        endOfRecord(record);
        return f;
    }

    private void collectiveBegin(ProcessState s) throws IOException {
        long[] f = collectiveFields(line.hex(), true);
        checkCollective(f[1], f[2], f[3]);
        if (s.pendingCount * 6 == s.pending.length) {
            s.pending = Arrays.copyOf(s.pending, s.pending.length * 2);
        }
        System.arraycopy(f, 0, s.pending, s.pendingCount * 6, 6);
        s.pendingCount++;
    }

    private void collectiveEnd(ProcessState s, long handle) throws IOException {
        for (int i = s.pendingCount - 1; i >= 0; i--) {
            int at = i * 6;
            if (s.pending[at] == handle) {
                emitCollective(s, time, s.pending[at + 1], s.pending[at + 2], s.pending[at + 3], s.pending[at + 4],
                        s.pending[at + 5]);
                System.arraycopy(s.pending, at + 6, s.pending, at, (s.pendingCount - 1 - i) * 6);
                s.pendingCount--;
                return;
            }
        }
        collectiveEndsWithoutBegin++;
    }

    /** The old single record: at the call's Enter time, with the duration up to its Leave. */
    private void collective(ProcessState s) throws IOException {
        long[] f = collectiveFields(line.hex(), false);
        checkCollective(f[1], f[2], f[3]);
        if (f[6] < 0 || time + f[6] < 0) { // its end past 2^63 ticks wrapped negative: the instance was lost, exit 0
            throw new Otf1Line.Unreadable("a collective's duration (D " + Long.toHexString(f[6]) + ") ends it at 2^63 ticks or"
                    + " more, which igtrace does not read");
        }
        emitCollective(s, time + f[6], f[1], f[2], f[3], f[4], f[5]);
    }

    private void checkCollective(long operation, long group, long root) throws IOException {
        if (!definitions.definesCollective(operation)) {
            throw new UndefinedReference("collective operation " + Long.toHexString(operation), definitions);
        }
        communicator(group);
        if (root != 0) {
            partnerOf(root);
        }
    }

    /** Root 0 means no root; otherwise it is a global process id. */
    private void emitCollective(ProcessState s, long at, long operation, long group, long root, long sent, long received)
            throws IOException {
        CollectiveKind kind = definitions.collectiveKind(operation);
        int rootRank = root == 0 ? -1 : rootOf(root);
        s.target.collective(at, kind, communicator(group), rootRank, sent, received);
    }

    /** Closes the regions still open at the end of the file at their process's last event. */
    void finish() {
        for (ProcessState s : states) {
            if (s.target == null) {
                continue;
            }
            regionsLeftOpen += s.stack.depth();
            collectiveBeginsWithoutEnd += s.pendingCount;
            while (s.stack.pop()) {
                s.target.leave(s.lastTime, s.stack.region(s.stack.depth()));
            }
            s.target.end();
        }
        // the file's line buffer (up to 256 KB) is not held while the other files are read: VampirTrace writes a file a
        // process, and 2,000 of them held 500 MB until the read ended (out of memory at -Xmx256m)
        line.reset(null, 0, 0);
    }
}
