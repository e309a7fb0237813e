package org.igtrace.core.wait;

import java.util.ArrayList;
import java.util.List;

/**
 * The complete collective instances one join handed on, kept up to a number of arrivals, so that
 * their waits are measured once, at the offsets they help find, without reading and joining their
 * records again ({@link WaitAnalysis}). Beyond the bound nothing more is kept and the instances are
 * not {@link #complete()}: a later join joins them all again, as without it, and only those kept
 * are measured from here (flat memory whatever the trace).
 */
final class KeptCollectives {
    /** Most arrivals kept: 2^19, about 8 MB of enter and leave times (the 98 M-event stencil has 333,312). */
    static final long ARRIVALS = 1L << 19;
    private final long most;
    private final List<CollectiveInstance> instances = new ArrayList<>();
    private long arrivals;
    private boolean overflowed;

    KeptCollectives(long most) {
        this.most = most;
    }

    /**
     * Keeps {@code c} (made for this hand-over and not changed after it) while the bound allows:
     * true when kept, false beyond the bound (from then on nothing is kept; what was kept stays).
     */
    synchronized boolean add(CollectiveInstance c) {
        if (overflowed || arrivals + c.size() > most) {
            overflowed = true;
            return false;
        }
        arrivals += c.size();
        instances.add(c);
        return true;
    }

    /** Whether every instance handed on is kept. */
    synchronized boolean complete() {
        return !overflowed;
    }

    /** Hands every kept instance to {@code listener}, in the order they were kept. */
    synchronized void replay(MatchListener listener) {
        for (CollectiveInstance c : instances) {
            listener.collective(c);
        }
    }
}
