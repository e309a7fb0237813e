package org.igtrace.reader;

/**
 * How a trace is read.
 *
 * @param modelCollectives whether collectives add modelled pairwise traffic ({@code --collectives})
 * @param skipMissing      whether locations (OTF2) or streams (OTF) whose event file is missing are
 *                         left out with a note ({@code --skip-missing}) instead of failing the read
 * @param threads          how many threads read event files at once ({@code --threads}); 0 or
 *                         less means one per available core
 */
public record ReadOptions(boolean modelCollectives, boolean skipMissing, int threads) {
    public static final ReadOptions DEFAULT = new ReadOptions(false, false, 0);

    /** Options that read on every available core. */
    public ReadOptions(boolean modelCollectives, boolean skipMissing) {
        this(modelCollectives, skipMissing, 0);
    }

    /** The number of reading threads: {@link #threads()}, or the available cores when that is 0 or less. */
    public int threadCount() {
        return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    }
}
