package org.igtrace.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.reader.otf1.Otf1TraceReader;
import org.igtrace.reader.otf2.Otf2TraceReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 18: the {@link PartReader} a trace's reader makes, serialised and read back as in another
 * process, reads every part as the whole read does (same process, same location order, same
 * events), and a part opens only its own files: with the global definitions and every other
 * location's files deleted after the driver opened the trace, part 0 still reads.
 */
class PartReaderTest {

    @ParameterizedTest
    @ValueSource(strings = {"otf2/delays-4", "otf2/scorep-jacobi-2nodes", "otf2/jacobi-8", "otf1/synth-z/synth.otf",
                            "otf1/vt-md-mpi-cuda/md_mpi_cuda.otf"})
    void partsReadElsewhereGiveTheWholeReadsEvents(String name) throws Exception {
        PartitionedSource source = open(TestTraces.dir().resolve(name));
        Recorder whole = new Recorder();
        source.read(whole);
        PartReader elsewhere = roundTrip(source.partReader());
        assertEquals(source.definitions().processCount(), elsewhere.definitions().processCount());
        Recorder parts = new Recorder();
        List<Integer> even = new ArrayList<>();
        List<Integer> odd = new ArrayList<>();
        for (int p = 0; p < source.parts(); p++) {
            (p % 2 == 0 ? even : odd).add(p);
        }
        elsewhere.readParts(parts, odd.stream().mapToInt(Integer::intValue).toArray());
        elsewhere.readParts(parts, even.stream().mapToInt(Integer::intValue).toArray());
        assertTrue(source.parts() > 1 && whole.locations.size() == source.parts(), name + ": " + whole.locations.keySet());
        assertEquals(whole.locations, parts.locations, name);
    }

    @Tag("slow")
    @Test
    void anOtf2PartOpensOnlyItsOwnLocationsFiles(@TempDir Path dir) throws Exception {
        copy(TestTraces.otf2("scorep-jacobi-2nodes"), dir);
        PartitionedSource source = open(dir.resolve("traces.otf2"));
        Recorder whole = new Recorder();
        source.read(whole);
        PartReader elsewhere = roundTrip(source.partReader());
        Files.delete(dir.resolve("traces.def"));
        try (Stream<Path> files = Files.list(dir.resolve("traces"))) {
            for (Path f : files.toList()) {
                if (!f.getFileName().toString().startsWith("0.")) {
                    Files.delete(f);
                }
            }
        }
        Recorder part = new Recorder();
        elsewhere.readParts(part, new int[] {0});
        assertEquals(Map.of(0L, whole.locations.get(0L)), part.locations);
        assertTrue(whole.locations.get(0L).size() > 100, "location 0 has events");
    }

    @Test
    void anOtfPartOpensOnlyItsOwnEventsFile(@TempDir Path dir) throws Exception {
        copy(TestTraces.otf1("synth-plain"), dir);
        PartitionedSource source = open(dir.resolve("synth.otf"));
        Recorder whole = new Recorder();
        source.read(whole);
        PartReader elsewhere = roundTrip(source.partReader());
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                if (!f.getFileName().toString().equals("synth.1.events")) {
                    Files.delete(f);
                }
            }
        }
        Recorder part = new Recorder();
        elsewhere.readParts(part, new int[] {0});
        assertEquals(Map.of(0L, whole.locations.get(0L)), part.locations);
        assertTrue(whole.locations.get(0L).size() > 10, "stream 1 has events");
    }

    private static PartitionedSource open(Path trace) throws Exception {
        TraceFormat.Located located = TraceFormat.locate(trace);
        ReadOptions options = new ReadOptions(false, 1);
        return located.format() == TraceFormat.OTF2 ? Otf2TraceReader.open(located.file(), options, ReadProgress.NONE)
                : Otf1TraceReader.open(located.file(), options, ReadProgress.NONE);
    }

    private static PartReader roundTrip(PartReader reader) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(reader);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (PartReader) in.readObject();
        }
    }

    private static void copy(Path from, Path to) throws Exception {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    /** Every location's events as text lines, by location order (with its process). */
    private static final class Recorder implements LocationSink {
        final Map<Long, List<String>> locations = new TreeMap<>();

        @Override
        public synchronized LocationEvents location(int process, long order) {
            List<String> lines = new ArrayList<>();
            lines.add("process " + process);
            locations.put(order, lines);
            return new LocationEvents() {
                @Override
                public void enter(long time, int region) {
                    lines.add("enter " + time + " " + region);
                }

                @Override
                public void leave(long time, int region) {
                    lines.add("leave " + time + " " + region);
                }

                @Override
                public void send(long time, int receiver, int communicator, int tag, long bytes) {
                    lines.add("send " + time + " " + receiver + " " + communicator + " " + tag + " " + bytes);
                }

                @Override
                public void receive(long time, int sender, int communicator, int tag, long bytes) {
                    lines.add("receive " + time + " " + sender + " " + communicator + " " + tag + " " + bytes);
                }

                @Override
                public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
                    lines.add("collective " + time + " " + kind + " " + communicator + " " + root + " " + sent + " " + received);
                }

                @Override
                public void end() {
                    lines.add("end");
                }
            };
        }
    }
}
