package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.reader.ExternalCommand;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The reader hands a blocking send or receive (Enter, MpiSend or MpiRecv, Leave of the same
 * region, in a row) over as one {@code sendCall}/{@code receiveCall}. Checked against libotf2's own
 * {@code otf2-print}: every location's region and message events, with the calls taken apart
 * again, are exactly the ones otf2-print lists, in its order and with its timestamps; and the
 * calls handed over as one are exactly the Enter/message/Leave runs otf2-print shows, or, with a
 * batch of 2 records (no run fits in one fill), none.
 */
@Isolated
class BlockingCallsTest {
    private static final Pattern EVENT = Pattern.compile("^(ENTER|LEAVE|MPI_SEND|MPI_ISEND|MPI_RECV|MPI_IRECV)\\s+(\\d+)\\s+(\\d+)\\s");
    private static final Pattern REGION = Pattern.compile("Region: \"([^\"]*)\"");

    /** What otf2-print lists, per location: "E time", "L time", "S time" (send, Isend), "R time" (receive, Irecv completion). */
    private static Map<Long, List<String>> printed(Path anchor) throws Exception {
        Map<Long, List<String>> byLocation = new HashMap<>();
        for (String line : ExternalCommand.lines("otf2-print", anchor.toString())) {
            Matcher m = EVENT.matcher(line);
            if (!m.find()) {
                continue;
            }
            String kind = switch (m.group(1)) {
                case "ENTER" -> "E";
                case "LEAVE" -> "L";
                case "MPI_SEND", "MPI_ISEND" -> "S";
                default -> "R";
            };
            byLocation.computeIfAbsent(Long.parseLong(m.group(2)), l -> new ArrayList<>()).add(kind + " " + m.group(3));
        }
        return byLocation;
    }

    /** Runs of Enter, a blocking send or receive and Leave in otf2-print's listing of one location. */
    private static int runs(Path anchor, long location) throws Exception {
        List<String[]> events = new ArrayList<>();
        for (String line : ExternalCommand.lines("otf2-print", anchor.toString())) {
            Matcher m = EVENT.matcher(line);
            if (m.find() && Long.parseLong(m.group(2)) == location) {
                Matcher r = REGION.matcher(line);
                events.add(new String[] {m.group(1), r.find() ? r.group(1) : ""});
            }
        }
        int n = 0;
        for (int i = 0; i + 2 < events.size(); i++) {
            if (events.get(i)[0].equals("ENTER") && events.get(i + 2)[0].equals("LEAVE") && events.get(i)[1].equals(events.get(i + 2)[1])
                    && (events.get(i + 1)[0].equals("MPI_SEND") || events.get(i + 1)[0].equals("MPI_RECV"))) {
                n++;
            }
        }
        return n;
    }

    /** One process's events as the reader hands them over, calls taken apart again; counts the calls. */
    private static final class Listing implements LocationEvents {
        final List<String> events = new ArrayList<>();
        int calls;

        @Override
        public void enter(long time, int region) {
            events.add("E " + time);
        }

        @Override
        public void leave(long time, int region) {
            events.add("L " + time);
        }

        @Override
        public void send(long time, int receiver, int communicator, int tag, long bytes) {
            events.add("S " + time);
        }

        @Override
        public void receive(long time, int sender, int communicator, int tag, long bytes) {
            events.add("R " + time);
        }

        @Override
        public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
        }

        @Override
        public void sendCall(long enter, int region, long time, int receiver, int communicator, int tag, long bytes, long leave) {
            assertTrue(enter <= time && time <= leave);
            calls++;
            LocationEvents.super.sendCall(enter, region, time, receiver, communicator, tag, bytes, leave);
        }

        @Override
        public void receiveCall(long enter, int region, long time, int sender, int communicator, int tag, long bytes, long leave) {
            assertTrue(enter <= time && time <= leave);
            calls++;
            LocationEvents.super.receiveCall(enter, region, time, sender, communicator, tag, bytes, leave);
        }
    }

    @Tag("slow")
    @ParameterizedTest
    @CsvSource({"scorep-ping-pong, 0", "patterns-4, 0", "jacobi-4, 0", "delays-4, 0", "patterns-4, 2", "scorep-ping-pong, 2"})
    void blockingCallsComeAsOneAndTheEventsAreOtf2PrintsOwn(String trace, int batch) throws Exception {
        Path anchor = TraceFormat.locate(TestTraces.otf2(trace)).file();
        Otf2PrintOracle oracle = Otf2PrintOracle.of(anchor);
        Map<Integer, Listing> byProcess = new HashMap<>();
        String before = System.getProperty("igtrace.otf2.batch");
        if (batch > 0) {
            System.setProperty("igtrace.otf2.batch", Integer.toString(batch));
        }
        try {
            Otf2TraceReader.open(anchor, new ReadOptions(false, 1), ReadProgress.NONE).read((process, order) -> {
                Listing listing = new Listing();
                assertEquals(null, byProcess.put(process, listing), "one location per process in " + trace);
                return listing;
            });
        } finally {
            if (before == null) {
                System.clearProperty("igtrace.otf2.batch");
            } else {
                System.setProperty("igtrace.otf2.batch", before);
            }
        }
        Map<Long, List<String>> printed = printed(anchor);
        assertEquals(oracle.processes, byProcess.size());
        int calls = 0;
        for (Map.Entry<Long, Integer> e : oracle.locationRank.entrySet()) {
            Listing read = byProcess.get(e.getValue());
            assertEquals(printed.getOrDefault(e.getKey(), List.of()), read.events, trace + ", location " + e.getKey());
            assertEquals(batch > 0 ? 0 : runs(anchor, e.getKey()), read.calls, trace + ", location " + e.getKey());
            calls += read.calls;
        }
        assertTrue(batch > 0 || calls > 0, trace + " has blocking sends or receives");
    }
}
