package org.igtrace.core.timeline;

/** Time per state class in equal bins from an origin: what a row's pixel columns are spread from. */
interface BinnedTicks {
    long origin();

    long width();

    int bins();

    float ticks(int stateClass, int bin);
}
