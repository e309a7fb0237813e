package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged copies of the bundled traces, fed to igtrace as a user runs it (a fresh JVM per case):
 * files truncated at random points, bits flipped, files deleted, files overwritten by another file
 * of the same trace. For every case: exit code 0 or 1; on failure exactly one line on standard
 * error and no output file; never a stack trace; no JVM crash file; no hang (60 s per case).
 * Reproducible: the cases come from a fixed seed ({@code -Digtrace.fuzz.seed}); their number is
 * {@code -Digtrace.fuzz.cases} (default 240, about a minute on two cores).
 */
class DamagedTraceFuzzTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();
    private static final List<String> SOURCES = List.of(
            "otf2/pi-4", "otf2/patterns-4", "otf2/synth", "otf2/scorep-ping-pong", "otf2/scorep-late-sender-barrier",
            "otf1/synth-z", "otf1/synth-plain", "otf1/synth-long", "otf1/vt-md-mpi-cuda");

    private record Outcome(String description, int code, String err, boolean outputExists, List<String> crashFiles) {
        String problem() {
            if (code != 0 && code != 1) {
                return "exit code " + code;
            }
            if (err.contains("Exception") || err.lines().anyMatch(l -> l.startsWith("\tat ") || l.strip().startsWith("at "))) {
                return "a stack trace";
            }
            if (!crashFiles.isEmpty()) {
                return "JVM crash files " + crashFiles;
            }
            if (code == 1 && err.lines().count() != 1) {
                return "not one line of error";
            }
            if (code == 1 && outputExists) {
                return "an output file after a failure";
            }
            if (code == 0 && !outputExists) {
                return "no output file after success";
            }
            return null;
        }
    }

    @Test
    void damagedTracesNeverCrashHangOrLeaveHalfAFile(@TempDir Path work) throws Exception {
        long seed = Long.getLong("igtrace.fuzz.seed", 20261122L);
        int cases = Integer.getInteger("igtrace.fuzz.cases", 240);
        Random random = new Random(seed);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()));
        List<Future<Outcome>> futures = new ArrayList<>();
        for (int i = 0; i < cases; i++) {
            Path dir = work.resolve("case" + i);
            String description = damage(TESTDATA.resolve(SOURCES.get(random.nextInt(SOURCES.size()))), dir, random);
            boolean skipMissing = random.nextInt(4) == 0;
            futures.add(pool.submit(() -> run(dir, description, skipMissing)));
        }
        List<String> problems = new ArrayList<>();
        int failures = 0;
        for (Future<Outcome> f : futures) {
            Outcome o = f.get();
            failures += o.code() == 1 ? 1 : 0;
            String problem = o.problem();
            if (problem != null) {
                problems.add(o.description() + ": " + problem + " (exit " + o.code() + ", stderr: " + o.err().strip() + ")");
            }
        }
        pool.shutdown();
        System.out.println("damaged traces: " + cases + " cases (seed " + seed + "), " + (cases - failures)
                + " read, " + failures + " refused with one line, " + problems.size() + " went wrong");
        assertTrue(problems.isEmpty(), problems.size() + " of " + cases + " cases went wrong:\n" + String.join("\n", problems));
        assertTrue(failures > cases / 10, "the damage must make some reads fail, not only succeed: " + failures + " of " + cases);
    }

    /** Copies the trace to {@code dir} and damages one of its files; returns what was done. */
    private static String damage(Path source, Path dir, Random random) throws IOException {
        copyTree(source, dir);
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = new ArrayList<>(walk.filter(Files::isRegularFile).sorted().toList());
        }
        Path victim = files.get(random.nextInt(files.size()));
        String name = TESTDATA.relativize(source) + "/" + dir.relativize(victim);
        byte[] bytes = Files.readAllBytes(victim);
        switch (random.nextInt(4)) {
            case 0 -> {
                int at = random.nextInt(bytes.length + 1);
                Files.write(victim, java.util.Arrays.copyOf(bytes, at));
                return name + " truncated to " + at + " of " + bytes.length + " bytes";
            }
            case 1 -> {
                int flips = 1 + random.nextInt(8);
                for (int k = 0; k < flips && bytes.length > 0; k++) {
                    bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
                }
                Files.write(victim, bytes);
                return name + " with " + flips + " bits flipped";
            }
            case 2 -> {
                Files.delete(victim);
                return name + " deleted";
            }
            default -> {
                Path other = files.get(random.nextInt(files.size()));
                Files.copy(other, victim, StandardCopyOption.REPLACE_EXISTING);
                return name + " overwritten by " + dir.relativize(other);
            }
        }
    }

    private static Outcome run(Path dir, String description, boolean skipMissing) throws Exception {
        Path trace = traceIn(dir);
        Path output = dir.resolve("out").resolve("graph.graphml");
        Files.createDirectories(output.getParent());
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                trace.toString(), "-o", output.toString(), "-q"));
        if (skipMissing) {
            command.add("--skip-missing");
            description += " (--skip-missing)";
        }
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            return new Outcome(description, -1, "hang: killed after 60 s", false, List.of());
        }
        List<String> crashFiles;
        try (Stream<Path> walk = Files.walk(dir)) {
            crashFiles = walk.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("hs_err_pid") || n.startsWith("core")).toList();
        }
        List<String> outputs;
        try (Stream<Path> listed = Files.list(output.getParent())) {
            outputs = listed.map(f -> f.getFileName().toString()).toList();
        }
        boolean outputExists = outputs.contains("graph.graphml");
        if (outputs.size() > (outputExists ? 1 : 0)) {
            crashFiles = new ArrayList<>(crashFiles);
            crashFiles.add("temporary output left: " + outputs);
        }
        return new Outcome(description, p.exitValue(), Files.readString(err, StandardCharsets.UTF_8), outputExists, crashFiles);
    }

    /** The trace to give igtrace: the directory for OTF2, the master file for OTF (it may be damaged itself). */
    private static Path traceIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> masters = files.filter(f -> f.getFileName().toString().endsWith(".otf")).toList();
            return masters.isEmpty() ? dir : masters.get(0);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
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
