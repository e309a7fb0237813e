package org.igtrace.cli;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.output.InformationGraphAttributes;
import org.igtrace.core.topology.Topology;
import org.igtrace.formats.OutputFormat;
import org.igtrace.formats.ScotchTarget;

/**
 * Scotch's mapping of the information graph onto the machine, the baseline {@code igtrace map}
 * sets beside its own (definitions section 13): the graph as {@code igtrace graph --format scotch}
 * writes it with map's {@code --weight} (bytes unless given), the topology made a target by {@code amk_grf} (a vertex per node of
 * load --slots), mapped by {@code scotch_gmap -Cd -sv} (or {@code gmap}: deterministic, every rank of
 * load 1), read back as {@code --placement} reads a mapping. Scotch balances the load within a
 * tolerance, so a node it gave more ranks than slots hands its extra ranks (the last ones) to the
 * nearest nodes with room. Without Scotch, or when
 * it fails, the result is null and {@link #note()} says why.
 */
final class ScotchBaseline {
    private static final long TIMEOUT_SECONDS = 120;
    /**
     * The most nodes a machine's target is built for: Scotch 6's amk_grf takes 1.9 s at 2,048 nodes, 6.2 s at 4,096, 14 s
     * at 8,192, 17 s and 2 GB at 32,768, and crashes at 65,536 (a torus, 2 cores); a machine of 4 M nodes took minutes.
     */
    static final int MAX_NODES = 4096;
    private String note;

    String note() {
        return note;
    }

    /** Scotch's node per rank of {@code graph}, or null (see {@link #note()}). */
    int[] map(InformationGraph graph, Topology topology, int slots) {
        Path gmap = onPath("scotch_gmap", "gmap");
        Path amk = onPath("amk_grf", "scotch_amk_grf");
        if (gmap == null || amk == null) {
            note = "Scotch is not installed (no scotch_gmap and amk_grf on PATH): no Scotch baseline";
            return null;
        }
        if (topology.nodeCount() > MAX_NODES) {
            note = "the machine has " + topology.nodeCount() + " nodes, more than the " + MAX_NODES + " Scotch's target builder (amk_grf)"
                    + " takes in seconds: no Scotch baseline";
            return null;
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory(org.igtrace.reader.spill.TempFolders.root(), "igtrace-scotch");
            Path source = dir.resolve("graph.grf"), machine = dir.resolve("machine.grf"), target = dir.resolve("machine.tgt"),
                    mapping = dir.resolve("graph.map");
            try (Writer w = Files.newBufferedWriter(source, StandardCharsets.UTF_8)) {
                OutputFormat.SCOTCH.writer().write(InformationGraphAttributes.of(graph, GraphView.FULL, "map"), w);
            }
            String failed = null;
            if (ScotchTarget.complete(topology)) { // a bus: every node one step from every other, Scotch's own architecture
                try (Writer w = Files.newBufferedWriter(target, StandardCharsets.UTF_8)) {
                    ScotchTarget.writeComplete(topology, slots, w);
                }
            } else {
                try (Writer w = Files.newBufferedWriter(machine, StandardCharsets.UTF_8)) {
                    ScotchTarget.write(topology, slots, w);
                }
                failed = run(dir, List.of(amk.toString(), machine.toString(), target.toString()));
            }
            if (failed == null) {
                // -Cd: deterministic (the same mapping every run; without it 1024 ranks mapped differently from run to run);
                // -sv: unit vertex loads, so that Scotch balances ranks a node rather than the compute fractions
                failed = run(dir, List.of(gmap.toString(), "-Cd", "-sv", source.toString(), target.toString(), mapping.toString()));
            }
            if (failed != null) {
                note = "Scotch failed (" + failed + "): no Scotch baseline";
                return null;
            }
            int processes = graph.vertices().size();
            int[] node = new int[processes];
            org.igtrace.core.topology.Placement read = PlacementFile.read(mapping, processes);
            for (int r = 0; r < processes; r++) {
                node[r] = read.nodeOf(r);
            }
            return withinSlots(node, topology, slots);
        } catch (IOException | RuntimeException e) {
            note = "Scotch failed (" + e.getMessage() + "): no Scotch baseline";
            return null;
        } finally {
            if (dir != null) {
                try (Stream<Path> files = Files.walk(dir)) {
                    files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                } catch (IOException e) {
                    // a leftover temporary directory is harmless
                }
            }
        }
    }

    /** Ranks beyond a node's slots (the highest of its ranks) moved to the nearest node with a free slot. */
    static int[] withinSlots(int[] node, Topology topology, int slots) {
        int nodes = topology.placeableNodes();
        int[] used = new int[nodes];
        for (int n : node) {
            if (n < 0 || n >= nodes) {
                throw new IllegalStateException("its mapping names node " + n + " of " + nodes);
            }
            used[n]++;
        }
        for (int r = node.length - 1; r >= 0; r--) {
            int from = node[r];
            if (used[from] <= slots) {
                continue;
            }
            int best = -1;
            for (int n = 0; n < nodes; n++) {
                if (used[n] < slots && (best < 0 || topology.hops(from, n) < topology.hops(from, best))) {
                    best = n;
                }
            }
            used[from]--;
            used[best]++;
            node[r] = best;
        }
        return node;
    }

    /** Runs a Scotch program in {@code dir}; null when it succeeded, else what went wrong in a few words. */
    private static String run(Path dir, List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("log.txt").toFile()).start();
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Path.of(command.get(0)).getFileName() + " took over " + TIMEOUT_SECONDS + " s";
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return "interrupted";
        }
        if (p.exitValue() != 0) {
            String log = Files.readString(dir.resolve("log.txt")).strip();
            int nl = log.indexOf('\n');
            return Path.of(command.get(0)).getFileName() + " exit " + p.exitValue() + (log.isEmpty() ? "" : ": "
                    + (nl < 0 ? log : log.substring(0, nl)));
        }
        return null;
    }

    private static Path onPath(String... names) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String name : names) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
                if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }
}
