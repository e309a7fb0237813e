package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged copies of the bundled traces, fed to igtrace as a user runs it (a fresh JVM per case,
 * two at a time), one dynamic test per case.
 *
 * <p>Every file a trace consists of (OTF2: anchor, global definitions, local definitions, event
 * files; OTF: master, definitions, events) is, in turn, truncated at a random point, emptied,
 * overwritten with random bytes of its length, and deleted. Each such case must fail (exit 1), or
 * succeed naming the damaged file (a note, e.g. with {@code --skip-missing}/{@code --skip-damaged},
 * which are added at random): never a shorter trace read silently. The one exception is damage to
 * nothing igtrace reads, which must then leave the output exactly as the intact trace's: files of
 * GPU streams (left out by design, never opened), and a plain OTF events file cut at a line end
 * after its last record (only time and process lines lost). Further cases flip bits or overwrite a
 * file with another of the same trace, which a format without checksums cannot always notice; for
 * those only the rules below apply.
 *
 * <p>For every case: exit code 0 or 1; on failure exactly one line on standard error and no output
 * file; never a stack trace; no JVM crash file; no hang (60 s per case). The case list comes from
 * a fixed seed ({@code -Digtrace.fuzz.seed}), so it is the same on every run ({@code
 * -Digtrace.fuzz.sources=otf1} keeps the sources whose path starts so). Tagged {@code slow}:
 * {@code mvn verify -Pfull} (and CI) runs it, the default {@code mvn verify} does not.
 */
