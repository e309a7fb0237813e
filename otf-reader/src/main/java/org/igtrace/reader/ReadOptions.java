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
 * @param namedRank   the highest rank the command's selection names ({@code --ranks}), or -1: with
 *                    {@code skipMissing}, the processes up to it are analysed even when no event file
 *                    of theirs is there (definitions section 2)
 */
public record ReadOptions(boolean skipMissing, int threads, Path tempDir, boolean skipDamaged, int namedRank) {
    /** Every core, missing files are errors, the system's temporary directory. */
    public static final ReadOptions DEFAULT = new ReadOptions(false, 0, null, false);

    public ReadOptions(boolean skipMissing, int threads, Path tempDir, boolean skipDamaged) {
        this(skipMissing, threads, tempDir, skipDamaged, -1);
    }

    public ReadOptions(boolean skipMissing, int threads, Path tempDir) {
        this(skipMissing, threads, tempDir, false);
    }

    public ReadOptions(boolean skipMissing, int threads) {
        this(skipMissing, threads, null);
    }

    public ReadOptions withSkipDamaged(boolean skip) {
        return new ReadOptions(skipMissing, threads, tempDir, skip, namedRank);
    }

    /** These options, with {@code rank} the highest rank the selection names (-1: none). */
    public ReadOptions withNamedRank(int rank) {
        return new ReadOptions(skipMissing, threads, tempDir, skipDamaged, rank);
    }

    /** The number of reading threads: {@link #threads()}, or the available cores when that is 0 or less. */
    public int threadCount() {
        return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    }
}
