package org.igtrace.core.select;

import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import org.igtrace.core.select.SelectionException.Part;
import org.igtrace.core.trace.TraceDefinitions;

/**
 * Part of a run to analyse (definitions section 11): a time window counted from the start of the run, a
 * set of ranks, a region whose outermost instances hold the time that counts. Any part may be
 * absent. Parsed from the command line's words; resolved against a trace's definitions into a
 * {@link SelectionFilter}. Serializable: an engine resolves it where the trace is read.
 *
 * @param from   window start in seconds from the start of the run, or null (the run's start)
 * @param to     window end in seconds, or null (the run's end)
 * @param ranks  the selected world ranks, or null (all)
 * @param region the region's name, or null (all time)
 * @param words  how the user wrote it (the command line's words), for messages; empty when not known
 */
public record Selection(Double from, Double to, BitSet ranks, String region, String words) implements java.io.Serializable {
    /** Nothing selected away: the whole run. */
    public static final Selection ALL = new Selection(null, null, null, null, "");

    public Selection {
        ranks = ranks == null ? null : (BitSet) ranks.clone();
    }

    /** Whether this selects the whole run. */
    public boolean isAll() {
        return from == null && to == null && ranks == null && region == null;
    }

    public boolean hasWindow() {
        return from != null || to != null;
    }

    /**
     * This selection, written by the user as {@code words}.
     *
     * @param words how the user wrote it, for messages
     * @return the same selection with those words
     */
    public Selection withWords(String words) {
        return new Selection(from, to, ranks, region, words);
    }

    /** This selection's window and region over every process (what a replay of the selected ranks needs of their partners). */
    public Selection withoutRanks() {
        return new Selection(from, to, null, region, words);
    }

    /** Whether world rank {@code r} is selected (a filter asks {@link SelectionFilter#selects} of a process number). */
    public boolean selects(int rank) {
        return ranks == null || (rank >= 0 && ranks.get(rank));
    }

    /**
     * A selection from its three parts as written, any of them null (its words empty: see
     * {@link #withWords}).
     *
     * @throws SelectionException naming the part that cannot be read, or an empty window
     */
    public static Selection parse(String window, String ranks, String region) {
        Double from = null, to = null;
        if (window != null) {
            int colon = window.indexOf(':');
            if (colon < 0 || window.indexOf(':', colon + 1) >= 0) {
                throw new SelectionException(Part.WINDOW, window, "expected FROM:TO, e.g. 1.5s:2s, 200ms:, :50us");
            }
            String a = window.substring(0, colon).strip(), b = window.substring(colon + 1).strip();
            from = a.isEmpty() ? null : seconds(a, window);
            to = b.isEmpty() ? null : seconds(b, window);
            if (from != null && to != null && to <= from) {
                throw new SelectionException(Part.WINDOW, window, " is empty: it ends before or where it starts");
            }
        }
        BitSet set = null;
        if (ranks != null) {
            set = ranks(ranks);
        }
        if (region != null) {
            if (region.isEmpty()) { // a name of white space only is a name: a trace may have such a region (why names it)
                throw new SelectionException(Part.REGION, null, " needs a region name");
            }
        }
        return new Selection(from, to, set, region, "");
    }

