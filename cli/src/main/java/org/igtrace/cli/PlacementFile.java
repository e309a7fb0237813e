package org.igtrace.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.topology.Placement;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.trace.WorldRankNotes;

/**
 * Reads {@code --placement FILE}: which topology node each rank runs on. Two layouts are accepted:
 * one node number per line, line r for rank r; or Scotch's mapping file as {@code gmap} writes it,
 * a count line then {@code rank node} lines in any order. Blank lines and lines starting with
 * {@code #} are ignored. When {@code --skip-missing} analysed processes apart from their world ranks
 * ({@link TraceDefinitions#ranksAreWorldRanks}), the lines are those of the processes analysed, in ascending
 * world rank (as {@code igtrace map --format placement} writes them), and Scotch's vertex numbers are theirs
 * (0 for the lowest world rank analysed, as the Scotch graph numbers them).
 */
final class PlacementFile {
    private PlacementFile() {
    }

    static Placement read(Path file, int processes) throws Failure {
        return read(file, processes, null);
    }

    /**
     * The placement of the processes of {@code definitions} (null: {@code processes} processes numbered by their world
     * ranks); a file of another number of lines names the world ranks it must place.
     */
    static Placement read(Path file, TraceDefinitions definitions) throws Failure {
        return read(file, definitions.processCount(), definitions);
    }

    private static Placement read(Path file, int processes, TraceDefinitions definitions) throws Failure {
        // with processes analysed apart from their world ranks: which ranks the lines are of, and in which order
        String whose = definitions == null || definitions.ranksAreWorldRanks() ? ""
                : " (world ranks " + WorldRankNotes.ranges(java.util.stream.IntStream.range(0, processes).boxed().toList(),
                        definitions::worldRank) + ", a line each in this order: --skip-missing left out the others)";
        java.util.function.IntUnaryOperator worldRank = definitions == null ? r -> r : definitions::worldRank;
        List<String[]> lines = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file)) {
                String t = line.strip();
                if (!t.isEmpty() && !t.startsWith("#")) {
                    lines.add(t.split("\\s+"));
                }
            }
        } catch (IOException e) {
            throw new Failure(file + ": cannot be read (" + e.getMessage() + ")");
        }
        int[] node = new int[processes];
        boolean scotchMap = !lines.isEmpty() && lines.get(0).length == 1 && lines.size() > 1 && lines.get(1).length == 2;
        try {
            if (scotchMap) {
                int count = Integer.parseInt(lines.get(0)[0]);
                if (count != processes || lines.size() - 1 != processes) {
                    throw new Failure(file + ": " + (count == lines.size() - 1 ? "places " + count + " ranks"
                            : "its count line says " + count + " ranks, and " + (lines.size() - 1) + " are placed") + ", the trace has "
                            + processes + " processes" + whose);
                }
                boolean[] seen = new boolean[processes];
                for (String[] f : lines.subList(1, lines.size())) {
                    if (f.length != 2) {
                        throw new Failure(file + ": expected 'rank node' lines after the count line, found '" + String.join(" ", f) + "'");
                    }
                    int rank = Integer.parseInt(f[0]);
                    if (rank < 0 || rank >= processes || seen[rank]) {
                        throw new Failure(file + ": rank " + rank + (rank < 0 || rank >= processes ? " is not a rank of the trace" : " is placed twice"));
                    }
                    seen[rank] = true;
                    node[rank] = Integer.parseInt(f[1]);
                }
            } else {
                if (lines.size() != processes) {
                    throw new Failure(file + ": places " + lines.size() + " ranks, the trace has " + processes + " processes" + whose);
                }
                for (int r = 0; r < processes; r++) {
                    if (lines.get(r).length != 1) {
                        throw new Failure(file + ": line for rank " + worldRank.applyAsInt(r) + " should hold one node number, found '"
                                + String.join(" ", lines.get(r)) + "'");
                    }
                    node[r] = Integer.parseInt(lines.get(r)[0]);
                }
            }
        } catch (NumberFormatException e) {
            throw new Failure(file + ": not a whole number (" + e.getMessage() + ")");
        }
        return Placement.of(node, file.toString());
    }
}