@Tag("slow")
class DamagedTraceFuzzTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();
    private static final List<String> SOURCES = Stream.of(
            "otf2/pi-4", "otf2/synth", "otf2/scorep-ping-pong", "otf2/scorep-late-sender-barrier",
            "otf1/synth-z", "otf1/synth-plain", "otf1/synth-long", "otf1/vt-md-mpi-cuda")
            .filter(s -> s.startsWith(System.getProperty("igtrace.fuzz.sources", ""))).toList();
    private static final int EXTRA_CASES = Integer.getInteger("igtrace.fuzz.extra", 24);
    private static final ExecutorService POOL = Executors.newFixedThreadPool(2);
    /**
     * Files of GPU streams: OTF's CUDA processes, the synthetic OTF2 run's location 5 (docs/graph.md): its
     * events and its local definitions, since a location that is not a CPU thread is never opened.
     */
    private static final String NOT_READ = "otf1/synth-[a-z]+/synth\\.6\\.events(\\.z)?|otf1/vt-md-mpi-cuda/md_mpi_cuda\\.10000[1-4]"
            + "\\.events\\.z|otf2/synth/synth/5\\.(evt|def)";

    private enum Damage { TRUNCATE, EMPTY, RANDOM_BYTES, DELETE, FLIP_BITS, OVERWRITE_BY_OTHER }

    /** One damaged copy: what was done, to which file, and how igtrace is run on it. */
    private record Case(String source, Path dir, String victim, Damage damage, String description, List<String> options,
                        boolean cutsNothingRead) {
        boolean mustBeNoticed() {
            return damage != Damage.FLIP_BITS && damage != Damage.OVERWRITE_BY_OTHER;
        }
    }

    /** @param output the output file with the trace's path replaced by {@code TRACE}, or null when none was written */
    private record Outcome(int code, String err, String output, List<String> crashFiles) {
    }

    @AfterAll
    static void stopPool() {
        POOL.shutdownNow();
    }

    @TestFactory
    Stream<DynamicTest> damagedTracesFailOrNameTheFileAndNeverCrashHangOrLeaveHalfAFile(@TempDir Path work) throws Exception {
        Random random = new Random(Long.getLong("igtrace.fuzz.seed", 20261123L));
        Map<String, Future<Outcome>> intact = new HashMap<>();
        List<Case> cases = new ArrayList<>();
        for (String source : SOURCES) {
            Path copy = work.resolve("intact").resolve(source);
            copyTree(TESTDATA.resolve(source), copy);
            intact.put(source, POOL.submit(() -> run(copy, List.of())));
            for (String file : traceFiles(TESTDATA.resolve(source))) {
                for (Damage damage : List.of(Damage.TRUNCATE, Damage.EMPTY, Damage.RANDOM_BYTES, Damage.DELETE)) {
                    cases.add(damage(source, work.resolve("case" + cases.size()), file, damage, random));
                }
            }
        }
        for (int i = 0; i < EXTRA_CASES; i++) {
            String source = SOURCES.get(random.nextInt(SOURCES.size()));
            List<String> files = traceFiles(TESTDATA.resolve(source));
            Damage damage = random.nextBoolean() ? Damage.FLIP_BITS : Damage.OVERWRITE_BY_OTHER;
            cases.add(damage(source, work.resolve("case" + cases.size()), files.get(random.nextInt(files.size())), damage, random));
        }
        List<Future<Outcome>> outcomes = new ArrayList<>();
        for (Case c : cases) {
            outcomes.add(POOL.submit(() -> run(c.dir(), c.options())));
        }
        Stream<DynamicTest> each = IntStream.range(0, cases.size()).mapToObj(i -> DynamicTest.dynamicTest(
                cases.get(i).description(), () -> {
                    Case c = cases.get(i);
                    Outcome o = outcomes.get(i).get();
                    String problem = problem(c, o, intact.get(c.source()).get());
                    assertNull(problem, () -> c.description() + ": " + problem + " (exit " + o.code() + ", stderr: "
                            + o.err().strip() + ")");
                }));
        return Stream.concat(each, Stream.of(DynamicTest.dynamicTest("summary", () -> summary(cases, outcomes, intact))));
    }

    /** Prints how the cases ended; the damage must make reads fail, not only pass unnoticed. */
    private static void summary(List<Case> cases, List<Future<Outcome>> outcomes, Map<String, Future<Outcome>> intact)
            throws Exception {
        int refused = 0, named = 0;
        List<String> unchanged = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            Outcome o = outcomes.get(i).get();
            if (o.code() == 1) {
                refused++;
            } else if (o.code() == 0 && names(o.err(), c.victim())) {
                named++;
            } else if (o.code() == 0 && c.cutsNothingRead()) {
                unchanged.add(c.description());
            }
        }
        System.out.println("damaged traces: " + cases.size() + " cases, " + refused + " refused with one line, " + named
                + " read naming the damaged file, " + unchanged.size() + " damaging nothing igtrace reads: " + unchanged);
        assertTrue(refused > cases.size() / 2, "most damage must make the read fail: " + refused + " of " + cases.size());
    }

    /** What went wrong in a case, or null. */
    private static String problem(Case c, Outcome o, Outcome intact) {
        if (o.code() != 0 && o.code() != 1) {
            return o.code() == -1 ? "a hang: killed after 60 s" : "exit code " + o.code();
        }
        if (o.err().contains("Exception") || o.err().lines().anyMatch(l -> l.startsWith("\tat ") || l.strip().startsWith("at "))) {
            return "a stack trace";
        }
        if (!o.crashFiles().isEmpty()) {
            return "JVM crash files or temporary output left: " + o.crashFiles();
        }
        if (o.code() == 1) {
            return o.err().lines().count() != 1 ? "not one line of error" : o.output() != null ? "an output file after a failure" : null;
        }
        if (o.output() == null) {
            return "no output file after success";
        }
        if (!c.mustBeNoticed() || names(o.err(), c.victim()) || c.cutsNothingRead() && o.output().equals(intact.output())) {
            return null;
        }
        return "read as a good trace: exit 0 and nothing names " + c.victim()
                + (o.output().equals(intact.output()) ? " (the output is the intact trace's)" : "");
    }

    /** Whether a message names the file: its path in the trace, or (missing OTF files) its name with "[.z]". */
    private static boolean names(String err, String victim) {
        String plain = victim.endsWith(".z") ? victim.substring(0, victim.length() - 2) : victim;
        return err.contains(victim) || err.contains(plain + "[.z]");
    }

    /** The files a trace consists of (relative paths), sorted: not tool settings such as scorep.cfg. */
    private static List<String> traceFiles(Path source) throws IOException {
        try (Stream<Path> walk = Files.walk(source)) {
            return walk.filter(Files::isRegularFile).map(f -> source.relativize(f).toString())
                    .filter(n -> n.matches(".*\\.(otf2|def|evt|otf|def\\.z|events|events\\.z)")).sorted().toList();
        }
    }

    /** Copies the trace to {@code dir} and damages one of its files. */
    private static Case damage(String source, Path dir, String file, Damage damage, Random random) throws IOException {
        copyTree(TESTDATA.resolve(source), dir);
        Path victim = dir.resolve(file);
        byte[] bytes = Files.readAllBytes(victim);
        boolean cutsNothingRead = (source + "/" + file).matches(NOT_READ);
        String what = switch (damage) {
            case TRUNCATE -> {
                int at = 1 + random.nextInt(bytes.length - 1);
                Files.write(victim, Arrays.copyOf(bytes, at));
                cutsNothingRead |= file.endsWith(".events") && bytes[at - 1] == '\n'
                        && new String(bytes, at, bytes.length - at, StandardCharsets.ISO_8859_1).matches("(\\*?[0-9a-f]*\n)*");
                // an OTF2 file that lost only libotf2's end-of-buffer mark after its end-of-file record: read whole
                cutsNothingRead |= file.matches(".*\\.(evt|def)") && at == bytes.length - 1;
                yield "truncated to " + at + " of " + bytes.length + " bytes";
            }
            case EMPTY -> {
                Files.write(victim, new byte[0]);
                yield "emptied";
            }
            case RANDOM_BYTES -> {
                random.nextBytes(bytes);
                Files.write(victim, bytes);
                yield "overwritten with " + bytes.length + " random bytes";
            }
            case DELETE -> {
                Files.delete(victim);
                yield "deleted";
            }
            case FLIP_BITS -> {
                int flips = 1 + random.nextInt(8);
                for (int k = 0; k < flips; k++) {
                    bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
                }
                Files.write(victim, bytes);
                yield "with " + flips + " bits flipped";
            }
            case OVERWRITE_BY_OTHER -> {
                List<String> files = traceFiles(dir);
                String other = files.get(random.nextInt(files.size()));
                Files.copy(dir.resolve(other), victim, StandardCopyOption.REPLACE_EXISTING);
                yield "overwritten by " + other;
            }
        };
        List<String> options = new ArrayList<>();
        if (random.nextInt(4) == 0) {
            options.add("--skip-missing");
        }
        if (source.startsWith("otf1") && random.nextInt(4) == 0) {
            options.add("--skip-damaged");
        }
        String description = source + "/" + file + " " + what + (options.isEmpty() ? "" : " (" + String.join(" ", options) + ")");
        return new Case(source, dir, file, damage, description, List.copyOf(options), cutsNothingRead);
    }

    private static Outcome run(Path dir, List<String> options) throws Exception {
        Path trace = traceIn(dir);
        Path output = dir.resolve("out").resolve("graph.graphml");
        Files.createDirectories(output.getParent());
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", // a second or less of work: start fast
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                trace.toString(), "-o", output.toString()));
        command.addAll(options);
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            return new Outcome(-1, "", null, List.of());
        }
        List<String> leftOver;
        try (Stream<Path> walk = Files.walk(dir)) {
            leftOver = new ArrayList<>(walk.map(f -> f.getFileName().toString())
                    .filter(n -> n.startsWith("hs_err_pid") || n.startsWith("core")).toList());
        }
        List<String> outputs;
        try (Stream<Path> listed = Files.list(output.getParent())) {
            outputs = listed.map(f -> f.getFileName().toString()).filter(n -> !n.equals("graph.graphml")).toList();
        }
        if (!outputs.isEmpty()) {
            leftOver.add("temporary output " + outputs);
        }
        String written = Files.exists(output) ? Files.readString(output, StandardCharsets.UTF_8).replace(trace.toString(), "TRACE") : null;
        return new Outcome(p.exitValue(), Files.readString(err, StandardCharsets.UTF_8), written, leftOver);
    }

    /** The trace to give igtrace: the directory for OTF2, the master file for OTF (it may be damaged itself). */
    private static Path traceIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> masters = files.filter(f -> f.getFileName().toString().endsWith(".otf")).toList();
            return masters.isEmpty() ? dir : masters.get(0);
        }
    }

    /** Copies the folder {@code from} with all it holds to {@code to} (other tests' damaged copies use it too). */
    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            List<Path> paths = new ArrayList<>(walk.toList());
            Collections.sort(paths, Comparator.comparingInt(Path::getNameCount));
            for (Path p : paths) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
