package org.igtrace.core.timeline;

/** Time per state class in equal bins from an origin: what a row's pixel columns are spread from. */
interface BinnedTicks {
    long origin();

    long width();

    int bins();

    float ticks(int stateClass, int bin);

    /** The earliest start of the time added (Long.MAX_VALUE when none): the first bin holds time from there on. */
    long earliest();

    /** The latest end of the time added (Long.MIN_VALUE when none): the last bin holds time up to there. */
    long latest();
}