    /** "1.5s", "200ms", "50us", "10ns" in seconds; a plain number is refused (say the unit). */
    static double seconds(String text, String window) {
        String t = text.toLowerCase(Locale.ROOT);
        double scale;
        String number;
        if (t.endsWith("ms")) {
            scale = 1e-3;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("us") || t.endsWith("\u00b5s")) {
            scale = 1e-6;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("ns")) {
            scale = 1e-9;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            scale = 1;
            number = t.substring(0, t.length() - 1);
        } else if (t.isEmpty() || Character.isDigit(t.charAt(t.length() - 1)) || t.charAt(t.length() - 1) == '.') {
            throw new SelectionException(Part.WINDOW, window, "'" + text + "' needs a unit (s, ms, us or ns)");
        } else {
            // "1h", "2min": a unit, but not one of a window's
            throw new SelectionException(Part.WINDOW, window, "'" + text + "' has a unit a window does not take: give s, ms, us or ns");
        }
        try {
            double v = Double.parseDouble(number.strip());
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new NumberFormatException();
            }
            return v * scale;
        } catch (NumberFormatException e) {
            throw new SelectionException(Part.WINDOW, window, "'" + text + "' is not a time (e.g. 1.5s, 200ms, 50us)");
        }
    }

    /** "0-3,8" as a set of ranks. */
    static BitSet ranks(String list) {
        BitSet set = new BitSet();
        for (String part : list.split(",", -1)) {
            String p = part.strip();
            try {
                int dash = p.indexOf('-', 1);
                int lo = Integer.parseInt(dash < 0 ? p : p.substring(0, dash).strip());
                int hi = dash < 0 ? lo : Integer.parseInt(p.substring(dash + 1).strip());
                if (lo < 0 || hi < 0) { // "0--1" is no range: its end -1 is no rank (it was suggested as "-1-0?")
                    throw new NumberFormatException();
                }
                if (hi < lo) {
                    throw new SelectionException(Part.RANKS, list, "'" + p + "' is a range whose end comes before its start ("
                            + hi + "-" + lo + "?)");
                }
                if (hi >= 1 << 30) { // set(lo, hi + 1) overflowed at 2147483647: an internal error
                    throw new SelectionException(Part.RANKS, null, "rank " + hi + " is not in the trace");
                }
                set.set(lo, hi + 1);
            } catch (NumberFormatException e) {
                throw new SelectionException(Part.RANKS, list, "'" + p + "' is not a rank or a range lo-hi (e.g. 0-3,8)");
            }
        }
        return set;
    }

    /**
     * The filter for a trace with these definitions.
     *
     * @throws SelectionException when a rank is not in the trace or no region has the name
     */
    public SelectionFilter resolve(TraceDefinitions definitions) {
        int n = definitions.processCount();
        if (ranks != null && definitions.ranksAreWorldRanks() && ranks.length() > n) {
            throw new SelectionException(Part.RANKS, null, "rank " + (ranks.length() - 1) + " is not in the trace, which has "
                    + n + (n == 1 ? " process (rank 0)" : " processes (ranks 0-" + (n - 1) + ")"));
        }
        if (ranks != null && !definitions.ranksAreWorldRanks()) {
            // the ranks given are world ranks; one not analysed (--skip-missing kept only some) is not in the trace either
            for (int r = ranks.nextSetBit(0); r >= 0; r = ranks.nextSetBit(r + 1)) {
                if (definitions.process(r) < 0) {
                    throw new SelectionException(Part.RANKS, null, "rank " + r + " is not in the trace, which has " + n
                            + (n == 1 ? " process analysed (rank " : " processes analysed (ranks ") + worldRanks(definitions) + ")");
                }
            }
        }
        if (from != null && to != null && toTicks(definitions) <= fromTicks(definitions)) {
            // its ends are taken to the nearest tick of the trace's clock: one shorter than a tick keeps nothing to analyse
            // (a 0.8 us window on a 1 us clock was said to keep only MPI_Init and MPI_Finalize)
            throw new SelectionException(Part.WINDOW, null, " holds no whole tick of the trace's clock (its ends are taken to the"
                    + " nearest tick; the clock counts " + new java.math.BigDecimal(definitions.ticksPerSecond()).stripTrailingZeros().toPlainString()
                    + " ticks a second)");
        }
        boolean[] regions = null;
        if (region != null) {
            regions = new boolean[definitions.regionCount()];
            boolean any = false;
            for (int r = 0; r < regions.length; r++) {
                regions[r] = definitions.regionName(r).equals(region);
                any |= regions[r];
            }
            if (!any) { // none of that exact name: white space around either aside
                for (int r = 0; r < regions.length; r++) {
                    regions[r] = definitions.regionName(r).strip().equals(region.strip());
                    any |= regions[r];
                }
            }
            if (!any) {
                throw new SelectionException(Part.REGION, region, "no region of the trace has that name" + nearNames(definitions, region));
            }
        }
        return new SelectionFilter(this, processes(definitions), fromTicks(definitions), toTicks(definitions), regions);
    }

    /** Most names a region's error lists. */
    private static final int NAMES_LISTED = 8;

    /**
     * What to say after "no region of the trace has that name": the names that differ only in case ({@code --region Solve}
     * where the trace names {@code solve}), else those that hold it, else the regions outside MPI, up to
     * {@value #NAMES_LISTED}: no command lists a trace's region names.
     */
    private static String nearNames(TraceDefinitions definitions, String region) {
        java.util.TreeSet<String> names = new java.util.TreeSet<>(), outside = new java.util.TreeSet<>();
        for (int r = 0; r < definitions.regionCount(); r++) {
            names.add(definitions.regionName(r).strip());
            if (definitions.regionKind(r) == org.igtrace.core.trace.RegionKind.OTHER && !definitions.regionName(r).isBlank()) {
                outside.add(definitions.regionName(r).strip());
            }
        }
        String given = region.strip().toLowerCase(java.util.Locale.ROOT);
        List<String> same = names.stream().filter(n -> n.toLowerCase(java.util.Locale.ROOT).equals(given)).toList();
        if (!same.isEmpty()) {
            return "; did you mean " + listed(same, " or ") + "?";
        }
        List<String> holding = given.isEmpty() ? List.of() : names.stream().filter(n -> n.toLowerCase(java.util.Locale.ROOT).contains(given)).toList();
        if (!holding.isEmpty()) {
            return "; regions whose names hold it: " + listed(holding, ", ");
        }
        // the program's own functions before Score-P's OpenMP constructs (!$omp for @jacobi.c:175), which filled the list
        List<String> named = outside.stream().sorted(java.util.Comparator.comparing((String n) -> n.startsWith("!$omp"))).toList();
        return outside.isEmpty() ? "; it has no region outside MPI" : "; its regions outside MPI: " + listed(named, ", ");
    }

    /** Up to {@value #NAMES_LISTED} names, each in quotes, and how many more. */
    private static String listed(List<String> names, String separator) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(NAMES_LISTED, names.size()); i++) {
            b.append(i == 0 ? "" : separator).append('\'').append(names.get(i)).append('\'');
        }
        return names.size() > NAMES_LISTED ? b + " and " + (names.size() - NAMES_LISTED) + " more" : b.toString();
    }

    /**
     * The process numbers of the selected world ranks in a trace with these definitions ({@link TraceDefinitions#process}),
     * those not analysed left out; null when every rank is selected. The ranks themselves on every trace read whole.
     */
    public BitSet processes(TraceDefinitions definitions) {
        if (ranks == null || definitions.ranksAreWorldRanks()) {
            return ranks == null ? null : (BitSet) ranks.clone();
        }
        BitSet processes = new BitSet();
        for (int p = 0; p < definitions.processCount(); p++) {
            if (ranks.get(definitions.worldRank(p))) {
                processes.set(p);
            }
        }
        return processes;
    }

    /** "0-6, 999999": the world ranks analysed, runs as ranges, the first eight runs. */
    private static String worldRanks(TraceDefinitions definitions) {
        StringBuilder s = new StringBuilder();
        int runs = 0;
        for (int i = 0, j; i < definitions.processCount(); i = j) {
            for (j = i + 1; j < definitions.processCount() && definitions.worldRank(j) == definitions.worldRank(j - 1) + 1; j++) { }
            if (runs++ == 8) {
                return s.append(", ...").toString();
            }
            s.append(i == 0 ? "" : ", ").append(definitions.worldRank(i)).append(j - i > 1 ? "-" + definitions.worldRank(j - 1) : "");
        }
        return s.toString();
    }

    /** The window's first tick on the trace's clock, {@code Long.MIN_VALUE} when it starts with the run. */
    public long fromTicks(TraceDefinitions definitions) {
        return from == null ? Long.MIN_VALUE : definitions.startTicks() + Math.round(from * definitions.ticksPerSecond());
    }

    /** The window's last tick on the trace's clock, {@code Long.MAX_VALUE} when it ends with the run. */
    public long toTicks(TraceDefinitions definitions) {
        return to == null ? Long.MAX_VALUE : definitions.startTicks() + Math.round(to * definitions.ticksPerSecond());
    }
}
