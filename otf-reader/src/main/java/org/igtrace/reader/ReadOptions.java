package org.igtrace.reader;

import java.nio.file.Path;

/**
 * How a trace is read (what is computed from it is {@link org.igtrace.core.pipeline.AnalysisOptions}).
 *
 * @param skipMissing whether locations (OTF2) or streams (OTF) whose event file is missing are
 *                    left out with a note ({@code --skip-missing}) instead of failing the read
 * @param threads     how many threads read event files at once ({@code --threads}); 0 or less
 *                    means one per available core
 * @param tempDir     where match records beyond the memory budget are spilled ({@code --temp-dir});
 *                    null: the system's temporary directory
 * @param skipDamaged whether OTF events files that are damaged or truncated are left out with a
 *                    note ({@code --skip-damaged}) instead of failing the read
 * @param namedRanks  the world ranks the command's selection names ({@code --ranks}), or null: with
 *                    {@code skipMissing}, they are analysed even when no event file of theirs is there
 *                    (definitions section 2)
 */
public record ReadOptions(boolean skipMissing, int threads, Path tempDir, boolean skipDamaged, java.util.BitSet namedRanks) {
    /** Every core, missing files are errors, the system's temporary directory. */
    public static final ReadOptions DEFAULT = new ReadOptions(false, 0, null, false);

    public ReadOptions(boolean skipMissing, int threads, Path tempDir, boolean skipDamaged) {
        this(skipMissing, threads, tempDir, skipDamaged, null);
    }

    public ReadOptions(boolean skipMissing, int threads, Path tempDir) {
        this(skipMissing, threads, tempDir, false);
    }

    public ReadOptions(boolean skipMissing, int threads) {
        this(skipMissing, threads, null);
    }

    public ReadOptions withSkipDamaged(boolean skip) {
        return new ReadOptions(skipMissing, threads, tempDir, skip, namedRanks);
    }

    /** These options, with {@code ranks} the world ranks the selection names (null or empty: none). */
    public ReadOptions withNamedRanks(java.util.BitSet ranks) {
        return new ReadOptions(skipMissing, threads, tempDir, skipDamaged,
                ranks == null || ranks.isEmpty() ? null : (java.util.BitSet) ranks.clone());
    }

    /**
     * The highest world rank the selection names.
     *
     * @return it, or -1 when the selection names none
     */
    public int namedRank() {
        return namedRanks == null ? -1 : namedRanks.length() - 1;
    }

    /** The number of reading threads: {@link #threads()}, or the available cores when that is 0 or less. */
    public int threadCount() {
        return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    }
}
