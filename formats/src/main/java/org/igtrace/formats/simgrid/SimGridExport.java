package org.igtrace.formats.simgrid;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;
import org.igtrace.core.replay.ReplayParameters;
import org.igtrace.core.replay.TraceReplay;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.trace.WorldRankNotes;
import org.igtrace.core.util.Labels;
import org.igtrace.formats.Escape;

/**
 * {@code igtrace predict --format simgrid -o DIR} (and {@code igtrace map --simgrid}): the replay as SimGrid's
 * time-independent trace ({@code rank-N.txt} per rank and {@code index.txt} listing them), a platform
 * ({@code platform.xml}: without a network definitions section 9's {@code L + S / B} links, with one the topology's
 * links, see {@link SimGridPlatform}), the {@code hostfile} placing each rank, and {@code smpirun.sh}, the command
 * that replays it in SMPI with SimGrid's own factors neutralised. SMPI's ranks are dense, 0 to n - 1 ({@code smpirun -np
 * n}): the processes analysed in ascending world rank, which are their world ranks unless {@code --skip-missing}
 * analysed processes apart from them; then a comment in {@code smpirun.sh} names the world rank of each. Written into a temporary directory beside DIR and
 * renamed when complete; DIR must not exist or be empty. The actions are core's ({@link
 * org.igtrace.core.replay.TimeIndependentTrace}), their text {@link SimGridActions}'.
 */
public final class SimGridExport {
    /** SMPI settings that make a point-to-point transfer take L + S / B on the platform's links. */
    public static final String CONFIG = "--cfg=network/model:CM02 --cfg=network/TCP-gamma:0 --cfg=smpi/bw-factor:1 --cfg=smpi/lat-factor:1";
    /**
     * With a topology, also no cross-traffic: SimGrid charges each flow's acknowledgements (5 % of its bandwidth) to
     * the reverse direction of its links; on a ring on mesh:4x4 whose neighbours are one hop apart (each direction of
     * a link one flow) SMPI took 6.089 ms with them against predict's 5.991 ms, and 5.991 ms without.
     */
    public static final String TOPOLOGY_CONFIG = "--cfg=network/crosstraffic:0";

    private SimGridExport() {
    }

    /**
     * Writes the complete replay folder {@code dir} of {@code processes} ranks on the machine {@code p}: its latency,
     * bandwidth and eager limit, cpu ratio, and when {@code p.network()} is not null its topology and placement
     * (with the hop latency and the local latency and bandwidth); {@link IOException} with a one-line reason when DIR
     * exists and is not an empty directory or its parent does not exist.
     */
    public static void write(Path dir, TraceReplay replay, ReplayParameters p, int processes) throws IOException {
        write(dir, replay, p, processes, null);
    }

    /**
     * The folder written before it is renamed to {@code target}: {@code .NAME.PID.part} beside it, made as any folder is
     * (the user's umask: a temporary folder's rwx------ stayed on the output, unlike every other output igtrace writes).
     *
     * @param target the folder to be written
     * @return the new, empty part folder
     * @throws IOException when it cannot be made
     */
    public static Path partFolder(Path target) throws IOException {
        String prefix = "." + target.getFileName() + "." + ProcessHandle.current().pid();
        for (int attempt = 0; ; attempt++) {
            try {
                return Files.createDirectory(target.resolveSibling(prefix + (attempt == 0 ? "" : "-" + attempt) + ".part"));
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            }
        }
    }

