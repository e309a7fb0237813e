package org.igtrace.reader;

/**
 * How a trace is read.
 *
 * @param modelCollectives whether collectives add modelled pairwise traffic ({@code --collectives})
 * @param skipMissing      whether locations (OTF2) or streams (OTF) whose event file is missing are
 *                         left out with a note ({@code --skip-missing}) instead of failing the read
 */
public record ReadOptions(boolean modelCollectives, boolean skipMissing) {
    public static final ReadOptions DEFAULT = new ReadOptions(false, false);
}
