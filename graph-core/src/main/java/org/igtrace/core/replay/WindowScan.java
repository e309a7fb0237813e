package org.igtrace.core.replay;

/**
 * A fit made beside another pass over the processes' replay windows, so that several fits share one reading of the
 * recorded calls (the reading is most of each one's cost): {@link #start} as process p's window begins, then
 * {@link #call} for each call of that window in order, before the pass's own work on it.
 */
interface WindowScan {
    void start(int p);

    void call(int p, ActivityCursor c);
}
