package org.igtrace.reader;

/**
 * How a trace is read.
 *
 * @param modelCollectives whether collectives add modelled pairwise traffic ({@code --collectives})
 * @param skipMissing      whether locations (OTF2) or streams (OTF) whose event file is missing are
 *                         left out with a note ({@code --skip-missing}) instead of failing the read
 * @param threads          how many threads read event files at once ({@code --threads}); 0 or
 *                         less means one per available core
 * @param waits            what wait-state analysis (SPEC section 8) runs after the profile
 * @param skipDamaged      whether OTF events files that are damaged or truncated are left out with a
 *                         note ({@code --skip-damaged}) instead of failing the read
 */
public record ReadOptions(boolean modelCollectives, boolean skipMissing, int threads, WaitMode waits, boolean skipDamaged) {
    public static final ReadOptions DEFAULT = new ReadOptions(false, false, 0);

    /** Whether messages are matched for waiting times, and whether clocks are corrected first. */
    public enum WaitMode {
        /** No matching: the profile only (one parallel pass over the events). */
        OFF,
        /** Matching and waiting on the raw timestamps ({@code --clock-correction none}). */
        RAW_CLOCKS,
        /** Matching, clock offsets, then waiting on corrected timestamps (the default of the command). */
        CORRECTED_CLOCKS
    }

    public ReadOptions {
        waits = waits == null ? WaitMode.OFF : waits;
    }

    public ReadOptions(boolean modelCollectives, boolean skipMissing, int threads, WaitMode waits) {
        this(modelCollectives, skipMissing, threads, waits, false);
    }

    /** Options without wait analysis. */
    public ReadOptions(boolean modelCollectives, boolean skipMissing, int threads) {
        this(modelCollectives, skipMissing, threads, WaitMode.OFF);
    }

    /** Options that read on every available core, without wait analysis. */
    public ReadOptions(boolean modelCollectives, boolean skipMissing) {
        this(modelCollectives, skipMissing, 0);
    }

    public ReadOptions withWaits(WaitMode mode) {
        return new ReadOptions(modelCollectives, skipMissing, threads, mode, skipDamaged);
    }

    public ReadOptions withSkipDamaged(boolean skip) {
        return new ReadOptions(modelCollectives, skipMissing, threads, waits, skip);
    }

    /** The number of reading threads: {@link #threads()}, or the available cores when that is 0 or less. */
    public int threadCount() {
        return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    }
}
