package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code igtrace timeline --format perfetto} (issue 38) writes Perfetto's protobuf trace: decoded by
 * {@code protoc --decode=perfetto.protos.Trace} against testdata/perfetto/perfetto_trace.proto (the
 * fields of Perfetto's own protos that igtrace writes, same names and numbers), it holds a process
 * track and a thread track per rank, and on each thread's packet sequence the region calls as slice
 * begins and ends whose names (interned on the sequence) and times (incremental nanoseconds, summed
 * here) are the ENTER and LEAVE events otf2-print lists for that rank; the messages are flows.
 */
class PerfettoTraceTest {
    @TempDir
    Path dir;

    /** Runs {@code command} with {@code input} as standard input; its standard output (exit 0 asserted). */
    static String run(File input, String... command) throws Exception {
        ProcessBuilder b = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        if (input != null) {
            b.redirectInput(input);
        }
        Process p = b.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + out);
        return out;
    }

    /** The top-level packets of protoc's text output, each its text. */
    static List<String> packets(String decoded) {
        List<String> packets = new ArrayList<>();
        for (String part : decoded.split("(?m)^packet \\{\n")) {
            if (!part.isBlank()) {
                packets.add(part);
            }
        }
        return packets;
    }

    static long number(String packet, String field) {
        Matcher m = Pattern.compile("(?m)^\\s*" + field + ": (\\d+)$").matcher(packet);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    static String text(String packet, String field) {
        Matcher m = Pattern.compile("(?m)^\\s*" + field + ": \"([^\"]*)\"$").matcher(packet);
        return m.find() ? m.group(1) : null;
    }

    @Test
    void theTraceIsPerfettosProtobufWithTheCallsOtf2PrintLists() throws Exception {
        Path trace = dir.resolve("d.pftrace");
        // the extension chooses the format; no clock correction: the times are the trace's own
        TimelineCommandTest.Run r = TimelineCommandTest.igtrace("timeline", TimelineCommandTest.DELAYS, "--clock-correction", "none",
                "-o", trace.toString());
        assertEquals(0, r.code(), r.err());
        Path proto = TimelineCommandTest.TESTDATA.resolve("perfetto");
        String decoded = run(trace.toFile(), "protoc", "--proto_path=" + proto, "--decode=perfetto.protos.Trace", "perfetto_trace.proto");
        List<String> packets = packets(decoded);

        // otf2-print: per location its ENTER (region name) and LEAVE events with their timestamps; delays-4's clock
        // properties (otf2-print -G): 1000000000 ticks per second, global offset 0, so a tick is a nanosecond from time 0
        String printed = run(null, "otf2-print", TimelineCommandTest.TESTDATA.resolve("otf2/delays-4/eztrace_log.otf2").toString());
        // A LEAVE closes its region and the calls opened inside it still open, at its time (EZTrace leaves Working before
        // the EZTrace finalize inside it: both end at Working's leave, and finalize's own leave after it is dropped)
        Map<Long, List<String>> expected = new TreeMap<>(); // location -> "B name t" / "E t"
        Map<Long, List<String>> open = new TreeMap<>();
        Matcher e = Pattern.compile("(?m)^(ENTER|LEAVE) +(\\d+) +(\\d+) +Region: \"([^\"]*)\"").matcher(printed);
        int cut = 0;
        while (e.find()) {
            long location = Long.parseLong(e.group(2));
            List<String> events = expected.computeIfAbsent(location, k -> new ArrayList<>());
            List<String> stack = open.computeIfAbsent(location, k -> new ArrayList<>());
            if (e.group(1).equals("ENTER")) {
                events.add("B " + e.group(4) + " " + e.group(3));
                stack.add(e.group(4));
            } else if (stack.contains(e.group(4))) {
                int at = stack.lastIndexOf(e.group(4));
                cut += stack.size() - 1 - at;
                while (stack.size() > at) {
                    stack.remove(stack.size() - 1);
                    events.add("E " + e.group(3));
                }
            }
        }
        assertEquals(3, cut, "delays-4: ranks 1-3 enter EZTrace finalize before leaving Working (rank 0 after: otf2-print)");
        // the locations 0, 536870911, 1073741822, 1610612733 are ranks 0-3 (otf2-print -G: "P#0T#0" <0>, "P#1T#0" <536870911>, ...)
        List<List<String>> byRank = new ArrayList<>(expected.values());
        assertEquals(4, byRank.size());

        // the tracks: a process per rank (pid = rank + 1, named), a thread in each
        Map<Long, Integer> rankOfThreadTrack = new TreeMap<>();
        int processes = 0;
        for (String p : packets) {
            if (p.contains("track_descriptor {") && p.contains("process {")) {
                long pid = number(p, "pid");
                assertEquals("rank " + (pid - 1) + " (P#" + (pid - 1) + ")", text(p, "process_name"));
                processes++;
            } else if (p.contains("track_descriptor {") && p.contains("thread {")) {
                assertEquals("thread 0", text(p, "thread_name"));
                rankOfThreadTrack.put(number(p, "uuid"), (int) number(p, "pid") - 1);
            }
        }
        assertEquals(4, processes);
        assertEquals(List.of(0, 1, 2, 3), List.copyOf(rankOfThreadTrack.values()));

        // each sequence's slices: incremental timestamps summed, names by their interned id
        Map<Long, Integer> rankOfSequence = new TreeMap<>();
        Map<Long, Long> clock = new TreeMap<>();
        Map<Long, Map<Long, String>> names = new TreeMap<>();
        Map<Integer, List<String>> written = new TreeMap<>();
        Map<Long, long[]> flows = new TreeMap<>(); // id -> send ns, receive ns
        for (String p : packets) {
            long sequence = number(p, "trusted_packet_sequence_id");
            Map<Long, String> interned = names.computeIfAbsent(sequence, k -> new TreeMap<>());
            Matcher n = Pattern.compile("event_names \\{\\s*iid: (\\d+)\\s*name: \"([^\"]*)\"").matcher(p);
            while (n.find()) {
                interned.put(Long.parseLong(n.group(1)), n.group(2));
            }
            if (p.contains("trace_packet_defaults {")) {
                assertEquals(64, number(p, "timestamp_clock_id"));
                assertTrue(p.contains("clock_id: 64") && p.contains("is_incremental: true"), p);
                rankOfSequence.put(sequence, rankOfThreadTrack.get(number(p, "track_uuid")));
                clock.put(sequence, 0L);
                continue;
            }
            if (p.contains("type: TYPE_INSTANT")) { // a message's end, absolute time
                long id = Math.max(number(p, "flow_ids"), number(p, "terminating_flow_ids"));
                flows.computeIfAbsent(id, k -> new long[2])[p.contains("terminating_flow_ids") ? 1 : 0] = number(p, "timestamp");
                continue;
            }
            if (!p.contains("track_event {")) {
                continue;
            }
            long t = clock.merge(sequence, number(p, "timestamp"), Long::sum);
            List<String> events = written.computeIfAbsent(rankOfSequence.get(sequence), k -> new ArrayList<>());
            events.add(p.contains("TYPE_SLICE_BEGIN") ? "B " + interned.get(number(p, "name_iid")) + " " + t : "E " + t);
        }
        for (int rank = 0; rank < 4; rank++) {
            assertEquals(byRank.get(rank), written.get(rank), "rank " + rank);
        }
        // delays-4's two messages (definitions §8 test program): each a flow from its send to its later receive
        assertEquals(2, flows.size());
        flows.values().forEach(f -> assertTrue(f[0] > 0 && f[1] > f[0], f[0] + " " + f[1]));
    }

    /** A terminal as standard output gets no binary trace: a usage error that says what to do (it printed the bytes). */
    @Test
    void aTerminalGetsNoBinaryTrace() throws Exception {
        Terminal.Run r = Terminal.igtrace(dir, "timeline", TimelineCommandTest.DELAYS, "--format", "perfetto");
        assertEquals(2, r.code());
        assertTrue(r.typescript().contains("--format perfetto writes a binary trace: give -o FILE.pftrace"), r.typescript());
    }

    /**
     * TraceR's stencil4d (otf2-print -L 0) leaves TRACER_Loop (entered at tick 2196269523225093, left at ...530268391)
     * before the TRACER_WallTime_Loop it entered inside it (left at ...530315086), with two TRACER_WallTime_InLoop calls
     * never left: the leave named TRACER_Loop closed the innermost call, so TRACER_Loop was not written at all and an
     * InLoop call took its end. Now TRACER_Loop lasts 7043298 ticks / 2.095147102 GHz = 3361.720 us, the calls inside it
     * cut at its end. And in a window the JSON's ts and dur come from the same rounded ends: no call ends after its caller
     * (MPI_Irecv 1552499.875 + 0.126 ended 1 ns after the window's end, where its caller was cut).
     */
    @Test
    void aLeaveClosesTheRegionItNamesAndACallNeverEndsAfterItsCaller() throws Exception {
        String stencil = TimelineCommandTest.TESTDATA.resolve("otf2/scorep-tracer-stencil4d-32").toString();
        for (String window : new String[] {null, "1550.1ms:1552.5ms"}) {
            Path json = dir.resolve(window == null ? "whole.json" : "window.json");
            List<String> args = new ArrayList<>(List.of("timeline", stencil, "--clock-correction", "none", "-o", json.toString(), "-q"));
            if (window != null) {
                args.addAll(List.of("--window", window));
            }
            TimelineCommandTest.Run r = TimelineCommandTest.igtrace(args.toArray(String[]::new));
            assertEquals(0, r.code(), r.err());
            assertEquals("ok", SubcommandsTest.python(String.join("\n",
                    "import json, sys",
                    "from decimal import Decimal",
                    "d = json.load(open(sys.argv[1]), parse_float=Decimal)",
                    "xs = [e for e in d['traceEvents'] if e.get('ph') == 'X']",
                    "if sys.argv[2] == 'whole':",
                    "    loop = [e for e in xs if e['pid'] == 1 and e['name'] == 'TRACER_Loop']",
                    "    assert [str(e['dur']) for e in loop] == ['3361.720'], loop",
                    "by = {}",
                    "for e in xs:",
                    "    by.setdefault((e['pid'], e['tid']), []).append((e['ts'], -e['dur'], e['ts'] + e['dur']))",
                    "for k, calls in by.items():",
                    "    open_ends = []",
                    "    for ts, negdur, end in sorted(calls):",
                    "        while open_ends and open_ends[-1] <= ts:",
                    "            open_ends.pop()",
                    "        assert not open_ends or end <= open_ends[-1], (k, ts, end, open_ends[-1])",
                    "        open_ends.append(end)",
                    "print('ok')"), json.toString(), window == null ? "whole" : "window"));
        }
    }
}
