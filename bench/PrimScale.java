import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.igtrace.core.graph.PrimMaximumSpanningForest;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleWeightedGraph;

/**
 * Prim's maximum spanning forest alone at scale (issue 41, item 6): a ring of N vertices with
 * CHORDS random extra edges per vertex, weights random small integers (ties everywhere). Prints the
 * seconds of getSpanningTree, best of REPEATS, and the tree's weight (the same before and after).
 *   java -cp cli/target/igtrace.jar bench/PrimScale.java N [CHORDS] [REPEATS]
 */
public final class PrimScale {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int chords = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        int repeats = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        Random random = new Random(416);
        Graph<Integer, DefaultWeightedEdge> g = new SimpleWeightedGraph<>(DefaultWeightedEdge.class);
        List<Integer> order = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            g.addVertex(i);
            order.add(i);
        }
        for (int i = 0; i < n; i++) {
            g.setEdgeWeight(g.addEdge(i, (i + 1) % n), 1 + random.nextInt(8));
            for (int c = 0; c < chords; c++) {
                int j = random.nextInt(n);
                if (j != i && !g.containsEdge(i, j)) {
                    g.setEdgeWeight(g.addEdge(i, j), 1 + random.nextInt(8));
                }
            }
        }
        double bestSeconds = Double.MAX_VALUE;
        double weight = 0;
        for (int r = 0; r < repeats; r++) {
            long t0 = System.nanoTime();
            weight = new PrimMaximumSpanningForest<>(g, order).getSpanningTree().getWeight();
            bestSeconds = Math.min(bestSeconds, (System.nanoTime() - t0) / 1e9);
        }
        System.out.printf("%d vertices, %d edges: Prim %.3f s (best of %d), tree weight %.1f%n",
                n, g.edgeSet().size(), bestSeconds, repeats, weight);
    }
}
