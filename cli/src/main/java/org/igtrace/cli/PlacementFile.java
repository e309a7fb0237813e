package org.igtrace.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.topology.Placement;

/**
 * Reads {@code --placement FILE}: which topology node each rank runs on. Two layouts are accepted:
 * one node number per line, line r for rank r; or Scotch's mapping file as {@code gmap} writes it,
 * a count line then {@code rank node} lines in any order. Blank lines and lines starting with
 * {@code #} are ignored.
 */
final class PlacementFile {
    private PlacementFile() {
    }

    static Placement read(Path file, int processes) throws Failure {
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
                            + processes + " processes");
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
                    throw new Failure(file + ": places " + lines.size() + " ranks, the trace has " + processes + " processes");
                }
                for (int r = 0; r < processes; r++) {
                    if (lines.get(r).length != 1) {
                        throw new Failure(file + ": line for rank " + r + " should hold one node number, found '"
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
