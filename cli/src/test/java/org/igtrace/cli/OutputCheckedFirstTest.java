package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Every command that takes {@code -o} refuses an output folder it cannot write before it reads the
 * trace (issue 41 item 8: report and timeline found it only after the whole analysis, 40 s on a
 * 4,096-rank trace). The commands are taken from the command line itself, so a new one cannot miss it.
 * The trace given is damaged (its anchor is text): a command that read first says so instead.
 */
class OutputCheckedFirstTest {
    /** The options a command requires besides its traces. */
    private static final Map<String, List<String>> REQUIRED = Map.of("map", List.of("--topology", "ring:4"));

    @TempDir
    Path dir;

    /** The commands with {@code -o}, each with as many (damaged) traces as it takes and its required options. */
    private List<List<String>> commands(Path trace) {
        List<List<String>> all = new ArrayList<>();
        for (Map.Entry<String, CommandLine> sub : IgtraceCommand.commandLine().getSubcommands().entrySet()) {
            CommandLine.Model.CommandSpec spec = sub.getValue().getCommandSpec();
            if (spec.findOption("-o") == null) {
                continue;
            }
            List<String> args = new ArrayList<>(List.of(sub.getKey()));
            spec.positionalParameters().forEach(p -> args.add(trace.toString()));
            for (CommandLine.Model.OptionSpec o : spec.options()) {
                if (o.required() && o.group() == null) { // one in an optional group (graph's mapping) is required only with it
                    assertTrue(REQUIRED.containsKey(sub.getKey()), sub.getKey() + " requires " + o.longestName() + ": add it to REQUIRED");
                }
            }
            args.addAll(REQUIRED.getOrDefault(sub.getKey(), List.of()));
            all.add(args);
        }
        return all;
    }

    private Path damagedTrace() throws Exception {
        Path anchor = Files.createDirectories(dir.resolve("run")).resolve("traces.otf2");
        Files.writeString(anchor, "not an anchor\n");
        return anchor;
    }

    @Test
    void everyCommandWithOutputRefusesAMissingFolderBeforeReading() throws Exception {
        Path trace = damagedTrace();
        Path missing = dir.resolve("no-such-folder");
        List<List<String>> commands = commands(trace);
        assertTrue(commands.size() >= 9, "graph, stats, info, timeline, report, predict, map, why, diff: " + commands);
        for (List<String> c : commands) {
            List<String> args = new ArrayList<>(c);
            args.addAll(List.of("-q", "-o", missing.resolve("out.txt").toString()));
            SubcommandsTest.Run r = SubcommandsTest.igtrace(args.toArray(new String[0]));
            assertEquals(1, r.code(), c + ": " + r.err());
            assertEquals("igtrace: " + missing.resolve("out.txt") + ": directory " + missing + " does not exist", r.err().strip(),
                    c.get(0) + " read the trace before it checked the output");
        }
    }

    @Test
    void everyCommandWithOutputRefusesAnUnwritableFolderBeforeReading() throws Exception {
        Path procSys = Path.of("/proc/sys"); // not writable even by root (creating a file there: ENOENT)
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(procSys) && !Files.isWritable(procSys));
        Path trace = damagedTrace();
        for (List<String> c : commands(trace)) {
            List<String> args = new ArrayList<>(c);
            args.addAll(List.of("-q", "-o", "/proc/sys/x.out"));
            SubcommandsTest.Run r = SubcommandsTest.igtrace(args.toArray(new String[0]));
            assertEquals(1, r.code(), c + ": " + r.err());
            assertEquals("igtrace: /proc/sys/x.out: directory /proc/sys is not writable", r.err().strip(),
                    c.get(0) + " read the trace before it checked the output");
        }
    }

    /**
     * map's --simgrid DIR in a folder it cannot write (its parent read-only) was found only after the
     * whole analysis (issue 41 item 8: 73 s on a 4,096-rank trace); as -o's, it is refused first.
     */
    @Test
    void mapRefusesAnUnwritableSimGridFolderBeforeReading() throws Exception {
        Path procSys = Path.of("/proc/sys");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(procSys) && !Files.isWritable(procSys));
        Path trace = damagedTrace();
        for (String target : List.of("/proc/sys/sg", "/proc/sys/sg/deeper")) {
            SubcommandsTest.Run r = SubcommandsTest.igtrace("map", trace.toString(), "--topology", "ring:4", "-q", "--simgrid", target);
            assertEquals(1, r.code(), r.err());
            assertEquals("igtrace: --simgrid " + target + ": directory /proc/sys is not writable", r.err().strip(),
                    "map read the trace before it checked --simgrid's folder");
        }
    }

    /** Found only when the file is made (a folder that became unwritable during the run): the line says why. */
    @Test
    void aLateFailureNamesItsReason() {
        Path procSys = Path.of("/proc/sys");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(procSys) && !Files.isWritable(procSys));
        Path target = procSys.resolve("late.txt");
        Failure e = org.junit.jupiter.api.Assertions.assertThrows(Failure.class,
                () -> Output.write(target, null, out -> out.write("x")));
        // AtomicOutput makes .late.txt.PID.part beside it; the kernel answers ENOENT in /proc/sys: said of the file asked
        // for (it named the temporary file, which the user never asked for)
        assertEquals(target + ": cannot write a file in /proc/sys (no such file or directory)", e.getMessage());
        assertFalse(Files.exists(target));
    }
}
