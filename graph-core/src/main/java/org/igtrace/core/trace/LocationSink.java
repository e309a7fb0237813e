package org.igtrace.core.trace;

/** Where a reader sends events: one {@link LocationEvents} per location it meets. */
public interface LocationSink {
    /**
     * The receiver of one location's events.
     *
     * @param process the location's process (world rank)
     * @param order   the location's place among all locations (definition order), unique per location
     */
    LocationEvents location(int process, long order);
}
