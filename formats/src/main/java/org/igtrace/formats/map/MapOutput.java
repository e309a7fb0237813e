package org.igtrace.formats.map;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.core.util.Labels;
import org.igtrace.core.util.Numbers;
import org.igtrace.formats.Json;
import org.igtrace.formats.LauncherFiles;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.trace.WorldRankNotes;

/**
 * What {@code igtrace map} writes (definitions section 13): the placement for a launcher, or the comparison as JSON or text.
 * The placements are by process number: the world rank unless {@code --skip-missing} analysed processes apart from their
 * world ranks ({@link TraceDefinitions#ranksAreWorldRanks}); then the processes analysed in ascending world rank, the
 * placement file and the JSON name their world ranks, and the text says that no launcher file is written (the command
 * refuses those formats: a launcher file must place every rank of the run).
 */
public final class MapOutput {
    /** What a run of one process gets instead of a proposal: each placement puts it on one node and nothing travels. */
    public static final String ONE_PROCESS = "one process: there is nothing to place (it sends to no other process; every placement is the same)";

    public enum Format { PLACEMENT, RANKFILE, MPICH, SLURM, JSON, TEXT;
        public static Format parse(String text) {
            for (Format f : values()) {
                if (f.name().equalsIgnoreCase(text)) {
                    return f;
                }
            }
            return null;
        }
    }