    /**
     * As {@link #write(Path, TraceReplay, ReplayParameters, int)}, the processes those of {@code definitions} (null:
     * numbered by their world ranks): when their numbers are not their world ranks, {@code smpirun.sh} says which world
     * rank each SMPI rank is.
     */
    public static void write(Path dir, TraceReplay replay, ReplayParameters p, int processes, TraceDefinitions definitions)
            throws IOException {
        Path target = dir.toAbsolutePath();
        if (Files.exists(target) && !Files.isDirectory(target)) { // a file, a device: "not an empty directory" said otherwise
            throw new IOException("exists and is not a directory (a SimGrid replay is written as a directory)");
        }
        if (Files.exists(target) && !isEmpty(target)) {
            throw new IOException("exists and is not an empty directory (a SimGrid replay is written as a directory)");
        }
        Path parent = target.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new IOException("directory " + parent + " does not exist");
        }
        removeStaleParts(target);
        Path temp = partFolder(target);
        // interrupted (Ctrl-C, kill): the half-written folder goes too, as -o's half-written file (it stayed, 11 MB of
        // rank files, and no later run removed it)
        // The hook and the rename take turns: a hook that ran first leaves nothing to rename, one that runs after finds the
        // folder renamed (whole); it removes the folder again while the writing thread, which runs on, puts files in it.
        boolean[] shutDown = {false};
        Thread removeTemp = new Thread(() -> {
            synchronized (shutDown) {
                shutDown[0] = true;
            }
            org.igtrace.formats.Folders.deleteTree(temp);
        }, "igtrace-simgrid-part");
        try {
            Runtime.getRuntime().addShutdownHook(removeTemp);
        } catch (IllegalStateException e) { // a shutdown under way: nothing made
            deleteTree(temp);
            throw new IOException("interrupted: the Java VM is shutting down");
        }
        boolean done = false;
        try {
            StringBuilder index = new StringBuilder();
            for (int r = 0; r < processes; r++) {
                Path file = temp.resolve("rank-" + r + ".txt");
                try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                    SimGridActions.write(replay, r, p, w);
                }
                index.append(file.getFileName()).append('\n'); // relative: smpirun.sh runs in the folder, which may move
            }
            Files.writeString(temp.resolve("index.txt"), index);
            Files.writeString(temp.resolve("hostfile"), SimGridPlatform.hostfile(processes, p.network()));
            try (Writer w = Files.newBufferedWriter(temp.resolve("platform.xml"), StandardCharsets.UTF_8)) {
                if (p.network() == null) {
                    SimGridPlatform.flat(processes, p.latency(), p.bandwidth(), w);
                } else {
                    SimGridPlatform.routed(p, w);
                }
            }
            // the placement names its file: its control characters made visible, so a line break cannot end the comment
            String network = p.network() == null ? "" : String.format(Locale.ROOT,
                    "# Platform: the links of %s (H = %s per hop), ranks placed by %s (local L = %s, B = %s).%n",
                    p.network().topology().name(), Labels.seconds3(p.hopLatency()), Escape.terminal(p.network().placement().description()),
                    Labels.seconds3(p.localLatency()), Labels.bandwidth(p.localBandwidth()));
            Files.writeString(temp.resolve("smpirun.sh"), String.format(Locale.ROOT,
                    "#!/bin/sh%n# Replays igtrace's model run in SimGrid's SMPI (L = %s, B = %s, eager limit %d bytes).%n%s%s%s"
                            + "cd \"$(dirname \"$0\")\" && exec smpirun -np %d -platform platform.xml -hostfile hostfile -replay index.txt %s"
                            + " --cfg=smpi/send-is-detached-thresh:%d --cfg=smpi/async-small-thresh:%d \"$@\"%n",
                    Labels.seconds3(p.latency()), Labels.bandwidth(p.bandwidth()), p.eagerLimit(),
                    (collectivesNote(p) == null ? "" : String.format(Locale.ROOT, "# Collectives run SMPI's own algorithms over L and B,"
                            + " not the costs igtrace fitted per collective family.%n"))
                            + (synchronousNote(replay.run()) == null ? "" : String.format(Locale.ROOT, "# MPI_Ssend and MPI_Issend are"
                            + " written as plain sends (SMPI's replay has no synchronous send): below the eager limit they complete"
                            + " without their receive here.%n")),
                    worldRanks(definitions, processes), network, processes,
                    p.network() == null ? CONFIG : CONFIG + " " + TOPOLOGY_CONFIG, p.eagerLimit(), p.eagerLimit()));
            temp.resolve("smpirun.sh").toFile().setExecutable(true);
            synchronized (shutDown) {
                if (shutDown[0]) {
                    throw new IOException("interrupted: the Java VM is shutting down");
                }
                if (Files.exists(target)) {
                    Files.delete(target);
                }
                Files.move(temp, target);
                done = true;
            }
        } catch (IOException e) {
            synchronized (shutDown) {
                if (shutDown[0]) { // the hook removed the folder under the writing ("rank-1.txt: no such file or directory")
                    throw new IOException("interrupted: the Java VM is shutting down");
                }
            }
            throw e;
        } finally {
            if (!done) {
                deleteTree(temp);
            }
            try {
                Runtime.getRuntime().removeShutdownHook(removeTemp);
            } catch (IllegalStateException e) { // NOPMD: the shutdown under way runs it, and it finds the folder renamed or gone
            }
        }
    }

    /**
     * Removes the part folders a run killed while writing {@code target} left ({@code .NAME.PID.part},
     * {@code .NAME.PID-N.part}) whose process is gone; only that name's, as for {@code -o}'s files (a folder shared with
     * other hosts may hold other runs' folders of other names).
     *
     * @param target the folder to be written
     */
    public static void removeStaleParts(Path target) {
        java.util.regex.Pattern name = java.util.regex.Pattern.compile(
                java.util.regex.Pattern.quote("." + target.getFileName() + ".") + "(\\d{1,18})(-\\d+)?\\.part");
        try (Stream<Path> siblings = Files.list(target.getParent())) {
            for (Path p : siblings.toList()) {
                java.util.regex.Matcher m = name.matcher(p.getFileName().toString());
                if (m.matches() && Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                        && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                    deleteTree(p);
                }
            }
        } catch (IOException | RuntimeException e) { // NOPMD: an unreadable folder: the write itself says what is wrong
        }
    }

    /**
     * The comment naming the world rank of each SMPI rank when the processes are not numbered by their world ranks
     * ({@link TraceDefinitions#ranksAreWorldRanks}), else nothing.
     */
    /**
     * What the export leaves out of a model that prices collectives by costs fitted per family (the calibration's
     * {@link ReplayParameters#collectives()}): SMPI runs its own collective algorithms over L and B, so its run time
     * differs from the prediction by what the collectives cost (docs/predict.md, "SimGrid check").
     *
     * @param p the model exported
     * @return a note for standard error, or null when every collective family costs with L and B
     */
    public static String collectivesNote(ReplayParameters p) {
        ReplayParameters.CollectiveNetwork c = p.collectives();
        if (c == null) {
            return null;
        }
        for (int f = 0; f < c.latency().length; f++) {
            if (c.latency()[f] != p.latency() || c.bandwidth()[f] != p.bandwidth()) {
                return "the SimGrid replay runs collectives as SMPI's own algorithms over L and B, not at the costs fitted per"
                        + " family (\"collectives measured\"): SMPI's run time differs from the prediction by what that changes";
            }
        }
        return null;
    }

    /**
     * The note on synchronous sends when a replayed process called {@code MPI_Ssend} or {@code MPI_Issend} (Score-P defines
     * the regions of MPI calls never made): SMPI's replay has no synchronous send, so the export writes them as plain ones,
     * eager below the limit (testdata/send-modes/ssend: 60.1 ms predicted, 31.0 ms in SMPI, without a word); else null.
     *
     * @param run the recorded run
     * @return the note, or null
     */
    public static String synchronousNote(org.igtrace.core.replay.RecordedRun run) {
        for (int p = 0; p < run.processCount(); p++) {
            org.igtrace.core.replay.LocationActivities l = run.process(p);
            boolean synchronous = l != null && l.callTicksByRegion().keySet().stream().anyMatch(r -> r >= 0
                    && org.igtrace.core.trace.SendMode.of(run.definitions().regionName(r)) == org.igtrace.core.trace.SendMode.SYNCHRONOUS);
            if (synchronous) {
                return "the SimGrid replay writes MPI_Ssend and MPI_Issend as plain sends (SMPI's replay has no synchronous send):"
                        + " below the eager limit SMPI completes them without their receive, where the prediction waits for it";
            }
        }
        return null;
    }

    static String worldRanks(TraceDefinitions definitions, int processes) {
        if (definitions == null || definitions.ranksAreWorldRanks()) {
            return "";
        }
        return String.format(Locale.ROOT, "# SMPI ranks 0-%d (rank-N.txt) are the trace's processes in ascending world rank: world ranks %s"
                        + " (--skip-missing left out the others).%n", processes - 1,
                WorldRankNotes.ranges(java.util.stream.IntStream.range(0, processes).boxed().toList(), definitions::worldRank));
    }

    /**
     * @param dir a folder
     * @return whether it holds nothing (the export fills such a folder, as it makes a new one)
     * @throws IOException when it cannot be listed
     */
    public static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    private static void deleteTree(Path dir) {
        org.igtrace.formats.Folders.deleteTree(dir);
    }
}
