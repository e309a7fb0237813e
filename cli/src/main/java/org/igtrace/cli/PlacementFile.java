package org.igtrace.cli;

import java.io.IOException;
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

    /**
     * A command's placement file, read once: its check before the events and its use after them took it twice, and a pipe
     * ({@code --placement <(...)}, /dev/stdin) gave nothing the second time ("places 0 ranks").
     */
    static final class Once {
        private List<String> lines;

        /**
         * @param file the file, or null: the ranks in order
         * @param definitions the trace's (a command may hand on another object of the same processes later)
         * @return the placement of the trace's processes
         */
        Placement get(Path file, TraceDefinitions definitions) throws Failure {
            if (file == null) {
                return Placement.rankOrder(definitions.processCount());
            }
            if (lines == null) {
                lines = lines(file);
            }
            return parse(file, lines, definitions.processCount(), definitions);
        }
    }

    private static List<String> lines(Path file) throws Failure {
        try {
            return BoundedTextFile.lines(file, BoundedTextFile.MAX_BYTES);
        } catch (BoundedTextFile.TooLarge e) {
            throw new Failure(BoundedTextFile.tooLarge("--placement", file, "node numbers"));
        } catch (java.nio.charset.CharacterCodingException e) { // "cannot be read (Input length = 1)" said nothing
            throw new Failure("--placement " + file + ": not a text file of node numbers (bytes that are not UTF-8)");
        } catch (IOException e) { // "cannot be read (missing)": IoFailure says what is wrong, as for --hosts
            throw new Failure("--placement " + IoFailure.naming(file, e));
        }
    }

    private static Placement read(Path file, int processes, TraceDefinitions definitions) throws Failure {
        return parse(file, lines(file), processes, definitions);
    }

    private static Placement parse(Path file, List<String> all, int processes, TraceDefinitions definitions) throws Failure {
        // with processes analysed apart from their world ranks: which ranks the lines are of, and in which order
        String whose = definitions == null || definitions.ranksAreWorldRanks() ? ""
                : " (world ranks " + WorldRankNotes.ranges(java.util.stream.IntStream.range(0, processes).boxed().toList(),
                        definitions::worldRank) + ", a line each in this order: --skip-missing left out the others)";
        java.util.function.IntUnaryOperator worldRank = definitions == null ? r -> r : definitions::worldRank;
        List<String[]> lines = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>(); // each kept line's number in the file, for the messages
        for (int i = 0; i < all.size(); i++) {
            String t = all.get(i).strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                lines.add(t.split("\\s+"));
                numbers.add(i + 1);
            }
        }
        int[] node = new int[processes];
        boolean scotchMap = !lines.isEmpty() && lines.get(0).length == 1 && lines.size() > 1 && lines.get(1).length == 2;
        if (scotchMap) {
            int count = whole(file, numbers.get(0), lines.get(0)[0]);
            if (count != processes || lines.size() - 1 != processes) {
                throw new Failure(file + ": " + (count == lines.size() - 1 ? "places " + count + " ranks"
                        : "its count line says " + count + " ranks, and " + (lines.size() - 1) + " are placed") + ", the trace has "
                        + processes + " processes" + whose);
            }
            boolean[] seen = new boolean[processes];
            for (int i = 1; i < lines.size(); i++) {
                String[] f = lines.get(i);
                if (f.length != 2) {
                    throw new Failure(file + ": expected 'rank node' lines after the count line, found '" + String.join(" ", f) + "'");
                }
                int rank = whole(file, numbers.get(i), f[0]);
                if (rank < 0 || rank >= processes || seen[rank]) {
                    throw new Failure(file + ": rank " + rank + (rank < 0 || rank >= processes ? " is not a rank of the trace" : " is placed twice"));
                }
                seen[rank] = true;
                node[rank] = whole(file, numbers.get(i), f[1]);
            }
        } else {
            // each line read first: a file of words is said to be one, not one of too few lines (a hunt)
            int[] read = new int[lines.size()];
            for (int r = 0; r < lines.size(); r++) {
                if (lines.get(r).length != 1) {
                    throw new Failure(file + ": " + (r < processes ? "line for rank " + worldRank.applyAsInt(r) : "line " + numbers.get(r))
                            + " should hold one node number, found '" + String.join(" ", lines.get(r)) + "'");
                }
                read[r] = whole(file, numbers.get(r), lines.get(r)[0]);
            }
            if (lines.size() != processes) {
                throw new Failure(file + ": places " + lines.size() + (lines.size() == 1 ? " rank" : " ranks") + ", the trace has "
                        + processes + (processes == 1 ? " process" : " processes") + whose);
            }
            System.arraycopy(read, 0, node, 0, processes);
        }
        return Placement.of(node, file.toString());
    }

    /** {@code word} of line {@code line} as a whole number; else a Failure naming the file, the line and the word. */
    private static int whole(Path file, int line, String word) throws Failure {
        try {
            return Integer.parseInt(word);
        } catch (NumberFormatException e) {
            throw new Failure(file + ": line " + line + ": '" + word + "' is not a whole number from -2147483648 to 2147483647");
        }
    }
}