    /** One placement's numbers: the projection's hop-bytes and largest link load, and the replay's run time. */
    public record Scores(int[] node, double hopBytes, double maxLinkLoadBytes, double predictedRuntime) {
        Map<String, Object> json() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("hop_bytes", hopBytes);
            m.put("max_link_load_bytes", maxLinkLoadBytes);
            m.put("predicted_runtime", predictedRuntime);
            return m;
        }
    }

    private final String trace;
    private final String topology;
    private final int nodes;
    private final int slots;
    private final List<String> hosts;
    private final Scores rankOrder;
    private final Scores scotch;
    private final Scores proposed;
    private final String method;
    /** The processes' world ranks; null: their numbers. */
    private TraceDefinitions definitions;
    /** The CPUs the rankfile binds each rank to (its threads). */
    private int cpusPerRank = 1;

    public MapOutput(String trace, String topology, int nodes, int slots, List<String> hosts, Scores rankOrder, Scores scotch, Scores proposed,
              String method) {
        this.trace = trace;
        this.topology = topology;
        this.nodes = nodes;
        this.slots = slots;
        this.hosts = hosts;
        this.rankOrder = rankOrder;
        this.scotch = scotch;
        this.proposed = proposed;
        this.method = method;
    }

    /** This output with the processes of {@code d}, named by their world ranks. */
    public MapOutput withDefinitions(TraceDefinitions d) {
        this.definitions = d;
        return this;
    }

    /**
     * This output with each rank bound to {@code cpus} CPUs in the rankfile and the launch lines (a hybrid run's threads).
     *
     * @param cpus the CPUs of a rank, at least 1
     * @return this output
     */
    public MapOutput withCpusPerRank(int cpus) {
        this.cpusPerRank = Math.max(1, cpus);
        return this;
    }

    /** What predict needs besides the topology and the file to give the proposal's numbers ("--centre 3" on a star), or "". */
    private String predictOptions = "";

    /**
     * @param options predict's options besides {@code --topology} and {@code --placement} that give the proposal's numbers
     * @return this
     */
    public MapOutput withPredictOptions(String options) {
        this.predictOptions = options == null || options.isEmpty() ? "" : " " + options;
        return this;
    }

    /** Whether --skip-missing did not analyse every declared process: no launcher file, and the placement file says whose lines. */
    private boolean apart() {
        return definitions != null && !definitions.everyProcessAnalysed();
    }

    /** "0-6, 999999": the world ranks of the processes of {@code d}, ascending. */
    public static String worldRanks(TraceDefinitions d) {
        return WorldRankNotes.ranges(java.util.stream.IntStream.range(0, d.processCount()).boxed().toList(), d::worldRank);
    }

    public void write(Format f, Writer out) throws IOException {
        int[] node = proposed.node();
        if (f == Format.PLACEMENT && apart()) { // igtrace predict --placement reads a line per process analysed, in this order
            out.write("# world ranks " + worldRanks(definitions) + ", a line each in this order (--skip-missing left out the others)\n");
        }
        switch (f) {
            case PLACEMENT -> LauncherFiles.placement(node, out);
            case RANKFILE -> LauncherFiles.rankfile(node, hosts, cpusPerRank, out);
            case MPICH -> LauncherFiles.mpich(node, nodes, out);
            case SLURM -> LauncherFiles.slurm(node, hosts, out);
            case JSON -> out.write(Json.write(json()) + "\n");
            default -> out.write(text());
        }
    }

    private Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("trace", trace);
        m.put("topology", topology);
        m.put("slots", slots);
        m.put("cpus_per_rank", cpusPerRank);
        List<Object> placement = new ArrayList<>();
        for (int n : proposed.node()) {
            placement.add(n);
        }
        m.put("placement", placement);
        if (apart()) { // the world rank of each placement's entry
            List<Object> ranks = new ArrayList<>();
            for (int p = 0; p < proposed.node().length; p++) {
                ranks.add(definitions.worldRank(p));
            }
            m.put("ranks", ranks);
        }
        m.put("rank_order", rankOrder.json());
        m.put("proposed", proposed.json());
        if (scotch != null) {
            m.put("scotch", scotch.json());
        }
        m.put("method", method);
        return m;
    }

    /** The gain of {@code s} over rank order in percent, one decimal; "-" when rank order is 0. */
    public static String gain(double rank, double s) {
        return rank <= 0 ? "-" : Labels.fixed(100 * (rank - s) / rank, 1) + " %";
    }

    private String text() {
        List<String[]> rows = new ArrayList<>();
        List<Scores> columns = new ArrayList<>(List.of(rankOrder));
        List<String> head = new ArrayList<>(List.of("", "rank order"));
        if (scotch != null) {
            columns.add(scotch);
            head.add("scotch");
        }
        columns.add(proposed);
        head.add("proposed");
        rows.add(head.toArray(new String[0]));
        rows.add(row("hop-bytes", columns, s -> Numbers.format(s.hopBytes())));
        rows.add(row("max link load (bytes)", columns, s -> Numbers.format(s.maxLinkLoadBytes())));
        rows.add(row("predicted run time", columns, s -> Labels.seconds3(s.predictedRuntime())));
        rows.add(row("hop-bytes gain", columns, s -> s == rankOrder ? "" : gain(rankOrder.hopBytes(), s.hopBytes())));
        rows.add(row("run time gain", columns, s -> s == rankOrder ? "" : gain(rankOrder.predictedRuntime(), s.predictedRuntime())));
        int[] width = new int[head.size()];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder s = new StringBuilder();
        s.append(proposed.node().length).append(proposed.node().length == 1 ? " rank on " : " ranks on ").append(topology).append(", ")
                .append(slots).append(slots == 1 ? " slot" : " slots").append(" a node\n\n");
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder(String.format("%-" + width[0] + "s", r[0]));
            for (int i = 1; i < r.length; i++) {
                line.append("  ").append(String.format("%" + width[i] + "s", r[i]));
            }
            s.append(line.toString().stripTrailing()).append('\n');
        }
        int p = proposed.node().length;
        if (p == 1) { // one process goes on one node whatever the placement: no communication to shorten
            s.append("\n").append(ONE_PROCESS).append('\n');
            return s.toString();
        }
        s.append("\nproposed by: ").append(method).append('\n');
        if (proposed.predictedRuntime() > rankOrder.predictedRuntime()) {
            // halo3d-16 --ranks 0-7 on mesh:4x4: hop-bytes 14.3 % lower, run time 0.5 % longer, launcher lines all the same
            s.append("\nThe proposal's predicted run time is ").append(Labels.seconds3(proposed.predictedRuntime())).append(", longer than")
                    .append(" rank order's ").append(Labels.seconds3(rankOrder.predictedRuntime())).append(":\nthe search lowers the")
                    .append(" hop-bytes of the pairs it weighs (with --ranks, the selected ranks' pairs only), not the run time;\n")
                    .append("rank order may be the better choice here.\n");
        }
        if (apart()) {
            s.append("\nThe ranks placed are world ranks ").append(worldRanks(definitions)).append(": --skip-missing left out the others, so no\n")
                    .append("launcher file is written (it must place every rank of the run). For igtrace, a line per rank placed:\n");
            s.append("  igtrace (placement):  igtrace predict TRACE --skip-missing --topology ").append(topology).append(predictOptions)
                    .append(" --placement FILE\n");
            return s.toString();
        }
        s.append("\nTo run the proposed placement, write it with --format FORMAT -o FILE, then:\n");
        s.append("  Open MPI (rankfile):  mpirun --rankfile FILE -np ").append(p).append(" ./app\n");
        String task = cpusPerRank > 1 ? " --cpus-per-task=" + cpusPerRank : "";
        int short_ = org.igtrace.formats.LauncherFiles.nodesShortForMpich(proposed.node(), slots);
        if (short_ == 0) {
            s.append("  Cray MPICH (mpich):   FILE named MPICH_RANK_ORDER in the run directory, MPICH_RANK_REORDER_METHOD=3 srun -n ")
                    .append(p).append(task).append(" ./app\n");
        } else { // --format mpich refuses it: the rank order would fill the short nodes' slots with other ranks
            s.append("  Cray MPICH (mpich):   none: the placement leaves ").append(short_).append(short_ == 1 ? " node" : " nodes")
                    .append(" with fewer than its ").append(slots).append(" slots, and the rank order fills every node's slots in turn\n");
        }
        s.append("  Slurm (slurm):        SLURM_HOSTFILE=FILE srun --distribution=arbitrary -n ").append(p).append(task).append(" ./app\n");
        s.append("  igtrace (placement):  igtrace predict TRACE --topology ").append(topology).append(predictOptions).append(" --placement FILE\n");
        return s.toString();
    }

    private static String[] row(String name, List<Scores> columns, java.util.function.Function<Scores, String> cell) {
        String[] r = new String[columns.size() + 1];
        r[0] = name;
        for (int i = 0; i < columns.size(); i++) {
            r[i + 1] = cell.apply(columns.get(i));
        }
        return r;
    }
}
