import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.igtrace.core.graph.AttributedGraph;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.output.InformationGraphAttributes;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.formats.OutputFormat;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.otf2.Otf2TraceReader;

/**
 * The graph side at scale, inside one JVM: reads an OTF2 trace once, then REPEATS times builds the
 * information graph (JGraphT graph, Prim, recalculated weights), and writes the full graph and the
 * tree as GraphML and DOT into OUTDIR. Prints, best of REPEATS, the seconds of each step and the
 * file sizes.
 *   java -cp cli/target/igtrace.jar bench/GraphScale.java ANCHOR OUTDIR [REPEATS]
 */
public final class GraphScale {
    public static void main(String[] args) throws Exception {
        Path anchor = Path.of(args[0]);
        Path outDir = Files.createDirectories(Path.of(args[1]));
        int repeats = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        TraceProfile profile = Otf2TraceReader.read(anchor, ReadOptions.DEFAULT);
        double build = Double.MAX_VALUE;
        double[] write = new double[4];
        java.util.Arrays.fill(write, Double.MAX_VALUE);
        long[] size = new long[4];
        String[] names = {"full.graphml", "full.dot", "tree.graphml", "tree.dot"};
        for (int r = 0; r < repeats; r++) {
            long t0 = System.nanoTime();
            InformationGraph graph = InformationGraph.build(profile, EdgeWeight.AVG, Recalculation.PATH);
            build = Math.min(build, (System.nanoTime() - t0) / 1e9);
            int k = 0;
            for (GraphView view : new GraphView[] {GraphView.FULL, GraphView.TREE}) {
                for (OutputFormat format : new OutputFormat[] {OutputFormat.GRAPHML, OutputFormat.DOT}) {
                    Path file = outDir.resolve(names[k]);
                    long t1 = System.nanoTime();
                    AttributedGraph<?, ?> shown = InformationGraphAttributes.of(graph, view, anchor.toString());
                    try (Writer w = Files.newBufferedWriter(file)) {
                        write(format, shown, w);
                    }
                    write[k] = Math.min(write[k], (System.nanoTime() - t1) / 1e9);
                    size[k] = Files.size(file);
                    k++;
                }
            }
        }
        System.out.printf(Locale.ROOT, "processes=%d edges=%d build_s=%.3f%n", profile.processes().size(),
                profile.pairs().size(), build);
        for (int k = 0; k < 4; k++) {
            System.out.printf(Locale.ROOT, "%s view+write_s=%.3f bytes=%d%n", names[k], write[k], size[k]);
        }
    }

    private static <V, E> void write(OutputFormat format, AttributedGraph<V, E> shown, Writer w) throws Exception {
        format.writer().write(shown, w);
    }
}
