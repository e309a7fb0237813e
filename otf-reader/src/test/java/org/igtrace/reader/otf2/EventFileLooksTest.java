package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The checks before the read look at each event file once (issue 41 item 6): the archive's folder
 * listed once, and each {@code NAME/<location>.evt} stat'ed once by name (the listing's look, whose
 * size the checks and the reading threads use); they listed the folder twice (the first missing
 * file, then SIONlib's files) and stat'ed each event file twice (the listing, then its size), 200,000
 * stats and two listings of 200,000 names at 10^5 processes. Counted with strace on a JVM that opens
 * the archive as every command does ({@link Otf2TraceReader#open}); libotf2's own look at a file it
 * opened ({@code fstat}, no name) is not igtrace's. Skipped where strace is not installed.
 */
class EventFileLooksTest {
    @TempDir
    Path dir;

    /** Opens the archive {@code args[0]} as the commands do (the global definitions, the checks of every location's files). */
    public static void main(String[] args) throws Exception {
        Otf2TraceReader.open(Path.of(args[0]), new ReadOptions(false, 1), ReadProgress.NONE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"patterns-8", "scorep-late-sender-barrier"})
    void eachEventFileIsLookedAtOnceAndTheFolderListedOnce(String name) throws Exception {
        assumeTrue(Stream.of(System.getenv("PATH").split(":")).anyMatch(p -> Files.isExecutable(Path.of(p, "strace"))), "strace not installed");
        Path anchor = TraceFormat.locate(TestTraces.otf2(name)).file();
        String anchorName = anchor.getFileName().toString();
        Path folder = anchor.resolveSibling(anchorName.substring(0, anchorName.length() - 5));
        Path log = dir.resolve("strace");
        // one log per thread (-ff: no call split by another thread's), descriptors shown as their paths (-y)
        Process p = new ProcessBuilder("strace", "-ff", "-y", "-qq", "-o", log.toString(), "-e",
                "trace=stat,lstat,newfstatat,statx,getdents64",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
                EventFileLooksTest.class.getName(), anchor.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("out").toFile()).start();
        assertEquals(0, p.waitFor(), () -> read(dir.resolve("out")));

        List<String> evt;
        try (Stream<Path> files = Files.list(folder)) {
            evt = files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".evt")).sorted().toList();
        }
        Map<String, Integer> looks = new TreeMap<>();
        evt.forEach(f -> looks.put(f, 0));
        int listings = 0;
        Pattern named = Pattern.compile("^(?:stat|statx|lstat|newfstatat)\\((?:AT_FDCWD|\\d+)(?:<[^>]*>)?, \"([^\"]*)\"");
        List<Path> logs;
        try (Stream<Path> files = Files.list(dir)) {
            logs = files.filter(f -> f.getFileName().toString().startsWith("strace.")).toList();
        }
        for (Path threadLog : logs) {
            for (String line : Files.readAllLines(threadLog)) {
                Matcher m = named.matcher(line);
                if (m.find() && m.group(1).endsWith(".evt")) {
                    looks.merge(Path.of(m.group(1)).getFileName().toString(), 1, Integer::sum);
                }
                if (line.startsWith("getdents64(") && line.contains("<" + folder.toRealPath() + ">") && line.endsWith("= 0")) {
                    listings++; // the end of one listing
                }
            }
        }
        for (Map.Entry<String, Integer> e : looks.entrySet()) {
            assertEquals(1, e.getValue(), name + ": stats of " + e.getKey());
        }
        assertEquals(1, listings, name + ": listings of " + folder);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
